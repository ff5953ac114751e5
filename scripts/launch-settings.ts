// What `npm start` and `npm run start:distributed` hand their services: the environment as given,
// with what a newcomer's machine lacks filled in, never with a value anyone else could know. The
// secrets a newcomer did not set are made once at random and kept under DATA_DIR (mode 0600), so
// sessions, play links and sealed answers survive a restart; in production they must be given.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@learning/kit/observability';
import { withoutEmpty } from '@learning/kit/service';
import webpush from 'web-push';

export type Settings = Record<string, string>;

/** The secrets the services are given; each must be set in production. */
export const sharedSecrets = {
  PAYLOAD_SECRET: 'the payload encryption between the gateway, the browser and the exam service',
  MEDIA_SIGNING_SECRET: 'the play URLs the catalog signs and media checks',
  MAIL_LINK_SECRET: 'the password-reset and unsubscribe links auth mails',
  BANK_ACCOUNT_KEY: 'the learners\' bank accounts the catalog keeps sealed',
  TOKEN_SIGNING_KEY: 'the access tokens auth signs, an RSA private key in PEM',
  VAPID_PRIVATE_KEY: 'the Web Push reminders auth signs, a P-256 private key in base64url',
} as const;

/** How a launcher makes each secret it keeps: 32 random bytes, or an RSA key where a key is wanted. */
const makeSecret: Partial<Record<keyof typeof sharedSecrets, () => string>> = {
  TOKEN_SIGNING_KEY: () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  VAPID_PRIVATE_KEY: () => webpush.generateVAPIDKeys().privateKey,
};

export class MissingSecrets extends Error {
  override name = 'MissingSecrets';
}

export interface LaunchNotes {
  /** What a newcomer should read in the log. */
  notices: string[];
  /** The embedded administrator, when the launcher made one. */
  administrator?: { email: string; keptIn: string };
}

export function launchSettings(env: NodeJS.ProcessEnv): { settings: Settings; notes: LaunchNotes } {
  const settings = withoutEmpty(env);
  const notes: LaunchNotes = { notices: [] };
  const dataDir = settings.DATA_DIR ?? '.data';
  const missing = (Object.keys(sharedSecrets) as Array<keyof typeof sharedSecrets>).filter((name) => !settings[name]);

  if (settings.NODE_ENV === 'production' && missing.length > 0) {
    throw new MissingSecrets(
      `NODE_ENV=production needs its secrets set: ${missing.map((name) => `${name} (${sharedSecrets[name]})`).join('; ')}. ` +
        'Make TOKEN_SIGNING_KEY with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`, VAPID_PRIVATE_KEY with `npx web-push generate-vapid-keys`, each other with `openssl rand -base64 32`.',
    );
  }
  for (const name of missing) {
    const file = keptSecretFile(dataDir, name);
    settings[name] = keptSecret(file, makeSecret[name]);
    notes.notices.push(`${name} is not set: using the random one kept in ${file}.`);
  }
  // The links in mails lead to this machine's gateway unless the centre names its address.
  settings.PUBLIC_URL ??= `http://localhost:${settings.PORT ?? '8080'}`;
  // The demo plans and bundles on an empty catalog, and their question banks; SEED_DEMO=0 turns them off.
  settings.SEED_DEMO ??= '1';

  const isEmbedded = !settings.DATABASE_URL;
  if (isEmbedded && !settings.ADMIN_EMAIL && settings.NODE_ENV !== 'production') {
    const file = keptSecretFile(dataDir, 'ADMIN_PASSWORD');
    settings.ADMIN_EMAIL = 'admin@example.com';
    settings.ADMIN_PASSWORD ??= keptSecret(file);
    notes.administrator = { email: settings.ADMIN_EMAIL, keptIn: file };
  }
  return { settings, notes };
}

export function keptSecretFile(dataDir: string, name: string): string {
  return join(dataDir, 'secrets', name.toLowerCase().replaceAll('_', '-'));
}

/**
 * The secret kept in `file`, made by `make` (32 random bytes unless told) the first time. The
 * services of the distributed start may ask at once: the file appears whole (a link of a finished
 * temporary file) or not at all.
 */
export function keptSecret(file: string, make = () => randomBytes(32).toString('base64url')): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, make(), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}

/** For a launcher: the settings with their notices logged; without the secrets production needs, the reason and exit 1. */
export function settingsOrExit(env: NodeJS.ProcessEnv, logger: Logger): { settings: Settings; notes: LaunchNotes } {
  try {
    const launch = launchSettings(env);
    for (const notice of launch.notes.notices) logger.warn(notice);
    return launch;
  } catch (error) {
    if (!(error instanceof MissingSecrets)) throw error;
    logger.fatal(error.message);
    process.exit(1);
  }
}

/**
 * Said last, where a newcomer looks: the site, the administration with where its password is kept
 * (never the password: logs are kept and shipped elsewhere), and the API's documents.
 */
export function announceWhereToGo(siteUrl: string, { administrator }: LaunchNotes, logger: Logger): void {
  logger.info(`The site: ${siteUrl}`);
  logger.info(
    administrator
      ? `The administration: ${siteUrl}/administrator, signed in as ${administrator.email} with the password kept in ${administrator.keptIn}`
      : `The administration: ${siteUrl}/administrator, signed in as ADMIN_EMAIL with ADMIN_PASSWORD`,
  );
  logger.info(`Every /v1 call: ${siteUrl}/docs`);
}
