// Play URLs (media-urls.ts): what the catalog signs is what the media service's check accepts.
import { checkMediaSignature, signMediaUrl } from '@learning/contracts';
import { createMediaSigner } from '../src/media-urls.js';

const secret = 'a-test-secret-of-some-length';
const now = Date.UTC(2026, 10, 23, 10, 2, 30);
const ttlSeconds = 4 * 60 * 60;

function partsOf(url: string) {
  const parsed = new URL(url, 'http://gateway');
  return { path: parsed.pathname, expires: parsed.searchParams.get('expires')!, signature: parsed.searchParams.get('signature')! };
}

it('signs a video URL that expires after the lifetime, rounded up to five minutes, and checks as valid until then', async () => {
  const signer = createMediaSigner(secret, ttlSeconds, () => now);
  const { path, expires, signature } = partsOf(await signer.videoUrl('video-1'));
  expect(path).toBe('/v1/media/video/video-1');
  expect(Number(expires)).toBe(Date.UTC(2026, 10, 23, 14, 5, 0) / 1000);
  expect(await checkMediaSignature(secret, 'video', 'video-1', expires, signature, { ttlSeconds, now })).toBe('valid');
  expect(await checkMediaSignature(secret, 'video', 'video-1', expires, signature, { ttlSeconds, now: Number(expires) * 1000 + 1 })).toBe('expired');
  expect(await checkMediaSignature('another-secret-entirely', 'video', 'video-1', expires, signature, { ttlSeconds, now })).toBe('invalid');
  expect(await checkMediaSignature(secret, 'subtitle', 'video-1', expires, signature, { ttlSeconds, now })).toBe('invalid');
});

it('within the same five minutes the same video gets the same URL (the browser cache holds)', async () => {
  let clock = now;
  const signer = createMediaSigner(secret, 60 * 60, () => clock);
  const first = await signer.videoUrl('v');
  clock += 60_000;
  expect(await signer.videoUrl('v')).toBe(first);
});

it('signs subtitles under their own kind', async () => {
  const signer = createMediaSigner(secret, 60, () => now);
  const { path, expires, signature } = partsOf(await signer.subtitleUrl('video-1'));
  expect(path).toBe('/v1/media/subtitle/video-1');
  expect(await checkMediaSignature(secret, 'subtitle', 'video-1', expires, signature, { ttlSeconds: 60, now })).toBe('valid');
});

it('refuses a genuine signature whose expiry lies further ahead than the lifetime and its rounding allow', async () => {
  const signer = createMediaSigner(secret, ttlSeconds, () => now);
  const { expires, signature } = partsOf(await signer.videoUrl('video-1'));
  // The same URL checked by a media service whose lifetime is an hour shorter: it outlives what that allows.
  expect(await checkMediaSignature(secret, 'video', 'video-1', expires, signature, { ttlSeconds: ttlSeconds - 3600, now })).toBe('invalid');
  const tenYears = String(Math.floor(now / 1000) + 10 * 365 * 24 * 60 * 60);
  const forever = partsOf(await signMediaUrl(secret, 'video', 'video-1', Number(tenYears)));
  expect(await checkMediaSignature(secret, 'video', 'video-1', forever.expires, forever.signature, { ttlSeconds, now })).toBe('invalid');
});

it("signs a video's HLS ladder in the path, under its own kind, with the same expiry as its MP4 URL", async () => {
  const signer = createMediaSigner(secret, ttlSeconds, () => now);
  const [, expires, signature] = /^\/v1\/media\/hls\/(\d+)\/([\w-]{43})\/video-1\/master\.m3u8$/.exec(await signer.ladderUrl('video-1'))!;
  expect(expires).toBe(partsOf(await signer.videoUrl('video-1')).expires);
  expect(await checkMediaSignature(secret, 'hls', 'video-1', expires, signature, { ttlSeconds, now })).toBe('valid');
  expect(await checkMediaSignature(secret, 'hls', 'video-2', expires, signature, { ttlSeconds, now })).toBe('invalid');
  expect(await checkMediaSignature(secret, 'video', 'video-1', expires, signature, { ttlSeconds, now })).toBe('invalid');
});
