// Ports for tests: one free for a process to listen on, or one nothing listens on (a service that is down).
import { freePort } from '@learning/kit/http';

export { freePort };

/** The URL of a port nothing listens on: a service that is down. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
