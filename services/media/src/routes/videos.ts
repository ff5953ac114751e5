// /v1/files/monsterplan-videos and /v1/files/lesson-videos: the administrator's videos of each kind.
import { readFile, rm } from 'node:fs/promises';
import { media, pageQuery } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { conflict, notFound, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type Request } from 'express';
import type { MediaConfig } from '../config.js';
import type { Files } from '../files.js';
import type { KeptVideoFiles } from '../kept-video-files.js';
import { sendStoredFile } from '../stored-files.js';
import { toWebVtt } from '../subtitles.js';
import type { MediaTables, VideoKind } from '../tables.js';
import type { Transcoder } from '../transcoding.js';
import { retryTranscoding } from '../transcoding-queue.js';
import { uploadOf } from '../uploads.js';
import { createVideo, deleteVideo, findVideo, listVideos, publishVideo, setSubtitle, videoFile } from '../videos.js';

const videoKinds: readonly VideoKind[] = ['monsterplan', 'lesson'];

/** The spool file goes whatever happens: moved into the storage, or removed here. */
async function withSpooled<T>(req: Request, use: (spooled: NonNullable<Request['spooled']>) => Promise<T>): Promise<T> {
  try {
    return await use(req.spooled!);
  } finally {
    await rm(req.spooled!.path, { force: true });
  }
}

export function videoRoutes(context: ServiceContext<MediaTables>, files: Files, videoFiles: KeptVideoFiles, config: MediaConfig, transcoder: Transcoder): Router {
  const { db } = context;
  const router = Router();
  const uploadVideo = uploadOf('video', files.spoolDir, config.MEDIA_UPLOAD_LIMIT_BYTES);
  const uploadSubtitle = uploadOf('subtitle', files.spoolDir, config.MEDIA_UPLOAD_LIMIT_BYTES);

  for (const kind of videoKinds) {
    const base = `/v1/files/${kind}-videos`;
    const id = (req: Request) => req.params.id as string;

    // Administrator, every route below.
    router.get(base, requireAdmin, async (req, res) => {
      res.json(await listVideos(db, kind, parseInput(pageQuery, req.query)));
    });

    router.post(base, requireAdmin, uploadVideo, async (req, res) => {
      res.status(201).json(await withSpooled(req, (spooled) => createVideo(db, files, kind, spooled, { transcode: transcoder.isEnabled() })));
    });

    router.get(`${base}/:id`, requireAdmin, async (req, res) => {
      res.json(await findVideo(db, kind, id(req)));
    });

    // The spec's "Publish": {id, name, translateUrl}; the path names the video.
    router.put(`${base}/:id`, requireAdmin, async (req, res) => {
      const video = await publishVideo(db, kind, id(req), parseInput(media.videoUpdateBody, req.body));
      res.json(video);
    });

    router.delete(`${base}/:id`, requireAdmin, async (req, res) => {
      await deleteVideo(db, files, kind, id(req));
      // A job under way for it stops here, its partial ladder gone before the answer.
      await transcoder.drop(id(req));
      videoFiles.forget(id(req));
      res.status(204).end();
    });

    router.post(`${base}/:id/subtitle`, requireAdmin, uploadSubtitle, async (req, res) => {
      const webvtt = await withSpooled(req, async (spooled) => toWebVtt(await readFile(spooled.path)));
      const video = await setSubtitle(db, files, kind, id(req), webvtt);
      res.json(video);
    });

    router.delete(`${base}/:id/subtitle`, requireAdmin, async (req, res) => {
      const video = await setSubtitle(db, files, kind, id(req), null);
      res.json(video);
    });

    // Retries a failed transcoding (202: the job is queued; the list shows its progress).
    router.post(`${base}/:id/transcoding`, requireAdmin, async (req, res) => {
      // A job queued here would wait for ever: no worker runs (MEDIA_TRANSCODE=0, or no ffmpeg).
      if (!transcoder.isEnabled()) throw conflict('Энэ серверт видео хөрвүүлэх боломжгүй байна (хөрвүүлэлт унтраалттай эсвэл ffmpeg алга).', 'transcoding_off');
      await retryTranscoding(db, kind, id(req));
      res.status(202).json(await findVideo(db, kind, id(req)));
    });

    router.get(`${base}/:id/poster`, requireAdmin, async (req, res) => {
      await findVideo(db, kind, id(req));
      const poster = await videoFile(db, id(req), 'poster');
      if (!poster) throw notFound('Видеоны зураг алга.', 'poster_not_found');
      await sendStoredFile(req, res, files.storage, poster, { cacheControl: 'private, max-age=3600' });
    });
  }
  return router;
}
