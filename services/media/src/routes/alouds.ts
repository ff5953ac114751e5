// /v1/monsterplans/aloud: learners' read-aloud recordings (the rest of /v1/monsterplans is the catalog's and the exam's).
import { rm } from 'node:fs/promises';
import { media, mediaUrlExpiry, signMediaUrl } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type RequestHandler } from 'express';
import { createAloud, listAlouds, releaseAloud, reserveAloud } from '../alouds.js';
import type { MediaConfig } from '../config.js';
import type { Files } from '../files.js';
import type { MediaTables } from '../tables.js';
import { uploadOf } from '../uploads.js';

interface AloudReservation {
  reservationId: string;
  release: () => Promise<void>;
}

export function aloudRoutes(context: ServiceContext<MediaTables>, files: Files, config: MediaConfig, secret: string): Router {
  const { db } = context;
  const router = Router();
  const uploadAloud = uploadOf('aloud', files.spoolDir, config.MEDIA_ALOUD_LIMIT_BYTES);
  const perDay = config.MEDIA_ALOUDS_PER_DAY;
  // Before the body is read: a learner at the day's bound sends no bytes to the spool and starts no
  // conversion. The place is given back however the upload ends unkept, before its answer where the
  // route sees the end (a refused or failed upload), else when the connection closes.
  const reserveDay: RequestHandler = async (req, res, next) => {
    const reservationId = await reserveAloud(db, req.principal!.id, perDay);
    let isReleased = false;
    const release = async () => {
      if (isReleased) return;
      isReleased = true;
      await releaseAloud(db, reservationId).catch((error: unknown) => context.logger.warn({ err: error }, 'a read-aloud reservation was not given back; it lapses by itself'));
    };
    res.locals.aloud = { reservationId, release };
    res.once('close', () => void release());
    uploadAloud(req, res, (error?: unknown) => {
      if (error === undefined || error === 'route' || error === 'router') return next(error);
      void release().then(() => next(error));
    });
  };
  // Rounded up to five minutes, like the catalog's play URLs, so a reloaded list keeps the browser's cache.
  const signUrl = (aloudId: string) =>
    signMediaUrl(secret, 'aloud', aloudId, mediaUrlExpiry(config.MEDIA_URL_TTL_SECONDS));

  // A signed-in user: the multipart field is named `video` (spec section 3), the file must be audio;
  // optional text fields `monsterplan`, `week`, `dayOfWeek` name the plan day (all three or none).
  router.post('/v1/monsterplans/aloud', requireUser, reserveDay, async (req, res) => {
    const { reservationId, release } = res.locals.aloud as AloudReservation;
    try {
      const planDay = parseInput(media.aloudUploadFields, req.body);
      res.status(201).json(await createAloud(db, files, req.principal!.id, req.spooled!, planDay, perDay, reservationId));
    } catch (error) {
      await release();
      throw error;
    } finally {
      await rm(req.spooled!.path, { force: true });
    }
  });

  // Administrator; `user` lists one learner's recordings.
  router.get('/v1/monsterplans/aloud', requireAdmin, async (req, res) => {
    res.set('cache-control', 'private, no-store').json(await listAlouds(db, signUrl, parseInput(media.aloudPageQuery, req.query)));
  });

  return router;
}
