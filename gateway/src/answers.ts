// The answers the gateway makes itself: its own errors (`{message, code}` in Mongolian, as the
// services answer) and JSON, sealed like a service's answer when it is sent from /v1.
import type { Request, Response } from 'express';
import { HttpError, internalErrorMessage, notFound } from '@learning/kit';
import { isV1Path } from './routing.js';
import { sendSealedJson, type SealJson } from './payload.js';

export const gatewayErrors = {
  notFound: () => notFound(),
  rateLimited: () => new HttpError(429, 'rate_limited', 'Хэт олон оролдлого хийлээ. Түр хүлээгээд дахин оролдоно уу.'),
  serviceUnavailable: () =>
    new HttpError(503, 'service_unavailable', 'Үйлчилгээ түр ажиллахгүй байна. Дахин оролдоно уу.'),
  badGateway: () => new HttpError(502, 'bad_gateway', 'Үйлчилгээнээс буруу хариу ирлээ. Дахин оролдоно уу.'),
  internal: () => new HttpError(500, 'internal', internalErrorMessage),
};

export interface Answers {
  json(req: Request, res: Response, status: number, value: unknown): Promise<void>;
  error(req: Request, res: Response, error: HttpError): Promise<void>;
}

export function createAnswers(sealJson: SealJson | undefined): Answers {
  const json: Answers['json'] = async (req, res, status, value) => {
    const text = JSON.stringify(value);
    if (sealJson && isV1Path(req.path)) {
      sendSealedJson(res, status, sealJson(text));
    } else {
      res.status(status).type('json').send(text);
    }
  };
  return {
    json,
    error: (req, res, error) => json(req, res, error.status, { message: error.message, code: error.code }),
  };
}
