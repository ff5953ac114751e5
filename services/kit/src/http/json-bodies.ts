// How a service reads a JSON body: refused before it is read when it announces more than the limit,
// refused when compressed (no client of ours compresses a request, and a body that lies about its
// encoding would fail deep in zlib), refused when nested deeper than any call's payload is, and
// refused when a string holds U+0000, which no text of ours has and PostgreSQL cannot store.
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
    express.json({ limit: limitBytes, inflate: false, verify: (_req, _res, body) => refuseDeepOrNulJson(body) }),
  ];
}

const quote = 0x22;
const backslash = 0x5c;
const opening = new Set([0x5b, 0x7b]);
const closing = new Set([0x5d, 0x7d]);

/** `\u0000` as JSON escapes it (a raw NUL byte is not valid JSON, and JSON.parse refuses it). */
const escapedNul = Buffer.from('u0000');

/** Counts brackets outside strings in the raw bytes, and looks for escaped NULs in them, before JSON.parse builds anything. */
function refuseDeepOrNulJson(body: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const byte = body[index]!;
    if (inString) {
      if (byte === backslash) {
        if (body.subarray(index + 1, index + 6).equals(escapedNul)) {
          throw new HttpError(400, 'nul_character', 'Хүсэлтийн текстэд тэг тэмдэгт (U+0000) байж болохгүй.');
        }
        index++;
      } else if (byte === quote) inString = false;
    } else if (byte === quote) {
      inString = true;
    } else if (opening.has(byte)) {
      if (++depth > deepestJson) throw new HttpError(400, 'json_too_deep', 'Хүсэлтийн JSON хэт олон давхар үүртэй байна.');
    } else if (closing.has(byte)) {
      depth--;
    }
  }
}
