// Password hashing with argon2id (memory-hard). @node-rs/argon2's parameters are OWASP's minimum
// (19 MiB, 2 passes); docs/STACK.md says what a hash costs on this kind of machine.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package declares it as an ambient const enum, which isolatedModules cannot read.
const argon2id = 2;

const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/**
 * The hash of a password nobody knows, made once with the same parameters. Checking a password
 * against it costs what a real check costs, so an unknown email is not answered sooner than a wrong
 * password: the answer's timing does not tell which emails have an account. The service makes it at start.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** Whether the password is the account's. Without a hash (no account, or Google only) it is wrong, after the same work. */
export async function isPasswordCorrect(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyPasswordHash(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
