import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { jest } from '@jest/globals';
import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { requireAdmin, requireUser, type KeySource } from '../src/auth/index.js';
import { authenticate, createTokenVerifier, type IssuedToken } from '../src/auth/tokens.js';

const issuer = 'learning-platform';
const audience = 'learning-platform';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyId = 'key-1';
const keys: KeySource = async (kid) => (kid === keyId ? publicKey : undefined);
const revoked = new Set<string>();
const verify = createTokenVerifier({ keys, issuer, audience, isRevoked: async ({ tokenId }) => revoked.has(tokenId) });

function sign(claims: object = {}, options: jwt.SignOptions = {}, key: KeyObject | string = privateKey) {
  const exp = Math.floor(Date.now() / 1000) + 60;
  return jwt.sign({ adm: false, exp, ...claims }, key, {
    algorithm: 'RS256',
    keyid: keyId,
    issuer,
    audience,
    subject: 'user-1',
    jwtid: randomUUID(),
    ...options,
  });
}

describe('access tokens', () => {
  it('a valid token names the user, the admin flag and the token id', async () => {
    const principal = await verify(sign({ adm: true }));
    expect(principal).toMatchObject({ id: 'user-1', isAdmin: true });
    expect(principal.tokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(principal.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('an expired token is refused as expired', async () => {
    const token = sign({ exp: Math.floor(Date.now() / 1000) - 10 });
    await expect(verify(token)).rejects.toMatchObject({ status: 401, code: 'token_expired' });
  });

  it('a tampered token is refused', async () => {
    const [header, payload, signature] = sign().split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), adm: true })).toString('base64url');
    await expect(verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ status: 401, code: 'token_invalid' });
  });

  it('an unsigned token (alg none) is refused', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: keyId })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'user-1', adm: true, jti: 'x', iss: issuer, aud: audience, exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    await expect(verify(`${header}.${payload}.`)).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('an HS256 token signed with the public key as the secret is refused', async () => {
    const secret = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const token = jwt.sign({ adm: true }, secret, { algorithm: 'HS256', keyid: keyId, issuer, audience, subject: 'user-1', jwtid: 'x', expiresIn: 60 });
    await expect(verify(token)).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('a token signed by another key, issuer or audience is refused', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await expect(verify(sign({}, {}, other))).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(verify(sign({}, { keyid: 'unknown' }))).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(verify(sign({}, { issuer: 'someone-else' }))).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(verify(sign({}, { audience: 'another-app' }))).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('a token without its issue time is refused: revocation by user is keyed by it', async () => {
    await expect(verify(sign({}, { noTimestamp: true }))).rejects.toMatchObject({ status: 401, code: 'token_invalid' });
  });

  it('a token issued more than a minute ahead of the clock is refused as not yet valid; one issued slightly ahead is accepted', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verify(sign({ iat: now + 120, exp: now + 600 }))).rejects.toMatchObject({
      status: 401,
      code: 'token_not_yet_valid',
      message: 'Нэвтрэлт хүчингүй байна. Дахин нэвтэрнэ үү.',
    });
    await expect(verify(sign({ iat: now + 30, exp: now + 600 }))).resolves.toMatchObject({ id: 'user-1' });
  });

  it('a revoked token is refused', async () => {
    const token = sign();
    const { tokenId } = await verify(token);
    revoked.add(tokenId);
    await expect(verify(token)).rejects.toMatchObject({ status: 401, code: 'token_revoked' });
  });
});

describe('a token verified before', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is refused as expired once its time is over', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = sign({ exp });
    await verify(token);
    jest.spyOn(Date, 'now').mockReturnValue(exp * 1000);
    await expect(verify(token)).rejects.toMatchObject({ status: 401, code: 'token_expired' });
  });

  it('is refused once its key is no longer served, and accepted again with a key that checks its signature', async () => {
    let served: KeyObject | undefined = publicKey;
    const rotating = createTokenVerifier({ keys: async () => served, issuer, audience, isRevoked: async () => false });
    const token = sign();
    await rotating(token);
    served = undefined;
    await expect(rotating(token)).rejects.toMatchObject({ code: 'token_invalid' });
    served = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(rotating(token)).rejects.toMatchObject({ code: 'token_invalid' });
    served = publicKey;
    await expect(rotating(token)).resolves.toMatchObject({ id: 'user-1' });
  });

  it('a token refused for its issue time is accepted once the clock has come near it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = sign({ iat: now + 120, exp: now + 600 });
    await expect(verify(token)).rejects.toMatchObject({ code: 'token_not_yet_valid' });
    jest.spyOn(Date, 'now').mockReturnValue((now + 90) * 1000);
    await expect(verify(token)).resolves.toMatchObject({ id: 'user-1' });
  });

  it('is checked for revocation on every request', async () => {
    const asked: IssuedToken[] = [];
    const counting = createTokenVerifier({ keys, issuer, audience, isRevoked: async (token) => (asked.push(token), false) });
    const token = sign({ iat: 1_700_000_000 });
    const { tokenId } = await counting(token);
    await counting(token);
    expect(asked).toEqual([1, 2].map(() => ({ tokenId, userId: 'user-1', issuedAt: 1_700_000_000 })));
  });
});

describe('role guards', () => {
  const app = express();
  app.use(authenticate(verify));
  app.get('/public', (req, res) => res.json({ signedIn: Boolean(req.principal) }));
  app.get('/learner', requireUser, (_req, res) => res.json({ ok: true }));
  app.get('/admin', requireAdmin, (_req, res) => res.json({ ok: true }));
  app.use(((error, _req, res, _next) => res.status(error.status ?? 500).json({ code: error.code })) as express.ErrorRequestHandler);

  it('a guest (no token, or the "Bearer null" guests send) reaches public routes only', async () => {
    await request(app).get('/public').set('authorization', 'Bearer null').expect(200, { signedIn: false });
    await request(app).get('/learner').expect(401, { code: 'unauthorized' });
    await request(app).get('/admin').set('authorization', 'Bearer undefined').expect(401);
  });

  it('a learner reaches learner routes but not admin routes', async () => {
    const token = `Bearer ${sign()}`;
    await request(app).get('/learner').set('authorization', token).expect(200);
    await request(app).get('/admin').set('authorization', token).expect(403, { code: 'forbidden' });
  });

  it('an administrator reaches admin routes', async () => {
    await request(app).get('/admin').set('authorization', `Bearer ${sign({ adm: true })}`).expect(200);
  });

  it('a bad token leaves public routes open and tells guarded routes why it failed', async () => {
    await request(app).get('/public').set('authorization', 'Bearer not-a-token').expect(200, { signedIn: false });
    await request(app).get('/learner').set('authorization', 'Bearer not-a-token').expect(401, { code: 'token_invalid' });
    const now = Math.floor(Date.now() / 1000);
    await request(app).get('/learner').set('authorization', `Bearer ${sign({ iat: now + 120, exp: now + 600 })}`).expect(401, { code: 'token_not_yet_valid' });
  });
});
