// The catalog's kept lists (list-cache.ts) as Express routes: conditional GETs at the service, HEAD,
// and paths in any case or with a trailing slash.
import { expectStatus } from '@learning/testing';
import { type CatalogFixture, startCatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
let catalogUrl: string;
beforeAll(async () => {
  fixture = await startCatalogFixture();
  catalogUrl = fixture.platform.services.catalog.url;
});
afterAll(() => fixture?.close());

it('a public list carries an ETag; a client that has it gets 304 until the list changes', async () => {
  const first = await fetch(`${catalogUrl}/v1/monsterplans`);
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag')!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const plans = (await first.json()) as unknown[];

  const unchanged = await fetch(`${catalogUrl}/v1/monsterplans`, { headers: { 'if-none-match': etag } });
  expect(unchanged.status).toBe(304);
  expect(await unchanged.text()).toBe('');

  await fixture.createMonsterplan();
  const changed = await fetch(`${catalogUrl}/v1/monsterplans`, { headers: { 'if-none-match': etag } });
  expect(changed.status).toBe(200);
  expect(changed.headers.get('etag')).not.toBe(etag);
  expect(((await changed.json()) as unknown[]).length).toBe(plans.length + 1);
});

it('HEAD answers the headers of a list without its body', async () => {
  await fixture.createLesson();
  const whole = await fetch(`${catalogUrl}/v1/lessons`);
  const head = await fetch(`${catalogUrl}/v1/lessons`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe(whole.headers.get('content-length'));
  expect(head.headers.get('etag')).toBe(whole.headers.get('etag'));
  expect(await head.text()).toBe('');
});

it('the paths are matched as Express matched them: with a trailing slash, and at the service in any case', async () => {
  const plans = expectStatus(await fixture.call('GET', '/v1/monsterplans'), 200, 'the plan list');
  expect(expectStatus(await fixture.call('GET', '/v1/monsterplans/'), 200, 'with a slash')).toEqual(plans);
  // The gateway's routing table is exact about case; the service, as Express was, is not.
  const capitals = await fetch(`${catalogUrl}/V1/MonsterPlans`);
  expect(capitals.status).toBe(200);
  expect(await capitals.json()).toEqual(plans);
  const count = expectStatus(await fixture.call('GET', '/v1/lesson-requests/total-new-requests/', { token: fixture.admin }), 200, 'the count');
  expect(count).toEqual({ count: expect.any(Number) });
});

it('a public list answers a visitor whose token is bad; an administrator\'s page tells why it refuses', async () => {
  expect((await fixture.call('GET', '/v1/lessons', { token: 'not-a-token' })).status).toBe(200);
  const refused = await fixture.call('GET', '/v1/monsterplan-requests', { token: 'not-a-token' });
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'token_invalid', message: expect.stringMatching(/[\u0400-\u04FF]/) });
});

it('a page asked for twice over, or past its bounds, is a 400 with a Mongolian message', async () => {
  for (const query of ['perPage=10&perPage=20', 'perPage=0', 'currentPage=abc']) {
    const answer = await fixture.call('GET', `/v1/lesson-requests?${query}`, { token: fixture.admin });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/[\u0400-\u04FF]/) });
  }
});
