// After a restore every session signs in again: the backup knows nothing of the sign-outs and
// revocations that came after it, so every token issued before the restore is refused, in every
// service's schema (each checks tokens on its own), until such tokens have expired anyway.
import { Kysely } from 'kysely';
import { everyone, revokeUserTokens, tokensGoodFrom } from '@learning/kit/auth';

/** The services that keep a schema of their own in the platform's database. */
export const servicesWithSchemas = ['auth', 'catalog', 'media', 'exam'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function endEverySession(db: Kysely<any>, tokenTtlSeconds: number, now = Date.now()): Promise<void> {
  const notBefore = tokensGoodFrom(now);
  const expiresAt = new Date(notBefore.getTime() + tokenTtlSeconds * 1000);
  for (const schema of servicesWithSchemas) await revokeUserTokens(db.withSchema(schema), everyone, notBefore, expiresAt);
}
