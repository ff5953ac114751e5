// Revocation as every service keeps it from auth's events: one token at sign-out, or all of a user's
// tokens issued before a role change or a deletion, on the mode's database (PGlite or PostgreSQL).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { everyone, revokeUserTokens, tokensGoodFrom, type KeySource } from '../src/auth/index.js';
import { revocationCheck, revocationsSince, revocationSubscription } from '../src/auth/revocations.js';
import { createTokenVerifier, type IssuedToken } from '../src/auth/tokens.js';
import { kitTables } from '../src/data/index.js';
import { envelope, openTestDatabase } from './bus-fixtures.js';

let database: Awaited<ReturnType<typeof openTestDatabase<object>>>;
beforeAll(async () => {
  database = await openTestDatabase<object>({});
});
afterAll(() => database?.close());

const second = 1_800_000_000;
const at = (seconds: number) => seconds * 1000;
const aDayAfter = (seconds: number) => new Date(at(seconds + 86_400)).toISOString();

/** Auth's event for a role change or deletion of `userId` at `instant`. */
function tokensRevoked(userId: string, instantMs: number) {
  const notBefore = tokensGoodFrom(instantMs);
  return envelope('user.tokens-revoked', { userId, notBefore: notBefore.toISOString(), expiresAt: aDayAfter(notBefore.getTime() / 1000) });
}

const token = (userId: string, issuedAt: number): IssuedToken => ({ tokenId: randomUUID(), userId, issuedAt });

describe('a role change or deletion', () => {
  it('refuses every token of the user issued before it, the ones of its own second too, and none issued after', async () => {
    const isRevoked = revocationCheck(database.db);
    const userId = randomUUID();
    await revocationSubscription(database.db).handler(tokensRevoked(userId, second * 1000 + 400));
    expect(await isRevoked(token(userId, second - 3600))).toBe(true);
    // Issued in the change's second, before or after it: iat cannot tell, so auth issues the user's next token at the next second.
    expect(await isRevoked(token(userId, second))).toBe(true);
    expect(await isRevoked(token(userId, second + 1))).toBe(false);
    expect(await isRevoked(token(randomUUID(), second - 3600))).toBe(false);
  });

  it('on a whole second, refuses the tokens of the second before and accepts the ones of that second', async () => {
    const isRevoked = revocationCheck(database.db);
    const userId = randomUUID();
    await revocationSubscription(database.db).handler(tokensRevoked(userId, at(second)));
    expect(tokensGoodFrom(at(second))).toEqual(new Date(at(second)));
    expect(await isRevoked(token(userId, second - 1))).toBe(true);
    expect(await isRevoked(token(userId, second))).toBe(false);
  });

  it('a later change moves the second forward; an earlier one delivered late does not move it back', async () => {
    const isRevoked = revocationCheck(database.db);
    const userId = randomUUID();
    const apply = revocationSubscription(database.db).handler;
    await apply(tokensRevoked(userId, at(second + 60)));
    await apply(tokensRevoked(userId, at(second + 10)));
    expect(await isRevoked(token(userId, second + 30))).toBe(true);
    await apply(tokensRevoked(userId, at(second + 120)));
    expect(await isRevoked(token(userId, second + 90))).toBe(true);
    expect(await isRevoked(token(userId, second + 120))).toBe(false);
  });

  it('applied again (auth hears its own event), changes nothing, its time included: the cursor stays', async () => {
    const apply = revocationSubscription(database.db).handler;
    const revoked = tokensRevoked(randomUUID(), at(second + 90));
    await apply(revoked);
    const { cursor } = await revocationsSince(database.db, undefined);
    await apply(revoked);
    expect((await revocationsSince(database.db, new Date(cursor!))).cursor).toBe(cursor);
  });

  it('is forgotten once every token it refused has expired, when the next revocation is kept', async () => {
    const userId = randomUUID();
    const past = Math.floor(Date.now() / 1000) - 2 * 86_400;
    const apply = revocationSubscription(database.db).handler;
    await apply(tokensRevoked(userId, at(past)));
    await apply(tokensRevoked(randomUUID(), Date.now()));
    expect(await kitTables(database.db).selectFrom('revoked_user').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});

it("everyone's revocation (a restore's) refuses every user's tokens issued before it, and a later one of a user still holds", async () => {
  // A database of its own: this revocation would refuse the other cases' tokens.
  const restored = await openTestDatabase<object>({});
  try {
    const isRevoked = revocationCheck(restored.db);
    const userId = randomUUID();
    await revokeUserTokens(restored.db, everyone, new Date(at(second)), new Date(aDayAfter(second)));
    expect(await isRevoked(token(randomUUID(), second - 1))).toBe(true);
    expect(await isRevoked(token(userId, second - 1))).toBe(true);
    expect(await isRevoked(token(userId, second))).toBe(false);
    await revocationSubscription(restored.db).handler(tokensRevoked(userId, at(second + 60)));
    expect(await isRevoked(token(userId, second + 30))).toBe(true);
    expect(await isRevoked(token(randomUUID(), second + 30))).toBe(false);
  } finally {
    await restored.close();
  }
});

describe('a sign-out', () => {
  it("refuses the one token it revoked and none of the user's others", async () => {
    const isRevoked = revocationCheck(database.db);
    const userId = randomUUID();
    const signedOut = token(userId, second);
    await revocationSubscription(database.db).handler(envelope('session.revoked', { tokenId: signedOut.tokenId, expiresAt: aDayAfter(second) }));
    expect(await isRevoked(signedOut)).toBe(true);
    expect(await isRevoked(token(userId, second))).toBe(false);
  });
});

it('the tokens asked about at once are all answered, each by its own token and user', async () => {
  const isRevoked = revocationCheck(database.db);
  const demoted = randomUUID();
  const signedOut = token(randomUUID(), second);
  const apply = revocationSubscription(database.db).handler;
  await apply(tokensRevoked(demoted, at(second)));
  await apply(envelope('session.revoked', { tokenId: signedOut.tokenId, expiresAt: aDayAfter(second) }));
  const answers = await Promise.all([token(demoted, second - 1), signedOut, token(demoted, second), token(signedOut.userId, second), token(randomUUID(), 0)].map(isRevoked));
  expect(answers).toEqual([true, true, false, false, false]);
});

it("through the verifier: an administrator's token from before the demotion is refused with 401, a new one is accepted", async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys: KeySource = async (kid) => (kid === 'k' ? publicKey : undefined);
  const verify = createTokenVerifier({ keys, issuer: 'i', audience: 'a', isRevoked: revocationCheck(database.db) });
  const sign = (claims: object) => jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: 'k', issuer: 'i', audience: 'a', subject: adminId, jwtid: randomUUID(), expiresIn: 600 });
  const adminId = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const before = sign({ adm: true, iat: now - 5 });
  expect(await verify(before)).toMatchObject({ id: adminId, isAdmin: true });
  const demotedAt = at(now - 2);
  await revocationSubscription(database.db).handler(tokensRevoked(adminId, demotedAt));
  await expect(verify(before)).rejects.toMatchObject({ status: 401, code: 'token_revoked' });
  expect(await verify(sign({ adm: false, iat: tokensGoodFrom(demotedAt).getTime() / 1000 }))).toMatchObject({ id: adminId, isAdmin: false });
});
