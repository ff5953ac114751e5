// Loopback ports free at the moment of asking, for a listener that cannot take port 0 and say which
// it got (nginx), or a process a test starts.
import { createServer, type AddressInfo, type Server } from 'node:net';

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * `count` distinct ports: each is held until all are found, as the system may hand a port just let
 * go to the next asker.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(Array.from({ length: count }, () => probe()));
  const ports = probes.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(probes.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}

async function probe(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return server;
}
