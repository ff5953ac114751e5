// The user's grants as the catalog reports them (access.ts), applied straight to auth's database.
import { applyAccess } from '../src/access.js';
import { startTestPlatform, type TestPlatform } from '@learning/testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.close());

const access = (version: number, monsterplans: string[] = []) => ({ lessons: ['v1', 'v2'], pendingLessons: ['l1'], monsterplans, pendingMonsterplans: [], version });

it('replaces the grants with a newer access and ignores an older or equal one', async () => {
  const learner = await platform.learner();
  const db = platform.services.auth.context.db;
  await db.transaction().execute((trx) => applyAccess(trx, learner.id, access(2, ['p-new'])));
  await db.transaction().execute((trx) => applyAccess(trx, learner.id, access(1, ['p-old'])));
  await db.transaction().execute((trx) => applyAccess(trx, learner.id, access(2, ['p-same'])));
  const me = (await platform.call('GET', '/v1/auth/me', { token: learner.token })).body;
  expect(me).toMatchObject({ lessons: ['v1', 'v2'], pendingLessons: ['l1'], monsterplans: ['p-new'], pendingMonsterplans: [] });
});

it('skips a user it has no account for (or a malformed id) instead of failing the event', async () => {
  const db = platform.services.auth.context.db;
  await db.transaction().execute((trx) => applyAccess(trx, '00000000-0000-4000-8000-000000000000', access(1)));
  await db.transaction().execute((trx) => applyAccess(trx, 'not-a-uuid', access(1)));
  const grants = await db.selectFrom('grant').select('user_id').where('user_id', '=', '00000000-0000-4000-8000-000000000000').execute();
  expect(grants).toEqual([]);
});
