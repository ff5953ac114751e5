// /v1/monsterplans/aloud: learners' read-aloud recordings (the rest of /v1/monsterplans is the catalog's and the exam's).
import { rm } from 'node:fs/promises';
import { media, mediaUrlExpiry, signMediaUrl } from '@learning/contracts';
import { requireAdmin, requireUser } from '@learning/kit/auth';
import { parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type RequestHandler } from 'express';
import { createAloud, ensureAloudAllowed, listAlouds } from '../alouds.js';
import type { MediaConfig } from '../config.js';
import type { Files } from '../files.js';
import type { MediaTables } from '../tables.js';
import { uploadOf } from '../uploads.js';

export function aloudRoutes(context: ServiceContext<MediaTables>, files: Files, config: MediaConfig, secret: string): Router {
  const { db } = context;
  const router = Router();
  const uploadAloud = uploadOf('aloud', files.spoolDir, config.MEDIA_ALOUD_LIMIT_BYTES);
  const perDay = config.MEDIA_ALOUDS_PER_DAY;
  // Before the body is read: a learner at the day's bound sends no bytes to the spool.
  const withinDay: RequestHandler = async (req, _res, next) => {
    await ensureAloudAllowed(db, req.principal!.id, perDay);
    next();
  };
  // Rounded up to five minutes, like the catalog's play URLs, so a reloaded list keeps the browser's cache.
  const signUrl = (aloudId: string) =>
    signMediaUrl(secret, 'aloud', aloudId, mediaUrlExpiry(config.MEDIA_URL_TTL_SECONDS));

  // A signed-in user: the multipart field is named `video` (spec section 3), the file must be audio;
  // optional text fields `monsterplan`, `week`, `dayOfWeek` name the plan day (all three or none).
  router.post('/v1/monsterplans/aloud', requireUser, withinDay, uploadAloud, async (req, res) => {
    try {
      const planDay = parseInput(media.aloudUploadFields, req.body);
      res.status(201).json(await createAloud(db, files, req.principal!.id, req.spooled!, planDay, perDay));
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
