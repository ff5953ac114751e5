// What the bus and outbox tests share: the mode's database (PGlite in memory, or a fresh schema on
// DATABASE_URL) and broker (in-process, or RabbitMQ on AMQP_URL), unique names, a TCP forwarder
// that plays a broker outage, and a bounded wait.
import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import amqp, { type Channel } from 'amqplib';
import type { Migration } from 'kysely/migration';
import { dropSchema } from '../src/data/db.js';
import { openDatabase, type AnyDb, type Db } from '../src/data/index.js';
import type { EventHandler } from '../src/events/bus.js';
import type { EventEnvelope } from '../src/events/index.js';
import { createLogger } from '../src/observability/index.js';

export const amqpUrl = process.env.AMQP_URL || undefined;
export const databaseUrl = process.env.DATABASE_URL || undefined;
export const logger = createLogger('kit-test', process.env.LOG_LEVEL ?? 'silent');

/** A name no other test run uses: letters, digits and underscores (fit for a schema, too). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

export function envelope(type: string, data: unknown = {}): EventEnvelope {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), producer: 'kit-test', data };
}

/** A handler that keeps what it receives. */
export function collector() {
  const received: EventEnvelope[] = [];
  const handler: EventHandler = async (event) => {
    received.push(event);
  };
  return { received, handler, ids: () => received.map((event) => event.id) };
}

export async function openTestDatabase<Tables>(migrations: Record<string, Migration>) {
  const schema = uniqueName('kit_test');
  const db = await openDatabase<Tables>({ service: 'kit_test', databaseUrl, dataDir: null, schema, migrations });
  return {
    db: db as Db<Tables>,
    async close() {
      if (databaseUrl) await dropSchema(db as AnyDb, schema);
      await db.destroy();
    },
  };
}

/** A plain amqplib channel, to look into queues and to remove what a test declared. */
export async function connectRabbitAdmin(url: string) {
  const connection = await amqp.connect(url);
  connection.on('error', () => undefined);
  const channel: Channel = await connection.createChannel();
  channel.on('error', () => undefined);
  return {
    channel,
    /** Every message waiting in a queue, taken off it. */
    async takeAll(queue: string) {
      const messages = [];
      for (let message = await channel.get(queue, { noAck: true }); message; message = await channel.get(queue, { noAck: true })) {
        messages.push(message);
      }
      return messages;
    },
    async deleteTopology(exchange: string, subscribers: readonly string[]) {
      for (const subscriber of subscribers) {
        await channel.deleteQueue(`${subscriber}.events`);
        await channel.deleteQueue(`${subscriber}.dead-letter`);
      }
      await channel.deleteExchange(exchange);
      await channel.deleteExchange(`${exchange}.dead-letter`);
    },
    close: () => connection.close(),
  };
}

/**
 * A TCP forwarder on loopback in front of the broker. stop() closes it and destroys the open
 * connections, as a network outage would; start() listens again on the same port.
 */
export async function startForwarder(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5672), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    start: listen,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
