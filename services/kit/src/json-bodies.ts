// How a service reads a JSON body: refused before it is read when it announces more than the limit,
// refused when compressed (no client of ours compresses a request, and a body that lies about its
// encoding would fail deep in zlib), and refused when nested deeper than any call's payload is.
import express, { type RequestHandler } from 'express';
import { announcedLength } from './http-server.js';
import { HttpError, payloadTooLarge } from './errors.js';

/** The deepest nesting any /v1 payload has is 4 (a question bank's answers); JSON.stringify overflows the stack near 10,000. */
export const deepestJson = 32;

/**
 * Refuses at once a body that announces more than `limitBytes`: body parsers would first read all of
 * it (body-parser does, to keep the connection usable), so a client announcing gigabytes waited.
 */
export function refuseBodyOver(limitBytes: number, tooLarge: () => HttpError = payloadTooLarge): RequestHandler {
  return (req, _res, next) => next((announcedLength(req) ?? 0) > limitBytes ? tooLarge() : undefined);
}

export function jsonBodies(limitBytes: number): RequestHandler[] {
  const refuseLarge = refuseBodyOver(limitBytes);
  return [
    (req, res, next) => (req.is('application/json') ? refuseLarge(req, res, next) : next()),
    express.json({ limit: limitBytes, inflate: false, verify: (_req, _res, body) => refuseDeepJson(body) }),
  ];
}

const quote = 0x22;
const backslash = 0x5c;
const opening = new Set([0x5b, 0x7b]);
const closing = new Set([0x5d, 0x7d]);

/** Counts brackets outside strings in the raw bytes, before JSON.parse builds anything. */
function refuseDeepJson(body: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const byte = body[index]!;
    if (inString) {
      if (byte === backslash) index++;
      else if (byte === quote) inString = false;
    } else if (byte === quote) {
      inString = true;
    } else if (opening.has(byte)) {
      if (++depth > deepestJson) throw new HttpError(400, 'json_too_deep', 'Хүсэлтийн JSON хэт олон давхар үүртэй байна.');
    } else if (closing.has(byte)) {
      depth--;
    }
  }
}
