// The rate limits counted in Redis (REDIS_URL): two gateways allow a client the limit once between
// them, as two gateways behind nginx must; each in its own memory would allow it once each. Redis
// going away mid-run lets calls through rather than holding them, and its return shares the limits
// again; a gateway given a Redis it cannot reach does not start. Needs a Redis (CI runs one):
// without REDIS_URL the file is skipped.
import { randomInt } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { RunningGateway } from '../src/server.js';
import { closedPortUrl, serviceUrls, startStandIns, startTestGateway } from './fixture.js';

const redisUrl = process.env.REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

/** A client address of its own for each test, so counts left in Redis by an earlier run never meet it. */
const someClient = () => ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

async function checkEmail(gateway: RunningGateway, client: Record<string, string>): Promise<number> {
  const response = await fetch(`${gateway.url}/v1/auth/check-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client },
    body: JSON.stringify({ email: 'nobody@test.mn' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Calls each gateway in turn, `calls` times in all; answers their statuses in order. */
async function alternate(gateways: RunningGateway[], client: Record<string, string>, calls: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let call = 0; call < calls; call++) statuses.push(await checkEmail(gateways[call % gateways.length]!, client));
  return statuses;
}

/** A TCP relay to Redis that the test can cut and mend, as a network between them would. */
async function relayTo(url: string): Promise<{ url: string; cut(): void; mend(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((socket) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        sockets.add(socket).add(upstream);
        socket.pipe(upstream).pipe(socket);
        const end = () => {
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  await open();
  const cut = () => {
    server.close();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut,
    mend: open,
    close: async () => cut(),
  };
}

describeWithRedis('the rate limits shared through Redis', () => {
  let standIns: Awaited<ReturnType<typeof startStandIns>>;
  const gateways: RunningGateway[] = [];
  const start = async (config: { REDIS_URL?: string } = {}) => {
    const gateway = await startTestGateway({ ...serviceUrls(standIns), RATE_LIMIT_AUTH: 3, TRUST_PROXY: 'loopback', ...config });
    gateways.push(gateway);
    return gateway;
  };

  beforeAll(async () => {
    standIns = await startStandIns();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await standIns.close();
  });

  it('allows a client the limit once across two gateways', async () => {
    const both = [await start({ REDIS_URL: redisUrl }), await start({ REDIS_URL: redisUrl })];
    expect(await alternate(both, someClient(), 6)).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('allows it once per gateway when each counts in its own memory', async () => {
    const both = [await start(), await start()];
    expect(await alternate(both, someClient(), 8)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('lets calls through while Redis cannot be reached, and shares the limits again once it is back', async () => {
    const relay = await relayTo(redisUrl!);
    try {
      const gateway = await start({ REDIS_URL: relay.url });
      const client = someClient();
      expect(await alternate([gateway], client, 2)).toEqual([200, 200]);
      relay.cut();
      // Nothing counts meanwhile, and nothing waits for Redis.
      expect(await alternate([gateway], client, 4)).toEqual([200, 200, 200, 200]);
      await relay.mend();
      const statuses: number[] = [];
      for (let call = 0; call < 60 && statuses.at(-1) !== 429; call++) {
        statuses.push(await checkEmail(gateway, client));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Back: the third counted call in the window is the last let through.
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await relay.close();
    }
  });

  it('does not start with a Redis it cannot reach', async () => {
    await expect(start({ REDIS_URL: (await closedPortUrl()).replace('http://', 'redis://') })).rejects.toThrow(/REDIS_URL/);
  });
});
