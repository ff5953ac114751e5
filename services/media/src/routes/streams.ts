// /v1/media/{kind}/{id}: the bytes behind a signed URL (packages/contracts/src/media-urls.ts). The
// catalog signs video and subtitle URLs only for learners approved for the video; media signs
// read-aloud URLs for the administrator. A tampered or expired signature is refused with 403.
import { checkMediaSignature, type MediaKind } from '@learning/contracts';
import { forbidden, notFound, type ServiceContext } from '@learning/kit';
import { Router } from 'express';
import { aloudFile } from '../alouds.js';
import type { Files } from '../files.js';
import { sendStoredFile, type StoredFile } from '../stored-files.js';
import type { MediaDb, MediaTables } from '../tables.js';
import { videoFile } from '../videos.js';

const finders: Record<MediaKind, (db: MediaDb, id: string) => Promise<StoredFile | undefined>> = {
  video: (db, id) => videoFile(db, id, 'video'),
  subtitle: (db, id) => videoFile(db, id, 'subtitle'),
  aloud: aloudFile,
};

/** A video's and a recording's bytes never change under their id; subtitles can be replaced, so they are revalidated. */
const cacheControls: Record<MediaKind, string> = {
  video: 'private, max-age=3600',
  subtitle: 'private, no-cache',
  aloud: 'private, max-age=3600',
};

export function streamRoutes(context: ServiceContext<MediaTables>, files: Files, secret: string): Router {
  const router = Router();

  // Anyone holding a valid signed URL.
  router.get('/v1/media/:kind/:id', async (req, res) => {
    const { kind, id } = req.params as { kind: string; id: string };
    if (!Object.hasOwn(finders, kind)) throw notFound();
    const { expires, signature } = req.query;
    const check = await checkMediaSignature(secret, kind as MediaKind, id, asText(expires), asText(signature));
    if (check === 'expired') throw forbidden('Холбоосын хугацаа дууссан. Хуудсаа дахин ачаална уу.', 'media_url_expired');
    if (check !== 'valid') throw forbidden('Холбоос хүчингүй байна.', 'media_url_invalid');
    const file = await finders[kind as MediaKind](context.db, id);
    if (!file) throw notFound('Файл олдсонгүй.', 'file_not_found');
    await sendStoredFile(req, res, files.storage, file, { cacheControl: cacheControls[kind as MediaKind] });
  });

  return router;
}

function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
