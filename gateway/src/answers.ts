// The answers the gateway makes itself: its own errors (`{message, code}` in Mongolian, as the
// services answer) and JSON, sealed like a service's answer when it is sent from /v1.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, internalErrorMessage, notFound, pathOf } from '@learning/kit/http';
import { isV1Path } from './routing.js';
import { sendSealedJson, type SealJson } from './payload.js';

export const gatewayErrors = {
  notFound: () => notFound(),
  rateLimited: () => new HttpError(429, 'rate_limited', 'Хэт олон оролдлого хийлээ. Түр хүлээгээд дахин оролдоно уу.'),
  serviceUnavailable: () =>
    new HttpError(503, 'service_unavailable', 'Үйлчилгээ түр ажиллахгүй байна. Дахин оролдоно уу.'),
  badGateway: () => new HttpError(502, 'bad_gateway', 'Үйлчилгээнээс буруу хариу ирлээ. Дахин оролдоно уу.'),
  internal: () => new HttpError(500, 'internal', internalErrorMessage),
  /** As the services answer an OPTIONS: the front-ends share the API's origin, so there is no CORS preflight. */
  methodNotAllowed: () => new HttpError(405, 'method_not_allowed', 'Энэ хаяг ийм төрлийн хүсэлт хүлээж авдаггүй.'),
};

export interface Answers {
  json(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void;
  error(req: IncomingMessage, res: ServerResponse, error: HttpError): void;
}

export function createAnswers(sealJson: SealJson | undefined): Answers {
  const json: Answers['json'] = (req, res, status, value) => {
    const text = JSON.stringify(value);
    if (sealJson && isV1Path(askedPath(req))) {
      sendSealedJson(res, status, sealJson(text));
    } else {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(text));
      res.end(text);
    }
  };
  return {
    json,
    error: (req, res, error) => json(req, res, error.status, { message: error.message, code: error.code }),
  };
}

/** The path the client asked for: a router mounted at a prefix (the sign-in limits' /v1/auth) takes it off req.url. */
function askedPath(req: IncomingMessage & { originalUrl?: string }): string {
  return pathOf(req.originalUrl ?? req.url);
}
