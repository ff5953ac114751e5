// /v1/auth/password-reset and /v1/auth/password: a forgotten password recovered by a mailed link, and
// a signed-in user's new password. Both sign the learner in again and every other device out.
import { auth } from '@learning/contracts';
import { requireUser } from '@learning/kit/auth';
import { HttpError, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { changePassword, userView } from '../accounts.js';
import { requestPasswordReset, resetPassword, resetRequestedMessage, usableReset } from '../password-resets.js';
import type { AuthTables } from '../tables.js';
import { issueToken, type TokenSettings } from '../tokens.js';
import type { SigningKey } from '../signing-keys.js';

/** Links mailed to one address in an hour, whoever asks (the gateway also limits each client). */
export const resetsPerAddressPerHour = 3;

export function passwordRoutes(context: ServiceContext<AuthTables>, signingKey: SigningKey, tokens: TokenSettings): Router {
  const { db } = context;
  const router = Router();

  // Anyone. The answer is the same whether or not an account has the address.
  router.post(
    '/v1/auth/password-reset',
    parseBody(auth.passwordResetBody),
    limitPerAddress(),
    async (_req, res) => {
      await requestPasswordReset(db, (res.locals.body as { email: string }).email);
      res.status(202).json({ message: resetRequestedMessage } satisfies auth.PasswordResetAccepted);
    },
  );

  // Anyone holding a link: whether it still works, before a new password is typed.
  router.post('/v1/auth/password-reset/check', async (req, res) => {
    const { token } = parseInput(auth.passwordResetCheckBody, req.body);
    const { account } = await usableReset(db, token);
    res.json({ email: account.email } satisfies auth.PasswordResetCheck);
  });

  // Anyone holding a working link: the new password, and the learner signed in.
  router.post('/v1/auth/password-reset/confirm', async (req, res) => {
    const { token, password } = parseInput(auth.passwordResetConfirmBody, req.body);
    const account = await resetPassword(db, token, password, tokens.ttlSeconds);
    const signedIn = await issueToken(db, signingKey, tokens, account.id);
    res.json({ user: await userView(db, signedIn.account), token: signedIn.token } satisfies auth.LoginResponse);
  });

  // A signed-in user, about their own password, the current one typed again.
  router.put('/v1/auth/password', requireUser, async (req, res) => {
    const { currentPassword, password } = parseInput(auth.changePasswordBody, req.body);
    const account = await changePassword(db, req.principal!.id, currentPassword, password, tokens.ttlSeconds);
    const signedIn = await issueToken(db, signingKey, tokens, account.id);
    res.json({ user: await userView(db, signedIn.account), token: signedIn.token } satisfies auth.LoginResponse);
  });

  return router;
}

function parseBody(schema: typeof auth.passwordResetBody): RequestHandler {
  return (req, res, next) => {
    res.locals.body = parseInput(schema, req.body);
    next();
  };
}

/** Counted by the address asked for, account or not, so a 429 tells nothing of which have one. */
function limitPerAddress(): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: resetsPerAddressPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => (res.locals.body as { email: string }).email,
    handler: () => {
      throw new HttpError(
        429,
        'reset_limit',
        `Энэ хаяг руу цагт ${resetsPerAddressPerHour}-аас олон холбоос илгээхгүй. Өмнө ирсэн имэйлээ шалгах, эсвэл нэг цагийн дараа дахин оролдоно уу.`,
      );
    },
  });
}
