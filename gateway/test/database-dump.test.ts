// The embedded database's dump that `npm run backup` asks the all-in-one platform for: served only
// where the gateway runs beside that database, and only to the operator (this machine, unrelayed, or
// a caller presenting INTERNAL_TOKEN).
import type { RunningGateway } from '../src/server.js';
import { serviceUrls, startStandIns, startTestGateway } from './fixture.js';

const dumpBytes = Buffer.from('a gzipped tar of the database folder');
const databaseDump = async () => new Blob([dumpBytes]);

let standIns: Awaited<ReturnType<typeof startStandIns>>;
const running: RunningGateway[] = [];
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(async () => {
  await Promise.all(running.map((gateway) => gateway.close()));
  await standIns?.close();
});

async function gatewayWith(options: { internalToken?: string; withDump?: boolean }) {
  const gateway = await startTestGateway({ ...serviceUrls(standIns), INTERNAL_TOKEN: options.internalToken }, options.withDump === false ? {} : { databaseDump });
  running.push(gateway);
  return gateway;
}

const dumpOf = (gateway: RunningGateway, headers: Record<string, string> = {}) => fetch(`${gateway.url}/internal/database-dump`, { headers });

it('answers the dump to a caller on this machine when no INTERNAL_TOKEN is set', async () => {
  const answer = await dumpOf(await gatewayWith({}));
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/gzip');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(Buffer.from(await answer.arrayBuffer()).equals(dumpBytes)).toBe(true);
});

it('refuses a caller a proxy relays, who could be anyone', async () => {
  const answer = await dumpOf(await gatewayWith({}), { 'x-forwarded-for': '203.0.113.9' });
  expect(answer.status).toBe(403);
  expect(await answer.json()).toMatchObject({ code: 'internal_local_only', message: expect.stringContaining('серверээс') });
});

it('with INTERNAL_TOKEN, answers only a caller presenting it', async () => {
  const gateway = await gatewayWith({ internalToken: 'the-internal-token-of-the-test' });
  for (const headers of [{}, { authorization: 'Bearer not-the-token' }] as Array<Record<string, string>>) {
    const refused = await dumpOf(gateway, headers);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'internal_token_required' });
  }
  expect((await dumpOf(gateway, { authorization: 'Bearer the-internal-token-of-the-test' })).status).toBe(200);
});

it('is not there where the gateway has no embedded database beside it', async () => {
  const answer = await dumpOf(await gatewayWith({ withDump: false }));
  expect(answer.status).toBe(404);
  expect(await answer.json()).toMatchObject({ code: 'not_found' });
});
