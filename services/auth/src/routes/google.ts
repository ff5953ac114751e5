// Sign-in with Google: whether it is offered, the start of the redirect flow, and the callback's
// exchange of the code (POST /v1/auth/login-google), answered like /v1/auth/login.
import { auth } from '@learning/contracts';
import { HttpError, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { userView } from '../accounts.js';
import { GoogleRefusal, type GoogleClient } from '../google.js';
import { accountForGoogle, saveAttempt, takeAttempt } from '../google-sign-in.js';
import type { SigningKey } from '../signing-keys.js';
import type { AuthTables } from '../tables.js';
import { issueToken, type TokenSettings } from '../tokens.js';

const notConfigured = () => new HttpError(404, 'google_not_configured', 'Google-ээр нэвтрэх боломж тохируулагдаагүй байна.');
const unreachable = () => new HttpError(502, 'google_unreachable', 'Google-тэй холбогдож чадсангүй. Түр хүлээгээд дахин оролдоно уу.');
const refused = () => new HttpError(401, 'google_sign_in_failed', 'Google-ээр нэвтэрч чадсангүй. Дахин оролдоно уу.');

export function googleRoutes(
  context: ServiceContext<AuthTables>,
  google: GoogleClient | null,
  signingKey: SigningKey,
  tokens: TokenSettings,
): Router {
  const { db, logger } = context;
  const router = Router();

  // Anyone.
  router.get('/v1/auth/google', (_req, res) => {
    res.json({ isConfigured: google !== null } satisfies auth.GoogleStatus);
  });

  // Anyone: the nonce and the PKCE verifier stay here; the browser keeps the state to match the callback.
  router.post('/v1/auth/google/start', async (req, res) => {
    const { redirectUri } = parseInput(auth.googleStartBody, req.body);
    if (!google) throw notConfigured();
    const { attempt, authorizationUrl } = await google.start(redirectUri).catch((error: unknown) => {
      logger.warn({ err: error }, 'google discovery failed');
      throw unreachable();
    });
    await saveAttempt(db, attempt);
    res.json({ authorizationUrl, state: attempt.state } satisfies auth.GoogleStart);
  });

  // Anyone.
  router.post('/v1/auth/login-google', async (req, res) => {
    const answer = parseInput(auth.loginGoogleBody, req.body);
    if (!google) throw notConfigured();
    const attempt = await takeAttempt(db, answer.state);
    const identity = await google.finish(attempt, answer).catch((error: unknown) => {
      logger.warn({ err: error }, error instanceof GoogleRefusal ? 'google refused the sign-in' : 'google unreachable');
      throw error instanceof GoogleRefusal ? refused() : unreachable();
    });
    const { id } = await accountForGoogle(db, identity);
    const { account, token } = await issueToken(db, signingKey, tokens, id);
    res.json({ user: await userView(db, account), token } satisfies auth.LoginResponse);
  });

  return router;
}
