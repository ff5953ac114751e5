// Issuing access tokens for a signed-in user.
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { tokenAlgorithm } from '@learning/kit';
import type { SigningKey } from './signing-keys.js';

export interface TokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export function issueToken(key: SigningKey, settings: TokenSettings, user: { id: string; isAdmin: boolean }): string {
  return jwt.sign({ adm: user.isAdmin }, key.privateKey, {
    algorithm: tokenAlgorithm,
    keyid: key.keyId,
    issuer: settings.issuer,
    audience: settings.audience,
    subject: user.id,
    expiresIn: settings.ttlSeconds,
    jwtid: randomUUID(),
  });
}
