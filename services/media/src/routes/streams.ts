// /v1/media/{kind}/{id}: the bytes behind a signed URL (packages/contracts/src/media-urls.ts). The
// catalog signs video and subtitle URLs only for learners approved for the video; media signs
// read-aloud URLs for the administrator. A tampered or expired signature is refused with 403.
// With an nginx in front (MEDIA_ACCEL_REDIRECT), media checks the URL and nginx sends the bytes.
import type { MediaKind } from '@learning/contracts';
import { forbidden, notFound, type ServiceContext } from '@learning/kit';
import { Router } from 'express';
import { aloudFile } from '../alouds.js';
import type { Files } from '../files.js';
import type { KeptVideoFiles } from '../kept-video-files.js';
import { handOverToNginx, sendStoredFile, type StoredFile } from '../stored-files.js';
import { checkSignaturesOnce } from '../signature-checks.js';
import type { MediaTables } from '../tables.js';
import { videoFile } from '../videos.js';

/** A video's and a recording's bytes never change under their id; subtitles can be replaced, so they are revalidated. */
const cacheControls: Record<MediaKind, string> = {
  video: 'private, max-age=3600',
  subtitle: 'private, no-cache',
  aloud: 'private, max-age=3600',
};

export function streamRoutes(context: ServiceContext<MediaTables>, files: Files, videoFiles: KeptVideoFiles, secret: string, accelRedirect?: string): Router {
  const router = Router();
  const checkSignature = checkSignaturesOnce(secret);
  const finders: Record<MediaKind, (id: string) => Promise<StoredFile | undefined>> = {
    video: (id) => videoFiles.find(id),
    // Subtitles can be replaced, and a recording gains its mp3 rendition after upload: read each time.
    subtitle: (id) => videoFile(context.db, id, 'subtitle'),
    aloud: (id) => aloudFile(context.db, id),
  };

  // Anyone holding a valid signed URL.
  router.get('/v1/media/:kind/:id', async (req, res) => {
    const { kind, id } = req.params as { kind: string; id: string };
    if (!Object.hasOwn(finders, kind)) throw notFound();
    const { expires, signature } = req.query;
    const check = await checkSignature(kind as MediaKind, id, asText(expires), asText(signature));
    if (check === 'expired') throw forbidden('Холбоосын хугацаа дууссан. Хуудсаа дахин ачаална уу.', 'media_url_expired');
    if (check !== 'valid') throw forbidden('Холбоос хүчингүй байна.', 'media_url_invalid');
    const file = await finders[kind as MediaKind](id);
    if (!file) throw notFound('Файл олдсонгүй.', 'file_not_found');
    const options = { cacheControl: cacheControls[kind as MediaKind] };
    if (accelRedirect) handOverToNginx(res, accelRedirect, file, options);
    else await sendStoredFile(req, res, files.storage, file, options);
  });

  return router;
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
