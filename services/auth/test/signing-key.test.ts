// The token-signing key is the operator's secret, never a row of the database: auth signs with the
// TOKEN_SIGNING_KEY it is given, publishes its public half under a key id every instance agrees on,
// and refuses to start with a key that cannot sign.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import { loadConfig } from '@learning/kit/service';
import { startTestPlatform, testTokenSigningKey, type TestPlatform } from '@learning/testing';
import { authEnv } from '../src/config.js';
import { signingKeyFrom } from '../src/signing-keys.js';

const pemOf = (type: 'rsa' | 'ec', modulusLength = 2048) =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength }) : generateKeyPairSync('ec', { namedCurve: 'P-256' })).privateKey
    .export({ format: 'pem', type: 'pkcs8' })
    .toString();

const settings = { PORT: '0', MAIL_LINK_SECRET: 'signing-key-test-mail-link-secret' };

describe('the token-signing key', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('signs the tokens auth issues, and its public half alone is published', async () => {
    const learner = await platform.learner();
    const { keys } = await fetch(`${platform.services.auth.url}/v1/auth/jwks`).then((response) => response.json());
    const key = signingKeyFrom(testTokenSigningKey());
    expect(keys).toEqual([key.publicJwk]);
    expect(keys[0]).not.toHaveProperty('d');
    const { header } = jwt.decode(learner.token, { complete: true })!;
    expect(header.kid).toBe(key.keyId);
    expect(jwt.verify(learner.token, createPublicKey({ key: keys[0], format: 'jwk' }), { algorithms: ['RS256'] })).toMatchObject({ sub: learner.id });
  });

  it('is nowhere in the database', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(platform.services.auth.context.db);
    expect(rows.map((row) => row.table_name)).not.toContain('signing_key');
    expect(rows.length).toBeGreaterThan(5);
  });
});

it('names a key alike wherever it is given, with its line breaks written as \\n or not', () => {
  const pem = pemOf('rsa');
  const key = signingKeyFrom(pem);
  expect(signingKeyFrom(pem.replaceAll('\n', '\\n')).keyId).toBe(key.keyId);
  expect(key.keyId).toMatch(/^[\w-]{43}$/);
  expect(signingKeyFrom(pemOf('rsa')).keyId).not.toBe(key.keyId);
});

it('refuses a key that cannot sign, and starts on none', () => {
  expect(() => loadConfig(authEnv, settings)).toThrow(/TOKEN_SIGNING_KEY: required/);
  expect(() => loadConfig(authEnv, { ...settings, TOKEN_SIGNING_KEY: 'not a key' })).toThrow(/TOKEN_SIGNING_KEY: not a private key in PEM/);
  expect(() => loadConfig(authEnv, { ...settings, TOKEN_SIGNING_KEY: pemOf('ec') })).toThrow(/TOKEN_SIGNING_KEY: an RSA key is needed/);
  expect(() => loadConfig(authEnv, { ...settings, TOKEN_SIGNING_KEY: pemOf('rsa', 1024) })).toThrow(/at least 2048 bits/);
  expect(loadConfig(authEnv, { ...settings, TOKEN_SIGNING_KEY: testTokenSigningKey() }).TOKEN_SIGNING_KEY.keyId).toBe(signingKeyFrom(testTokenSigningKey()).keyId);
});
