// /v1/notifications: the signed-in learner's own notifications, the unread count the menu
// polls, and marking them read.
import { pageQuery } from '@learning/contracts';
import { requireUser } from '@learning/kit/auth';
import { matchesEtag, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { countUnread, listNotifications, markAllRead, markRead } from '../notifications.js';
import type { AuthTables } from '../tables.js';

export function notificationRoutes(context: ServiceContext<AuthTables>): Router {
  const { db } = context;
  const router = Router();

  // Signed in: a page of their own, newest first, with the unread count.
  router.get('/v1/notifications', requireUser, async (req, res) => {
    res.json(await listNotifications(db, req.principal!.id, parseInput(pageQuery, req.query)));
  });

  // Signed in: asked every 5 s by an open page, so an unchanged count is a 304 with no body.
  router.get('/v1/notifications/unread-count', requireUser, async (req, res) => {
    const count = await countUnread(db, req.principal!.id);
    const etag = `W/"unread-${count}"`;
    res.setHeader('etag', etag);
    res.setHeader('cache-control', 'private, no-cache');
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.json({ count });
  });

  // Signed in: all of their own read.
  router.put('/v1/notifications/read', requireUser, async (req, res) => {
    res.json(await markAllRead(db, req.principal!.id));
  });

  // Signed in: one of their own read; another's, or an unknown id, is not found.
  router.put('/v1/notifications/:id/read', requireUser, async (req, res) => {
    res.json(await markRead(db, req.principal!.id, req.params.id as string));
  });

  return router;
}
