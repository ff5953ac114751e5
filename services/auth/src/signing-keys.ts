// The RSA key that signs access tokens: made on first start, kept in the database so tokens outlive
// a restart, and published as a JWKS so other services verify tokens without a shared secret.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { KeySource, PublicJwk } from '@learning/kit/auth';
import type { Db } from '@learning/kit/data';
import { tokenAlgorithm } from '@learning/kit/auth';
import type { AuthTables } from './tables.js';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
}

export async function ensureSigningKey(db: Db<AuthTables>): Promise<SigningKey> {
  const existing = await newestKey(db);
  if (existing) return existing;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomUUID();
  const jwk: PublicJwk = { ...publicKey.export({ format: 'jwk' }), kid: keyId, alg: tokenAlgorithm, use: 'sig' };
  await db
    .insertInto('signing_key')
    .values({
      key_id: keyId,
      private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      public_jwk: JSON.stringify(jwk),
    })
    .onConflict((c) => c.doNothing())
    .execute();
  // Another instance may have made its key at the same moment: the newest one wins for everyone.
  return (await newestKey(db))!;
}

async function newestKey(db: Db<AuthTables>): Promise<SigningKey | undefined> {
  const row = await db
    .selectFrom('signing_key')
    .select(['key_id', 'private_key'])
    .orderBy('created_at', 'desc')
    .orderBy('key_id')
    .executeTakeFirst();
  return row && { keyId: row.key_id, privateKey: createPrivateKey(row.private_key) };
}

export async function publicKeys(db: Db<AuthTables>): Promise<PublicJwk[]> {
  const rows = await db.selectFrom('signing_key').select('public_jwk').orderBy('created_at', 'desc').execute();
  return rows.map((row) => row.public_jwk as unknown as PublicJwk);
}

/** The auth service verifies with its own keys, read from its database. */
export function localKeys(db: Db<AuthTables>): KeySource {
  const cache = new Map<string, KeyObject>();
  return async (keyId) => {
    if (!cache.has(keyId)) {
      const jwk = (await publicKeys(db)).find((key) => key.kid === keyId);
      if (!jwk) return undefined;
      cache.set(keyId, createPublicKey({ key: jwk, format: 'jwk' }));
    }
    return cache.get(keyId);
  };
}
