// The read models services keep alike, on tables each names: learners' emails from `user.registered`
// (forgotten at `user.deleted`), and the newest access version winning however the catalog's events arrive.
import type { Kysely } from 'kysely';
import { claimNewerVersion, forgetLearnerEmail, keepLearnerEmail } from '../src/events/index.js';
import { parseEvent } from '../src/events/subscriptions.js';
import { envelope, openTestDatabase } from './bus-fixtures.js';

const registered = (data: { userId: string; email: string; name: string }) => parseEvent(envelope('user.registered', data), ['user.registered']);

interface Tables {
  learner: { user_id: string; email: string };
  access_version: { user_id: string; version: number };
}

const migrations = {
  '0001_read_models': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('learner').addColumn('user_id', 'text', (c) => c.primaryKey()).addColumn('email', 'text', (c) => c.notNull()).execute();
      await db.schema.createTable('access_version').addColumn('user_id', 'text', (c) => c.primaryKey()).addColumn('version', 'integer', (c) => c.notNull()).execute();
    },
  },
};

let database: Awaited<ReturnType<typeof openTestDatabase<Tables>>>;
beforeAll(async () => {
  database = await openTestDatabase<Tables>(migrations);
});
afterAll(() => database?.close());

it('keeps the email a user registered with, and the newest one when it comes again', async () => {
  const { db } = database;
  await keepLearnerEmail(db, 'learner', registered({ userId: 'u1', email: 'old@test.mn', name: 'Бат' }));
  await keepLearnerEmail(db, 'learner', registered({ userId: 'u1', email: 'new@test.mn', name: 'Бат' }));
  expect(await db.selectFrom('learner').selectAll().execute()).toEqual([{ user_id: 'u1', email: 'new@test.mn' }]);
});

it("forgets a deleted user's email and no one else's", async () => {
  const { db } = database;
  await keepLearnerEmail(db, 'learner', registered({ userId: 'gone', email: 'gone@test.mn', name: 'Бат' }));
  await keepLearnerEmail(db, 'learner', registered({ userId: 'stays', email: 'stays@test.mn', name: 'Дорж' }));
  await forgetLearnerEmail(db, 'learner', 'gone');
  expect(await db.selectFrom('learner').select('user_id').where('user_id', 'in', ['gone', 'stays']).execute()).toEqual([{ user_id: 'stays' }]);
});

it('claims a newer access version only: a repeated or older one is stale', async () => {
  const { db } = database;
  expect(await claimNewerVersion(db, 'access_version', 'u2', 2)).toBe(true);
  expect(await claimNewerVersion(db, 'access_version', 'u2', 2)).toBe(false);
  expect(await claimNewerVersion(db, 'access_version', 'u2', 1)).toBe(false);
  expect(await claimNewerVersion(db, 'access_version', 'u2', 5)).toBe(true);
  expect(await db.selectFrom('access_version').select('version').where('user_id', '=', 'u2').executeTakeFirst()).toEqual({ version: 5 });
});

it('lets one of two simultaneous claims of the same version win', async () => {
  const { db } = database;
  const claims = await Promise.all([1, 2].map(() => db.transaction().execute((trx) => claimNewerVersion(trx, 'access_version', 'u3', 7))));
  expect(claims.sort()).toEqual([false, true]);
});
