// /v1/centre: the centre's name, contact and logo, for the header, /help, the payment instructions and
// the workshop page (the mails carry the same); /v1/centre/logo: the logo an administrator uploaded.
import { auth } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { badRequest, HttpError, matchesEtag, notFound, payloadTooLarge } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { currentCentre, logoTypeOf, removeLogo, saveLogo, uploadedLogo } from '../centre.js';
import type { AuthTables } from '../tables.js';

export function centreRoutes(context: ServiceContext<AuthTables>, configured: auth.Centre): Router {
  const { db } = context;
  const router = Router();

  // Anyone. Never kept by the browser: an administrator may change the logo.
  router.get('/v1/centre', async (_req, res) => {
    res.set('cache-control', 'no-cache').json(await currentCentre(db, configured));
  });

  // Anyone. Its address carries its version, so it may be kept a long time.
  router.get(auth.centreLogo.path, async (req, res) => {
    const logo = await uploadedLogo(db);
    if (!logo) throw notFound('Төвийн лого байршуулаагүй байна.', 'logo_not_found');
    const etag = `"${logo.version}"`;
    res.set({ 'cache-control': 'public, max-age=86400', etag, 'last-modified': logo.updated_at.toUTCString() });
    if (matchesEtag(req.headers['if-none-match'], etag)) return void res.status(304).end();
    res.type(logo.content_type).send(logo.bytes);
  });

  // Administrator: a PNG, JPEG or WebP picture in the multipart field `file`; it replaces CENTRE_LOGO_URL.
  router.put(auth.centreLogo.path, requireAdmin, receiveLogo(), async (req, res) => {
    if (!req.file) throw badRequest('Логоны зургаа «file» талбараар илгээнэ үү.', 'logo_missing');
    const type = logoTypeOf(req.file.buffer);
    if (!type) throw new HttpError(415, 'logo_not_image', 'Лого PNG, JPEG эсвэл WebP зураг байх ёстой.');
    await saveLogo(db, req.file.buffer, type);
    res.json(await currentCentre(db, configured));
  });

  // Administrator: back to CENTRE_LOGO_URL, or to none.
  router.delete(auth.centreLogo.path, requireAdmin, async (_req, res) => {
    await removeLogo(db);
    res.json(await currentCentre(db, configured));
  });

  return router;
}

/** One file in memory, at most auth.centreLogo.maxBytes; multer's errors become Mongolian ones. */
function receiveLogo(): RequestHandler {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: auth.centreLogo.maxBytes, files: 1, fields: 5 } }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(badRequest('Файлыг multipart/form-data хэлбэрээр «file» талбарт илгээнэ үү.', 'multipart_expected'));
    single(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return next(payloadTooLarge('Лого 512 КБ-аас ихгүй байх ёстой.', 'logo_too_large'));
      next(badRequest('Логоны зургийг хүлээн авч чадсангүй: «file» талбарт нэг зураг илгээнэ үү.', 'logo_unreadable'));
    });
  };
}
