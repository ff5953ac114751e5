// Who is calling, for what only the platform itself may ask (metrics, another service's internal
// calls): a caller presenting the shared bearer token, or one on this machine that no proxy relays.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from './errors.js';

export function isBearer(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!given) return false;
  // Digests are of equal length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(given), digest(token));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** On this machine, and not relayed by a proxy (nginx on the same host would make everyone local). */
export function isLocalCaller(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? '';
  const isLoopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return isLoopback && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
}

/**
 * Guards a service's `/internal` calls, which only the platform's other services make: with a token
 * (INTERNAL_TOKEN), a caller presenting it; without one, a caller on this machine that no proxy relays.
 */
export function requireInternalCaller(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (token) {
      if (isBearer(req.headers.authorization, token)) return next();
      return next(unauthorized('Дотоод дуудлагад зөв токен илгээнэ үү.', 'internal_token_required'));
    }
    if (isLocalCaller(req)) return next();
    next(forbidden('Дотоод дуудлагыг зөвхөн энэ серверээс хийх боломжтой.', 'internal_local_only'));
  };
}
