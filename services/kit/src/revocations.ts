// Tokens revoked before they expire (sign-out). The auth service writes them; every other service
// learns them from `session.revoked` events into its own table, so no service calls auth per request.
import { sql } from 'kysely';
import { kitTables, type AnyDb } from './db.js';
import type { EventEnvelope } from './bus.js';

export async function revokeToken(db: AnyDb, tokenId: string, expiresAt: Date): Promise<void> {
  const kit = kitTables(db);
  await kit.deleteFrom('revoked_token').where('expires_at', '<', sql<Date>`now()`).execute();
  await kit.insertInto('revoked_token').values({ token_id: tokenId, expires_at: expiresAt }).onConflict((c) => c.doNothing()).execute();
}

export async function isTokenRevoked(db: AnyDb, tokenId: string): Promise<boolean> {
  const row = await kitTables(db).selectFrom('revoked_token').select('token_id').where('token_id', '=', tokenId).executeTakeFirst();
  return row !== undefined;
}

export function applySessionRevoked(db: AnyDb) {
  return async (event: EventEnvelope) => {
    const { tokenId, expiresAt } = event.data as { tokenId: string; expiresAt: string };
    await revokeToken(db, tokenId, new Date(expiresAt));
  };
}
