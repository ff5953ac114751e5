// /v1/posters/{videoId}: a published video's poster frame, for the plan and bundle cards and a plan's
// days. Anyone may see it: like a shop window it shows what a lesson looks like and holds nothing paid
// for. A frame is made once per upload, so it is cached for a day.
import { notFound } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import type { Files } from '../files.js';
import { sendStoredFile } from '../stored-files.js';
import type { MediaTables } from '../tables.js';
import { videoFile } from '../videos.js';

export function posterRoutes(context: ServiceContext<MediaTables>, files: Files): Router {
  const router = Router();
  // Anyone.
  router.get('/v1/posters/:videoId', async (req, res) => {
    const poster = await videoFile(context.db, req.params.videoId as string, 'poster', { onlyPublished: true });
    if (!poster) throw notFound('Видеоны зураг олдсонгүй.', 'poster_not_found');
    await sendStoredFile(req, res, files.storage, poster, { cacheControl: 'public, max-age=86400' });
  });
  return router;
}
