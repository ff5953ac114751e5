// The catalog's /internal/accesses, which the exam asks every few seconds so that a revoked access
// holds while the broker is away: what it answers since a cursor, who may ask, and that the gateway
// never routes it.
import type { catalog } from '@learning/contracts';
import { expectStatus } from '@learning/testing';
import { expectNotRoutedByGateway, expectRelayedCallerRefused } from '@learning/testing/authorization';
import { startCatalogFixture, type CatalogFixture } from '@learning/testing/catalog';

let fixture: CatalogFixture;
beforeAll(async () => {
  fixture = await startCatalogFixture();
});
afterAll(() => fixture?.close());

const accessesUrl = (after?: string) => `${fixture.platform.services.catalog.url}/internal/accesses${after ? `?after=${encodeURIComponent(after)}` : ''}`;

async function accesses(after?: string): Promise<catalog.AccessesAnswer> {
  const answer = await fetch(accessesUrl(after));
  expect(answer.status).toBe(200);
  return (await answer.json()) as catalog.AccessesAnswer;
}

const accessOf = (answer: catalog.AccessesAnswer, userId: string) => answer.accesses.find((learner) => learner.userId === userId)?.access;

it('answers the whole access of an approved learner with its version, and a cursor that moves past it', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForMonsterplan(plan._id);

  const all = await accesses();
  expect(accessOf(all, learner.id)).toEqual({ lessons: [], pendingLessons: [], monsterplans: [plan._id], pendingMonsterplans: [], version: 2 });
  expect(all.cursor).not.toBeNull();

  // Asked again from the cursor with nothing new, the cursor stays where it was.
  expect((await accesses(all.cursor!)).cursor).toBe(all.cursor);
});

it('answers an access revoked after the cursor was given, with a newer version', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForMonsterplan(plan._id);
  const { cursor } = await accesses();
  const approved = accessOf(await accesses(cursor!), learner.id)!;

  expectStatus(await fixture.call('DELETE', `/v1/monsterplans/${plan._id}/learners/${learner.id}`, { token: fixture.admin }), 204, 'the revocation');
  const since = await accesses(cursor!);
  expect(accessOf(since, learner.id)).toMatchObject({ monsterplans: [], version: approved.version + 1 });
  expect(new Date(since.cursor!).getTime()).toBeGreaterThan(new Date(cursor!).getTime());
});

it('leaves out the learners whose access changed before the cursor, less its overlap', async () => {
  const plan = await fixture.createMonsterplan();
  const learner = await fixture.approvedForMonsterplan(plan._id);
  const long = new Date(Date.now() + 5 * 60_000).toISOString();
  expect(accessOf(await accesses(long), learner.id)).toBeUndefined();
});

it('refuses a cursor that is no time', async () => {
  const answer = await fetch(accessesUrl('yesterday'));
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 'cursor_invalid', message: expect.stringContaining('cursor') });
});

it('answers only a caller on this machine that no proxy relays, when no internal token is set', async () => {
  await expectRelayedCallerRefused(accessesUrl());
});

it('is not reached through the gateway, which routes only /v1', async () => {
  await expectNotRoutedByGateway(fixture.platform.url, '/internal/accesses', 'accesses');
});
