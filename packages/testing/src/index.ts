// The platform test fixture every service test, gateway test, browser journey and benchmark imports
// by name: the whole platform on ephemeral ports, users and roles, and bounded waits.
export * from './platform.js';
export * from './roles.js';
export { eventually } from './eventually.js';
export { closedPortUrl, freePort } from './ports.js';
