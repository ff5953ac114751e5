// /v1/auth: the email step, registration, sign-in, the current user, sign-out, deleting one's own
// account and the token keys.
import { auth } from '@learning/contracts';
import { requireUser, revokeToken } from '@learning/kit/auth';
import { recordEvent } from '@learning/kit/events';
import { notFound, parseInput, unauthorized } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { findAccount, findAccountByEmail, logIn, registerAccount, userView } from '../accounts.js';
import { deleteAccount } from '../deletion.js';
import { SignInSlowed } from '../sign-in-failures.js';
import type { SigningKey } from '../signing-keys.js';
import type { AuthTables } from '../tables.js';
import { issueToken, type TokenSettings } from '../tokens.js';

export function authRoutes(context: ServiceContext<AuthTables>, signingKey: SigningKey, tokens: TokenSettings): Router {
  const { db } = context;
  const router = Router();

  // Anyone: the first step of sign-in tells whether the account exists.
  router.post('/v1/auth/check-email', async (req, res) => {
    const { email } = parseInput(auth.checkEmailBody, req.body);
    const account = await findAccountByEmail(db, email);
    if (!account) throw notFound('Энэ имэйл хаягаар бүртгэл олдсонгүй.', 'account_not_found');
    res.json({ _id: account.id, name: account.name, email: account.email } satisfies auth.PublicUser);
  });

  // Anyone.
  router.post('/v1/auth/register', async (req, res) => {
    const { email, name, password } = parseInput(auth.registerBody, req.body);
    const account = await registerAccount(db, { email, name, password });
    res.status(201).json(await userView(db, account));
  });

  // Anyone.
  router.post('/v1/auth/login', async (req, res) => {
    const { email, password } = parseInput(auth.loginBody, req.body);
    const { id } = await logIn(db, email, password).catch((error: unknown) => {
      if (error instanceof SignInSlowed) res.set('retry-after', String(error.retryAfterSeconds));
      throw error;
    });
    const { account, token } = await issueToken(db, signingKey, tokens, id);
    res.json({ user: await userView(db, account), token } satisfies auth.LoginResponse);
  });

  // A signed-in user.
  router.get('/v1/auth/me', requireUser, async (req, res) => {
    const account = await findAccount(db, req.principal!.id);
    if (!account) throw unauthorized('Бүртгэл олдсонгүй. Дахин нэвтэрнэ үү.', 'account_missing');
    res.json(await userView(db, account));
  });

  // A signed-in user, about their own account, with the password typed again.
  router.delete('/v1/auth/me', requireUser, async (req, res) => {
    const { password } = parseInput(auth.deleteAccountBody, req.body);
    await deleteAccount(db, req.principal!.id, password, tokens.ttlSeconds);
    res.status(204).end();
  });

  // A signed-in user: this token, the session of this device, stops working at once, here and
  // (through the event) everywhere; the user's other devices stay signed in.
  router.post('/v1/auth/logout', requireUser, async (req, res) => {
    const { tokenId, expiresAt } = req.principal!;
    await context.transaction(async (trx) => {
      await revokeToken(trx, tokenId, expiresAt);
      await recordEvent(trx, 'session.revoked', { tokenId, expiresAt: expiresAt.toISOString() });
    });
    res.status(204).end();
  });

  // Anyone: the public keys other services verify tokens with.
  router.get('/v1/auth/jwks', (_req, res) => {
    res.set('cache-control', 'public, max-age=300').json({ keys: [signingKey.publicJwk] });
  });

  return router;
}
