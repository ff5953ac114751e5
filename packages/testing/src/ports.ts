// Ports for tests: one free for a process to listen on, or one nothing listens on (a service that is down).
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port free at the moment of asking, for a process the test starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The URL of a port nothing listens on: a service that is down. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
