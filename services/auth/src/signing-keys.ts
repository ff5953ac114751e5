// The RSA key that signs access tokens. It is a secret the operator gives (TOKEN_SIGNING_KEY; the
// launchers make one under DATA_DIR), never a row of the database: a dump of the database then
// carries nothing from which a token could be signed. Its public half is published as a JWKS so
// the other services verify tokens without a shared secret.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { tokenAlgorithm, type KeySource, type PublicJwk } from '@learning/kit/auth';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

/** Why a TOKEN_SIGNING_KEY cannot sign, in the words the configuration error shows. */
export class UnusableSigningKey extends Error {
  override name = 'UnusableSigningKey';
}

/**
 * The key from its PEM (PKCS#8 or PKCS#1). Its line breaks may be written as `\n`, so the value fits
 * on one line of an environment file. The key id is the key's JWK thumbprint (RFC 7638): every auth
 * instance given the same key names it alike.
 */
export function signingKeyFrom(pem: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem.replaceAll('\\n', '\n'));
  } catch {
    throw new UnusableSigningKey('not a private key in PEM (make one with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`)');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new UnusableSigningKey(`an RSA key is needed for ${tokenAlgorithm}, not ${privateKey.asymmetricKeyType}`);
  if ((privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new UnusableSigningKey('an RSA key of at least 2048 bits is needed');
  const { n, e } = createPublicKey(privateKey).export({ format: 'jwk' });
  const keyId = createHash('sha256').update(JSON.stringify({ e, kty: 'RSA', n })).digest('base64url');
  return { keyId, privateKey, publicJwk: { kty: 'RSA', n, e, kid: keyId, alg: tokenAlgorithm, use: 'sig' } };
}

/** The auth service verifies with its own key, without asking its JWKS. */
export function localKeys({ keyId, publicJwk }: SigningKey): KeySource {
  const publicKey = createPublicKey({ key: publicJwk, format: 'jwk' });
  return async (asked) => (asked === keyId ? publicKey : undefined);
}
