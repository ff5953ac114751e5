// The auth service: users, credentials, tokens, and the user's view of their grants.
import type { ServiceDefinition } from '@learning/kit';
import { migrations } from '../migrations/index.js';
import { ensureAdministrator } from './accounts.js';
import type { AuthConfig } from './config.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/users.js';
import { ensureSigningKey, localKeys, type SigningKey } from './signing-keys.js';
import type { AuthTables } from './tables.js';

export function authService(config: AuthConfig): ServiceDefinition<AuthTables> {
  let signingKey: SigningKey;
  return {
    name: 'auth',
    migrations,
    keys: async (db) => localKeys(db),
    async start(context) {
      signingKey = await ensureSigningKey(context.db);
      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        await ensureAdministrator(context.db, config.ADMIN_EMAIL.toLowerCase(), config.ADMIN_PASSWORD);
        context.eventsRecorded();
      }
    },
    routes(app, context) {
      const tokens = { issuer: config.TOKEN_ISSUER, audience: config.TOKEN_AUDIENCE, ttlSeconds: config.TOKEN_TTL_SECONDS };
      app.use(authRoutes(context, signingKey, tokens));
      app.use(userRoutes(context));
    },
  };
}
