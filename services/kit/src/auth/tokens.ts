// Access tokens: RS256 JWTs with a key id, checked for issuer, audience, issue time, expiry and revocation.
// The algorithm is pinned, so `none` and HS256 tokens (the classic key-confusion attack) are refused.
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { keepAtMost } from '../bounded-map.js';
import { forbidden, HttpError, unauthorized } from '../http/errors.js';

export interface Principal {
  id: string;
  isAdmin: boolean;
  tokenId: string;
  expiresAt: Date;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, when the request carried a valid token. */
    principal?: Principal;
    /** Why the token that came with the request was refused, if it was. */
    tokenError?: HttpError;
  }
}

/** Finds the public key for a key id, or undefined when there is none. */
export type KeySource = (keyId: string) => Promise<KeyObject | undefined>;

/** What revocation is keyed by: the token's id, and its user with the second it was issued (`iat`). */
export interface IssuedToken {
  tokenId: string;
  userId: string;
  issuedAt: number;
}

export interface TokenVerifierOptions {
  keys: KeySource;
  issuer: string;
  audience: string;
  isRevoked: (token: IssuedToken) => Promise<boolean>;
}

export type VerifyToken = (token: string) => Promise<Principal>;

export const tokenAlgorithm = 'RS256';

const invalidToken = () => unauthorized('Нэвтрэлт хүчингүй байна. Дахин нэвтэрнэ үү.', 'token_invalid');
const tokenExpired = () => unauthorized('Нэвтрэлтийн хугацаа дууссан. Дахин нэвтэрнэ үү.', 'token_expired');
const tokenNotYetValid = () => unauthorized('Нэвтрэлт хүчингүй байна. Дахин нэвтэрнэ үү.', 'token_not_yet_valid');

/**
 * How far ahead of this service's clock a token's issue time may lie: auth's clock and this one may
 * differ a little. A token issued further ahead comes from a clock far out of step or a forged
 * signer, and revoking a user's tokens issued before a moment would never reach it.
 */
const issuedAheadToleranceSeconds = 60;

/** How many verified tokens a service remembers; beyond it the oldest are forgotten (and verified again if they come back). */
const rememberedTokens = 10_000;

interface VerifiedToken {
  keyId: string;
  key: KeyObject;
  claims: jwt.JwtPayload & { sub: string; jti: string; exp: number; iat: number };
}

export function createTokenVerifier({ keys, issuer, audience, isRevoked }: TokenVerifierOptions): VerifyToken {
  // A signature checked once stays checked: each request of a signed-in user would otherwise pay the
  // RSA verification and the JWT parsing again (measured with --cpu-prof under bench/catalog). Expiry,
  // the key still being served and revocation are checked on every request.
  const verified = new Map<string, VerifiedToken>();

  const verifySignature = async (token: string): Promise<VerifiedToken> => {
    const decoded = jwt.decode(token, { complete: true });
    const keyId = decoded?.header.kid;
    if (!decoded || decoded.header.alg !== tokenAlgorithm || !keyId) throw invalidToken();
    const key = await keys(keyId);
    if (!key) throw invalidToken();
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, key, { algorithms: [tokenAlgorithm], issuer, audience }) as jwt.JwtPayload;
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError) throw tokenExpired();
      throw invalidToken();
    }
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') {
      throw invalidToken();
    }
    // Refused before it is remembered, so a token refused now is judged again when it comes back.
    if (claims.iat > Date.now() / 1000 + issuedAheadToleranceSeconds) throw tokenNotYetValid();
    const entry = { keyId, key, claims: claims as VerifiedToken['claims'] };
    keepAtMost(verified, rememberedTokens, token, entry);
    return entry;
  };

  return async (token) => {
    let entry = verified.get(token);
    if (entry && (await keys(entry.keyId)) !== entry.key) {
      verified.delete(token);
      entry = undefined;
    }
    entry ??= await verifySignature(token);
    const { claims } = entry;
    if (claims.exp * 1000 <= Date.now()) {
      verified.delete(token);
      throw tokenExpired();
    }
    if (await isRevoked({ tokenId: claims.jti, userId: claims.sub, issuedAt: claims.iat })) {
      throw unauthorized('Та системээс гарсан байна. Дахин нэвтэрнэ үү.', 'token_revoked');
    }
    return { id: claims.sub, isAdmin: claims.adm === true, tokenId: claims.jti, expiresAt: new Date(claims.exp * 1000) };
  };
}

/**
 * Reads the bearer token, if any, into `req.principal`. A missing token (clients send `Bearer null`
 * for guests) leaves the request anonymous; a bad one is kept in `req.tokenError` for the guards,
 * so public routes still answer a visitor whose token has expired.
 */
export function authenticate(verify: VerifyToken): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return next();
    try {
      req.principal = await verify(token);
    } catch (error) {
      if (!(error instanceof HttpError)) return next(error);
      req.tokenError = error;
    }
    next();
  };
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  const token = match?.[1];
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/** Only a signed-in user may pass. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.principal) return next(req.tokenError ?? unauthorized());
  next();
};

/** Only an administrator may pass. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.principal) return next(req.tokenError ?? unauthorized());
  if (!req.principal.isAdmin) return next(forbidden());
  next();
};

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: string;
  use: 'sig';
}

/** Keys served by the auth service's JWKS endpoint, fetched again when an unknown key id appears. */
export function remoteKeys(jwksUrl: string, { minRefreshMs = 10_000 } = {}): KeySource {
  let cache = new Map<string, KeyObject>();
  let fetchedAt = 0;
  let pending: Promise<void> | undefined;

  const refresh = async () => {
    const response = await fetch(jwksUrl, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const { keys } = (await response.json()) as { keys: PublicJwk[] };
    cache = new Map(keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]));
    fetchedAt = Date.now();
  };

  return async (keyId) => {
    if (!cache.has(keyId) && Date.now() - fetchedAt >= minRefreshMs) {
      pending ??= refresh().finally(() => (pending = undefined));
      await pending.catch(() => undefined);
    }
    return cache.get(keyId);
  };
}
