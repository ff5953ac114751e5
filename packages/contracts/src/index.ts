export * from './common.js';
export * from './events.js';
export * as auth from './auth.js';
export * from './payload-token.js';
