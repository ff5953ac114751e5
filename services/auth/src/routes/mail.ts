// /v1/auth/mail-preferences and /v1/auth/unsubscribe: which mails a learner gets, switched in
// /me/settings or by a mail's signed unsubscribe link.
import { auth } from '@learning/contracts';
import { requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import type { LinkSigner } from '../mail/links.js';
import { changeMailPreferences, mailPreferencesOf, unsubscribe } from '../mail/preferences.js';
import type { AuthTables } from '../tables.js';

export function mailRoutes(context: ServiceContext<AuthTables>, signer: LinkSigner): Router {
  const { db } = context;
  const router = Router();

  // A signed-in user: their own.
  router.get('/v1/auth/mail-preferences', requireUser, async (req, res) => {
    res.json(await mailPreferencesOf(db, req.principal!.id));
  });

  // A signed-in user: their own; the topics left out stay as they are.
  router.put('/v1/auth/mail-preferences', requireUser, async (req, res) => {
    const changes = parseInput(auth.mailPreferencesBody, req.body);
    res.json(await changeMailPreferences(db, req.principal!.id, changes));
  });

  // Anyone holding a mail's link: that mail's topic off for its learner, without signing in.
  router.post('/v1/auth/unsubscribe', async (req, res) => {
    const { token } = parseInput(auth.unsubscribeBody, req.body);
    res.json((await unsubscribe(db, signer, token)) satisfies auth.Unsubscribed);
  });

  return router;
}
