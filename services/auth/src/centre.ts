// The centre as learners see it: its name and contact from the settings (CENTRE_*), and its logo,
// the one an administrator uploaded or else CENTRE_LOGO_URL. The uploaded picture is kept in auth's
// database (centre_logo), at most one, and served at /v1/centre/logo.
import { createHash } from 'node:crypto';
import { auth } from '@learning/contracts';
import type { Db } from '@learning/kit/data';
import type { AuthConfig } from './config.js';
import type { AuthTables } from './tables.js';

type AuthDb = Db<AuthTables>;

/** The centre as configured; `logoUrl` is CENTRE_LOGO_URL's, which an uploaded logo overrides. */
export function configuredCentre(config: AuthConfig): auth.Centre {
  return {
    name: config.CENTRE_NAME,
    phone: config.CENTRE_PHONE ?? null,
    email: config.CENTRE_EMAIL ?? null,
    address: config.CENTRE_ADDRESS ?? null,
    facebookUrl: config.CENTRE_FACEBOOK_URL ?? null,
    logoUrl: config.CENTRE_LOGO_URL ?? null,
  };
}

/**
 * The centre with the logo shown now. An uploaded logo's address carries its version, so a browser
 * or mail reader that kept an earlier one asks again; `origin` makes it absolute (mails).
 */
export async function currentCentre(db: AuthDb, configured: auth.Centre, origin = ''): Promise<auth.Centre> {
  const uploaded = await db.selectFrom('centre_logo').select('version').executeTakeFirst();
  return uploaded ? { ...configured, logoUrl: `${origin}${auth.centreLogo.path}?v=${uploaded.version}` } : configured;
}

/** What the bytes are, by their signature (auth.centreLogo's types). */
export function logoTypeOf(bytes: Buffer): auth.CentreLogoType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export async function uploadedLogo(db: AuthDb) {
  return db.selectFrom('centre_logo').select(['content_type', 'bytes', 'version', 'updated_at']).executeTakeFirst();
}

export async function saveLogo(db: AuthDb, bytes: Buffer, contentType: auth.CentreLogoType): Promise<void> {
  const version = createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
  const row = { content_type: contentType, bytes, version, updated_at: new Date() };
  await db
    .insertInto('centre_logo')
    .values({ id: 1, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}

export async function removeLogo(db: AuthDb): Promise<void> {
  await db.deleteFrom('centre_logo').execute();
}
