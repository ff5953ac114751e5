// Sign-in spends one password verification whether or not the email has an account, so the
// answer's timing does not tell which emails are registered. argon2's own verify and hash are
// counted (the real ones still run), not timed.
import { createRequire } from 'node:module';
import { jest } from '@jest/globals';

type Argon2 = typeof import('@node-rs/argon2');
const argon2 = createRequire(import.meta.url)('@node-rs/argon2') as Argon2;
const verified: string[] = [];
let hashes = 0;
jest.unstable_mockModule('@node-rs/argon2', () => ({
  ...argon2,
  verify: (hashed: string, password: string) => {
    verified.push(hashed);
    return argon2.verify(hashed, password);
  },
  hash: (password: string, options: Parameters<Argon2['hash']>[1]) => {
    hashes += 1;
    return argon2.hash(password, options);
  },
}));

const { startTestPlatform, uniqueSuffix } = await import('@learning/testing');
const { createAccount } = await import('../src/accounts.js');

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.close());

/** The hashes POST /v1/auth/login verified, and how many it made, for one sign-in. */
async function signInWork(email: string, password: string) {
  verified.length = 0;
  const hashesBefore = hashes;
  const answer = await platform.call('POST', '/v1/auth/login', { body: { email, password } });
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ message: 'Имэйл хаяг эсвэл нууц үг буруу байна.', code: 'invalid_credentials' });
  return { verified: [...verified], hashesMade: hashes - hashesBefore };
}

/** `$argon2id$v=19$m=19456,t=2,p=1$`: what a hash says of how it was made. */
const parametersOf = (hashed: string) => hashed.split('$').slice(0, 4).join('$');

describe('sign-in costs the same for an unknown email as for a wrong password', () => {
  it('a wrong password is one verification against the account’s hash', async () => {
    const learner = await platform.learner();
    const wrong = await signInWork(learner.email, 'wrong-password-1');
    expect(wrong.verified).toHaveLength(1);
    expect(wrong.hashesMade).toBe(0);
  });

  it('an unknown email is one verification too, against a dummy hash made once with the same parameters', async () => {
    const learner = await platform.learner();
    const wrong = await signInWork(learner.email, 'wrong-password-1');
    const first = await signInWork(`nobody-${uniqueSuffix()}@test.mn`, 'wrong-password-1');
    const second = await signInWork(`nobody-${uniqueSuffix()}@test.mn`, 'another-password-1');
    expect(first.verified).toHaveLength(1);
    expect(parametersOf(first.verified[0]!)).toBe(parametersOf(wrong.verified[0]!));
    expect(first.verified[0]).not.toBe(wrong.verified[0]);
    expect(second.verified).toEqual(first.verified);
    expect([first.hashesMade, second.hashesMade]).toEqual([0, 0]);
  });

  it('an account made through Google, which has no password, is one verification against the dummy hash', async () => {
    const email = `google-${uniqueSuffix()}@test.mn`;
    await createAccount(platform.services.auth.context.db, { email, name: 'Гүүгл', passwordHash: null, googleId: `g-${uniqueSuffix()}` });
    const unknown = await signInWork(`nobody-${uniqueSuffix()}@test.mn`, 'wrong-password-1');
    const google = await signInWork(email, 'wrong-password-1');
    expect(google.verified).toHaveLength(1);
    expect(google.verified).toEqual(unknown.verified);
  });
});
