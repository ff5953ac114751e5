// /v1/media/{kind}/{id}: the bytes behind a signed URL (packages/contracts/src/media-urls.ts). The
// catalog signs video and subtitle URLs only for learners approved for the video; media signs
// read-aloud URLs for the administrator. A tampered or expired signature is refused with 403.
// /v1/media/hls/{expires}/{signature}/{videoId}/{file}: a video's HLS ladder, signed once in the path
// for all its files (the playlists' relative links inherit it).
// With MEDIA_ACCEL_REDIRECT, media checks the URL and the proxy in front sends the bytes: nginx, or
// the gateway itself on the all-in-one start.
import { fileNotFound, forbidden, notFound } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import type { MediaKind, SignedMediaKind } from '@learning/contracts';
import { Router, type Request } from 'express';
import { aloudFile } from '../alouds.js';
import type { Files } from '../files.js';
import type { KeptVideoFiles } from '../kept-video-files.js';
import { isPlaylist, ladderFile } from '../ladder-files.js';
import { checkSignaturesOnce, type SignatureCheck } from '../signature-checks.js';
import { handOverToProxy, sendStoredFile, type StoredFile } from '../stored-files.js';
import type { MediaTables } from '../tables.js';
import { videoFile } from '../videos.js';

/** A video's and a recording's bytes never change under their id; subtitles can be replaced, so they are revalidated. */
const cacheControls: Record<MediaKind, string> = {
  video: 'private, max-age=3600',
  subtitle: 'private, no-cache',
  aloud: 'private, max-age=3600',
};

export function streamRoutes(
  context: ServiceContext<MediaTables>,
  files: Files,
  videoFiles: KeptVideoFiles,
  signing: { secret: string; ttlSeconds: number },
  accelRedirect?: string,
): Router {
  const checkSignature = checkSignaturesOnce(signing.secret, signing.ttlSeconds);
  const finders: Record<MediaKind, (id: string) => Promise<StoredFile | undefined>> = {
    video: (id) => videoFiles.find(id),
    // Subtitles can be replaced, and a recording gains its mp3 rendition after upload: read each time.
    subtitle: (id) => videoFile(context.db, id, 'subtitle'),
    aloud: (id) => aloudFile(context.db, id),
  };
  const router = Router();

  // Anyone holding a valid signed URL.
  router.get('/v1/media/:kind/:id', async (req, res) => {
    const { kind: named, id } = req.params as { kind: string; id: string };
    if (!Object.hasOwn(finders, named)) throw notFound();
    const kind = named as MediaKind;
    const { expires, signature } = signedQuery(req);
    await requireSigned(checkSignature, kind, id, expires, signature);
    const file = await finders[kind](id);
    if (!file) throw fileNotFound();
    const options = { cacheControl: cacheControls[kind] };
    if (accelRedirect) handOverToProxy(req, res, accelRedirect, file, kind === 'video' ? { ...options, keptByNginxUntil: Number(expires) } : options);
    else await sendStoredFile(req, res, files.storage, file, options);
  });

  // Anyone holding a valid signed HLS path: the ladder's files never change under it, so a proxy in
  // front keeps each file's hand-over until the path expires.
  router.get('/v1/media/hls/:expires/:signature/:videoId/{*file}', async (req, res) => {
    const { expires, signature, videoId, file: path = [] } = req.params as { expires: string; signature: string; videoId: string; file?: string[] };
    await requireSigned(checkSignature, 'hls', videoId, expires, signature);
    const file = await ladderFile(context.db, videoId, path);
    if (!file) throw fileNotFound();
    // A playlist may be kept by the browser while its path stands; a segment as long as a video.
    const secondsLeft = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    const options = { cacheControl: isPlaylist(file) ? `private, max-age=${secondsLeft}` : cacheControls.video };
    if (accelRedirect) handOverToProxy(req, res, accelRedirect, file, { ...options, keptByNginxUntil: Number(expires) });
    else await sendStoredFile(req, res, files.storage, file, options);
  });

  return router;
}

/** A tampered or expired signature is refused (403) before anything is looked up. */
async function requireSigned(checkSignature: SignatureCheck, kind: SignedMediaKind, id: string, expires: string | undefined, signature: string | undefined): Promise<void> {
  const check = await checkSignature(kind, id, expires, signature);
  if (check === 'expired') throw forbidden('Холбоосын хугацаа дууссан. Хуудсаа дахин ачаална уу.', 'media_url_expired');
  if (check !== 'valid') throw forbidden('Холбоос хүчингүй байна.', 'media_url_invalid');
}

/** A name given twice is no signed URL's: it matches no signature. */
function signedQuery(req: Request): { expires?: string; signature?: string } {
  const { expires, signature } = req.query;
  return { expires: typeof expires === 'string' ? expires : undefined, signature: typeof signature === 'string' ? signature : undefined };
}
