// /v1/centre: the centre's name and contact (CENTRE_*), for /help, the payment instructions and the
// workshop page; the mails carry the same.
import type { auth } from '@learning/contracts';
import { Router } from 'express';

export function centreRoutes(centre: auth.Centre): Router {
  const router = Router();
  // Anyone.
  router.get('/v1/centre', (_req, res) => {
    res.set('cache-control', 'public, max-age=300').json(centre);
  });
  return router;
}
