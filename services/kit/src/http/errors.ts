// The one error type a service throws: HTTP status, a stable code and a message fit to show a learner.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message = 'Хүсэлт буруу байна.', code = 'bad_request') =>
  new HttpError(400, code, message);
export const unauthorized = (message = 'Нэвтэрч орно уу.', code = 'unauthorized') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'Танд энэ үйлдлийг хийх эрх байхгүй.', code = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Олдсонгүй.', code = 'not_found') => new HttpError(404, code, message);
export const payloadTooLarge = (message = 'Хүсэлт хэтэрхий том байна.', code = 'payload_too_large') =>
  new HttpError(413, code, message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);

/** A stored file's: media sends it, or the gateway sends it for media (X-Accel-Redirect). */
export const fileNotFound = () => notFound('Файл олдсонгүй.', 'file_not_found');
export const rangeNotSatisfiable = () => new HttpError(416, 'range_not_satisfiable', 'Хүссэн хэсэг файлын хэмжээнээс гадуур байна.');

export const internalErrorMessage = 'Системд алдаа гарлаа. Дахин оролдоно уу.';
