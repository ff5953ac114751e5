// The catalog's read model of learners: who a user id is (their email), kept from auth's
// `user.registered`, so the administrator's request lists show emails without calling auth.
import type { EventData } from '@learning/contracts';
import type { EventEnvelope } from '@learning/kit';
import type { CatalogDb } from './tables.js';

export async function applyUserRegistered(trx: CatalogDb, event: EventEnvelope): Promise<void> {
  const { userId, email } = event.data as EventData<'user.registered'>;
  await trx
    .insertInto('learner')
    .values({ user_id: userId, email })
    .onConflict((c) => c.column('user_id').doUpdateSet({ email }))
    .execute();
}
