// Tokens revoked before they expire (sign-out). The auth service writes them; every other service
// learns them from `session.revoked` events into its own table, so no service calls auth per request.
import { sql } from 'kysely';
import { kitTables, type AnyDb } from './db.js';
import type { EventEnvelope } from './bus.js';
import { batchedLookup } from './lookups.js';

export async function revokeToken(db: AnyDb, tokenId: string, expiresAt: Date): Promise<void> {
  const kit = kitTables(db);
  await kit.deleteFrom('revoked_token').where('expires_at', '<', sql<Date>`now()`).execute();
  await kit.insertInto('revoked_token').values({ token_id: tokenId, expires_at: expiresAt }).onConflict((c) => c.doNothing()).execute();
}

/** Whether a token was revoked, for every request a service answers: the tokens asked about at once share one query. */
export function revocationCheck(db: AnyDb): (tokenId: string) => Promise<boolean> {
  const revoked = batchedLookup<string, true>(async (tokenIds) => {
    const rows = await kitTables(db).selectFrom('revoked_token').select('token_id').where('token_id', 'in', tokenIds).execute();
    return new Map(rows.map((row) => [row.token_id, true as const]));
  });
  return async (tokenId) => (await revoked(tokenId)) === true;
}

export function applySessionRevoked(db: AnyDb) {
  return async (event: EventEnvelope) => {
    const { tokenId, expiresAt } = event.data as { tokenId: string; expiresAt: string };
    await revokeToken(db, tokenId, new Date(expiresAt));
  };
}
