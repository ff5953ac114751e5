// /v1/media/{kind}/{id}: the bytes behind a signed URL (packages/contracts/src/media-urls.ts). The
// catalog signs video and subtitle URLs only for learners approved for the video; media signs
// read-aloud URLs for the administrator. A tampered or expired signature is refused with 403.
// With MEDIA_ACCEL_REDIRECT, media checks the URL and the proxy in front sends the bytes: nginx, or
// the gateway itself on the all-in-one start.
import { fileNotFound, forbidden, notFound, type ServiceContext } from '@learning/kit';
import type { MediaKind } from '@learning/contracts';
import { Router, type Request } from 'express';
import { aloudFile } from '../alouds.js';
import type { Files } from '../files.js';
import type { KeptVideoFiles } from '../kept-video-files.js';
import { checkSignaturesOnce } from '../signature-checks.js';
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
    const check = await checkSignature(kind, id, expires, signature);
    if (check === 'expired') throw forbidden('Холбоосын хугацаа дууссан. Хуудсаа дахин ачаална уу.', 'media_url_expired');
    if (check !== 'valid') throw forbidden('Холбоос хүчингүй байна.', 'media_url_invalid');
    const file = await finders[kind](id);
    if (!file) throw fileNotFound();
    const options = { cacheControl: cacheControls[kind] };
    if (accelRedirect) handOverToProxy(req, res, accelRedirect, file, kind === 'video' ? { ...options, keptByNginxUntil: Number(expires) } : options);
    else await sendStoredFile(req, res, files.storage, file, options);
  });

  return router;
}

/** A name given twice is no signed URL's: it matches no signature. */
function signedQuery(req: Request): { expires?: string; signature?: string } {
  const { expires, signature } = req.query;
  return { expires: typeof expires === 'string' ? expires : undefined, signature: typeof signature === 'string' ? signature : undefined };
}
