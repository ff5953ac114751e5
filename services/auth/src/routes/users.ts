// /v1/users: the administrator's list of users, and the administrator role.
import { auth } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { notFound, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router } from 'express';
import { findAccount, listUsers, userView } from '../accounts.js';
import { setAdministrator } from '../administrators.js';
import type { AuthTables } from '../tables.js';
import type { TokenSettings } from '../tokens.js';

export function userRoutes(context: ServiceContext<AuthTables>, tokens: TokenSettings): Router {
  const { db } = context;
  const router = Router();

  // Administrator: `search` finds users by name or email.
  router.get('/v1/users', requireAdmin, async (req, res) => {
    res.json(await listUsers(db, parseInput(auth.usersQuery, req.query)));
  });

  // Administrator.
  router.get('/v1/users/:id', requireAdmin, async (req, res) => {
    const account = await findAccount(db, req.params.id as string);
    if (!account) throw notFound('Хэрэглэгч олдсонгүй.', 'user_not_found');
    res.json(await userView(db, account));
  });

  // Administrator: grants or removes the role; the user's earlier tokens stop working everywhere.
  router.put('/v1/users/:id/admin', requireAdmin, async (req, res) => {
    const { isAdmin } = parseInput(auth.adminRoleBody, req.body);
    const account = await setAdministrator(db, { actorId: req.principal!.id, userId: req.params.id as string, isAdmin }, tokens.ttlSeconds);
    res.json(await userView(db, account));
  });

  return router;
}
