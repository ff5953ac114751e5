// What the launchers hand their services: no secret anyone else could know, kept across restarts,
// and in production no start at all without the real ones.
import { spawnSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { announceWhereToGo, keptSecret, keptSecretFile, launchSettings } from '../launch-settings.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'launch-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('makes each missing secret at random on first start, readable by its owner only, and reuses it after a restart', async () => {
  const first = launchSettings({ DATA_DIR: dataDir }).settings;
  const again = launchSettings({ DATA_DIR: dataDir }).settings;
  for (const name of ['PAYLOAD_SECRET', 'MEDIA_SIGNING_SECRET', 'MAIL_LINK_SECRET', 'BANK_ACCOUNT_KEY', 'ADMIN_PASSWORD']) {
    expect(first[name]).toMatch(/^[\w-]{43}$/);
    expect(again[name]).toBe(first[name]);
    const file = keptSecretFile(dataDir, name);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(first[name]);
  }
  expect(first.PAYLOAD_SECRET).not.toBe(first.MEDIA_SIGNING_SECRET);
  // The signing key is an RSA key, kept the same way and never in the database.
  expect(first.TOKEN_SIGNING_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  expect(again.TOKEN_SIGNING_KEY).toBe(first.TOKEN_SIGNING_KEY);
  expect(createPrivateKey(first.TOKEN_SIGNING_KEY!).asymmetricKeyDetails?.modulusLength).toBe(2048);
  expect((await stat(keptSecretFile(dataDir, 'TOKEN_SIGNING_KEY'))).mode & 0o777).toBe(0o600);
  // The Web Push key is a P-256 private key, 32 bytes in base64url, kept alike.
  expect(first.VAPID_PRIVATE_KEY).toMatch(/^[\w-]{43}$/);
  expect(again.VAPID_PRIVATE_KEY).toBe(first.VAPID_PRIVATE_KEY);
  expect(launchSettings({ DATA_DIR: await mkdtemp(join(tmpdir(), 'launch-other-')) }).settings.MEDIA_SIGNING_SECRET).not.toBe(first.MEDIA_SIGNING_SECRET);
  expect((await stat(join(dataDir, 'secrets'))).mode & 0o777).toBe(0o700);
});

it('never uses the built-in development secrets of old', () => {
  const { settings } = launchSettings({ DATA_DIR: dataDir });
  expect(settings.MEDIA_SIGNING_SECRET).not.toBe('development-media-signing-secret');
  expect(settings.PAYLOAD_SECRET).not.toBe('development-payload-secret');
  expect(settings.ADMIN_PASSWORD).not.toBe('admin-password');
});

it('keeps what was set, and takes an empty variable as unset', () => {
  const { settings, notes } = launchSettings({
    DATA_DIR: dataDir,
    PAYLOAD_SECRET: 'set-by-the-operator',
    MAIL_LINK_SECRET: 'set-by-the-operator-too',
    BANK_ACCOUNT_KEY: 'set-by-the-operator-as-well',
    TOKEN_SIGNING_KEY: 'a PEM set by the operator',
    VAPID_PRIVATE_KEY: 'a key set by the operator',
    MEDIA_SIGNING_SECRET: '',
    SEED_DEMO: '',
  });
  expect(settings.MAIL_LINK_SECRET).toBe('set-by-the-operator-too');
  expect(settings.PAYLOAD_SECRET).toBe('set-by-the-operator');
  expect(settings.MEDIA_SIGNING_SECRET).toMatch(/^[\w-]{43}$/);
  expect(settings.SEED_DEMO).toBe('1');
  expect(settings.PUBLIC_URL).toBe('http://localhost:8080');
  expect(notes.notices).toEqual([expect.stringContaining('MEDIA_SIGNING_SECRET is not set')]);
});

it('services started at once agree on one secret', () => {
  const file = keptSecretFile(dataDir, 'MEDIA_SIGNING_SECRET');
  const secrets = new Set(Array.from({ length: 20 }, () => keptSecret(file)));
  expect(secrets.size).toBe(1);
});

it('makes an embedded administrator only when there is none configured and no production', () => {
  expect(launchSettings({ DATA_DIR: dataDir }).notes.administrator?.email).toBe('admin@example.com');
  expect(launchSettings({ DATA_DIR: dataDir, ADMIN_EMAIL: 'head@centre.mn', ADMIN_PASSWORD: 'a-strong-one' }).notes.administrator).toBeUndefined();
  expect(launchSettings({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/platform' }).notes.administrator).toBeUndefined();
});

it('with NODE_ENV=production, npm start refuses to start without the secrets and names each', () => {
  const started = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, STATIC_DIR: dataDir, PAYLOAD_SECRET: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(started.status).toBe(1);
  expect(started.stdout + started.stderr).toContain('PAYLOAD_SECRET');
  expect(started.stdout + started.stderr).toContain('MEDIA_SIGNING_SECRET');
  expect(started.stdout + started.stderr).toContain('TOKEN_SIGNING_KEY');
  expect(started.stdout + started.stderr).toContain('VAPID_PRIVATE_KEY');
});

it('says last where to go: the site, the administration with where its password is kept but never the password, and /docs', () => {
  const lines: string[] = [];
  const logger = pino({}, { write: (line: string) => lines.push((JSON.parse(line) as { msg: string }).msg) });
  const { settings, notes } = launchSettings({ DATA_DIR: dataDir });
  announceWhereToGo('http://localhost:8080', notes, logger);
  expect(lines).toEqual([
    'The site: http://localhost:8080',
    `The administration: http://localhost:8080/administrator, signed in as admin@example.com with the password kept in ${keptSecretFile(dataDir, 'ADMIN_PASSWORD')}`,
    'Every /v1 call: http://localhost:8080/docs',
  ]);
  expect(lines.join('\n')).not.toContain(settings.ADMIN_PASSWORD);

  lines.length = 0;
  announceWhereToGo('http://localhost:8080', launchSettings({ DATA_DIR: dataDir, ADMIN_EMAIL: 'head@centre.mn', ADMIN_PASSWORD: 'a-strong-one' }).notes, logger);
  expect(lines[1]).toBe('The administration: http://localhost:8080/administrator, signed in as ADMIN_EMAIL with ADMIN_PASSWORD');
});
