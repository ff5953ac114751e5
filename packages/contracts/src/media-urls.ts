// The signing contract between catalog (which decides who may play what) and media (which serves
// the bytes): a URL to a file, valid until `expires` (unix seconds), signed with HMAC-SHA256 under a
// secret the two services share (MEDIA_SIGNING_SECRET). WebCrypto, so any runtime can check it.
//
//   /v1/media/<kind>/<fileId>?expires=<unix seconds>&signature=<base64url HMAC>
//   HMAC input: "<kind>/<fileId>:<expires>"
//
// kind: `video` (a video's bytes, ranged), `subtitle` (its WebVTT) or `aloud` (a read-aloud
// recording, which media signs itself for the administrator's list).
//
// A video's HLS ladder (a master playlist, a playlist per rendition, their init and media segments)
// is signed once for all its files, with the expiry and signature in the path, so the playlists'
// relative links inherit them (a query string is not carried over to a relative link):
//
//   /v1/media/hls/<expires>/<signature>/<videoId>/master.m3u8   (and …/<videoId>/<rendition>/<file>)
//   HMAC input: "hls/<videoId>:<expires>"

export type MediaKind = 'video' | 'subtitle' | 'aloud';
/** What a signature stands for: one file of a kind, or (`hls`) every file of a video's ladder. */
export type SignedMediaKind = MediaKind | 'hls';

export const mediaUrlPrefix = '/v1/media';
export const hlsUrlPrefix = `${mediaUrlPrefix}/hls`;

const encoder = new TextEncoder();

/** Imported once per secret: every ranged read of a video checks its URL again. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

function signedText(kind: SignedMediaKind, fileId: string, expires: number): string {
  return `${kind}/${fileId}:${expires}`;
}

/** The base64url HMAC of what is signed: 43 characters of [A-Za-z0-9_-], safe in a query and in a path. */
async function signatureOf(secret: string, kind: SignedMediaKind, fileId: string, expires: number): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(signedText(kind, fileId, expires)));
  return btoa(String.fromCharCode(...new Uint8Array(signature))).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export async function signMediaUrl(secret: string, kind: MediaKind, fileId: string, expires: number): Promise<string> {
  return `${mediaUrlPrefix}/${kind}/${encodeURIComponent(fileId)}?expires=${expires}&signature=${await signatureOf(secret, kind, fileId, expires)}`;
}

/** The master playlist of a video's HLS ladder, signed in its path for every file of the ladder. */
export async function signHlsUrl(secret: string, videoId: string, expires: number): Promise<string> {
  return `${hlsUrlPrefix}/${expires}/${await signatureOf(secret, 'hls', videoId, expires)}/${encodeURIComponent(videoId)}/master.m3u8`;
}

/**
 * Expiries are rounded up to the next five minutes: within those five minutes a learner who opens
 * the same file again gets the same URL, so the browser's cache still holds.
 */
const expiryStepSeconds = 300;

/** When a URL signed now for `ttlSeconds` expires (unix seconds). */
export function mediaUrlExpiry(ttlSeconds: number, now = Date.now()): number {
  return Math.ceil((now / 1000 + ttlSeconds) / expiryStepSeconds) * expiryStepSeconds;
}

export type MediaUrlCheck = 'valid' | 'expired' | 'invalid';

export interface ExpiryRule {
  /** MEDIA_URL_TTL_SECONDS: no URL lives longer than this plus the rounding, whatever its `expires` says. */
  ttlSeconds: number;
  now?: number;
}

/** Checks a signature in constant time (WebCrypto's verify) and then the expiry. */
export async function checkMediaSignature(
  secret: string,
  kind: SignedMediaKind,
  fileId: string,
  expires: string | undefined,
  signature: string | undefined,
  rule: ExpiryRule,
): Promise<MediaUrlCheck> {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return 'invalid';
  const bytes = Uint8Array.from(atob(signature.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
  const isGenuine = await crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(signedText(kind, fileId, Number(expires))));
  if (!isGenuine) return 'invalid';
  return expiryCheck(expires, rule);
}

/**
 * Whether a genuine URL's time is up (`expires` is in unix seconds). An expiry further ahead than
 * the TTL allows was signed under other rules (a leaked or old secret, a changed TTL): refused.
 */
export function expiryCheck(expires: string, { ttlSeconds, now = Date.now() }: ExpiryRule): MediaUrlCheck {
  const expiresMs = Number(expires) * 1000;
  if (expiresMs < now) return 'expired';
  return expiresMs > mediaUrlExpiry(ttlSeconds, now) * 1000 ? 'invalid' : 'valid';
}
