// Password hashing with argon2id (memory-hard). @node-rs/argon2's parameters are OWASP's minimum
// (19 MiB, 2 passes): ~80 ms a hash on this kind of 2-core machine (shared/STACK.md).
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package declares it as an ambient const enum, which isolatedModules cannot read.
const argon2id = 2;

const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function isPasswordCorrect(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  return verify(passwordHash, password).catch(() => false);
}
