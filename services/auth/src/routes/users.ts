// /v1/users: the administrator's list of users.
import { pageQuery } from '@learning/contracts';
import { notFound, parseInput, requireAdmin, type ServiceContext } from '@learning/kit';
import { Router } from 'express';
import { findAccount, listUsers, userView } from '../accounts.js';
import type { AuthTables } from '../tables.js';

export function userRoutes({ db }: ServiceContext<AuthTables>): Router {
  const router = Router();

  // Administrator.
  router.get('/v1/users', requireAdmin, async (req, res) => {
    res.json(await listUsers(db, parseInput(pageQuery, req.query)));
  });

  // Administrator.
  router.get('/v1/users/:id', requireAdmin, async (req, res) => {
    const account = await findAccount(db, req.params.id as string);
    if (!account) throw notFound('Хэрэглэгч олдсонгүй.', 'user_not_found');
    res.json(await userView(db, account));
  });

  return router;
}
