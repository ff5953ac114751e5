// `npm start`: the whole platform on http://localhost:8080 from one command. Embedded defaults
// (PGlite under .data/, the in-process bus); PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set.
import { createLogger } from '@learning/kit';
import { buildFrontEndsThatNeedIt } from './front-ends.js';
import { startPlatform } from './platform.js';

const logger = createLogger('start');
const env = process.env;
const embedded = !env.DATABASE_URL;

const developmentSecret = 'development-payload-secret';
if (!env.PAYLOAD_SECRET) {
  logger.warn('PAYLOAD_SECRET is not set: payloads are encrypted with the development secret. Set it in production.');
}
if (!env.MEDIA_SIGNING_SECRET) {
  logger.warn('MEDIA_SIGNING_SECRET is not set: play URLs are signed with the development secret. Set it in production.');
}
const admin = embedded && !env.ADMIN_EMAIL ? { email: 'admin@example.com', password: 'admin-password' } : { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD };
if (embedded && !env.ADMIN_EMAIL) {
  logger.warn(`ADMIN_EMAIL is not set: the embedded platform's administrator is ${admin.email} / ${admin.password}.`);
}

if (!env.STATIC_DIR) buildFrontEndsThatNeedIt(logger);

const platform = await startPlatform({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: env.DATA_DIR ?? '.data',
  databaseUrl: env.DATABASE_URL,
  amqpUrl: env.AMQP_URL,
  payloadSecret: env.PAYLOAD_SECRET ?? developmentSecret,
  adminEmail: admin.email,
  adminPassword: admin.password,
  staticDir: env.STATIC_DIR,
  logLevel: env.LOG_LEVEL ?? 'info',
  mediaSigningSecret: env.MEDIA_SIGNING_SECRET,
  // The demo plans and bundles, on an empty catalog only; SEED_DEMO=0 turns them off.
  seedDemo: env.SEED_DEMO !== '0',
  ...(env.RATE_LIMIT_AUTH ? { authRateLimit: Number(env.RATE_LIMIT_AUTH) } : {}),
  // Sign-in with Google, when its client id and secret are set.
  ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? { google: { issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
    : {}),
});
logger.info(`The platform is running on ${platform.url.replace('0.0.0.0', 'localhost')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info('stopping');
    void platform.close().then(() => process.exit(0));
  });
}
