// The auth service: users, credentials, tokens, and the user's view of their grants.
import { applyOnce, subscribe, type ServiceDefinition } from '@learning/kit';
import { migrations } from '../migrations/index.js';
import { accessEventTypes, applyAccessEvent, applyExamCompleted } from './access.js';
import { ensureAdministrator } from './administrators.js';
import type { AuthConfig } from './config.js';
import { googleClient } from './google.js';
import { dummyPasswordHash } from './passwords.js';
import { applyNotificationEvent, notificationEventTypes, notifyOfAccessEvent, notifyOfExamResult } from './notifications.js';
import { googleRoutes } from './routes/google.js';
import { authRoutes } from './routes/auth.js';
import { notificationRoutes } from './routes/notifications.js';
import { userRoutes } from './routes/users.js';
import { ensureSigningKey, localKeys, type SigningKey } from './signing-keys.js';
import type { AuthTables } from './tables.js';

export function authService(config: AuthConfig): ServiceDefinition<AuthTables> {
  let signingKey: SigningKey;
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? googleClient({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET })
      : null;
  return {
    name: 'auth',
    migrations,
    keys: async (db) => localKeys(db),
    async start(context) {
      signingKey = await ensureSigningKey(context.db);
      await dummyPasswordHash(); // now, not in the first unknown email's sign-in
      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        await ensureAdministrator(context.db, config.ADMIN_EMAIL.toLowerCase(), config.ADMIN_PASSWORD, config.TOKEN_TTL_SECONDS);
      }
    },
    // The user's view of their grants and exam results, kept from the catalog's and the exam's events,
    // and the learner's notifications of them. One subscription per type: the inbox takes an event once
    // per service, so what an event changes is done in the one transaction that records it.
    subscriptions: ({ db }) => [
      subscribe(
        accessEventTypes,
        applyOnce(db, async (trx, event) => {
          await applyAccessEvent(trx, event);
          await notifyOfAccessEvent(trx, event);
        }),
      ),
      subscribe(
        'exam.completed',
        applyOnce(db, async (trx, event) => {
          await applyExamCompleted(trx, event);
          await notifyOfExamResult(trx, event);
        }),
      ),
      subscribe(notificationEventTypes, applyOnce(db, applyNotificationEvent)),
    ],
    routes(app, context) {
      const tokens = { issuer: config.TOKEN_ISSUER, audience: config.TOKEN_AUDIENCE, ttlSeconds: config.TOKEN_TTL_SECONDS };
      app.use(authRoutes(context, signingKey, tokens));
      app.use(googleRoutes(context, google, signingKey, tokens));
      app.use(userRoutes(context, tokens));
      app.use(notificationRoutes(context));
    },
  };
}
