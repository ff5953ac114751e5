// /v1/documents: the PDFs of the static downloads, by name (documents.ts lists the names).
import { rm } from 'node:fs/promises';
import { pageQuery } from '@learning/contracts';
import { requireAdmin } from '@learning/kit/auth';
import { badRequest, parseInput } from '@learning/kit/http';
import type { ServiceContext } from '@learning/kit/service';
import { Router, type Request } from 'express';
import type { MediaConfig } from '../config.js';
import { deleteDocument, documentFile, documentNotFound, isDocumentName, listDocuments, putDocument } from '../documents.js';
import type { Files } from '../files.js';
import { sendStoredFile } from '../stored-files.js';
import type { MediaTables } from '../tables.js';
import { uploadOf } from '../uploads.js';

/** Express 5 gives a wildcard's segments as an array. */
const nameOf = (req: Request) => ([] as string[]).concat(req.params.name as string | string[]).join('/');

export function documentRoutes(context: ServiceContext<MediaTables>, files: Files, config: MediaConfig): Router {
  const { db } = context;
  const router = Router();
  const uploadDocument = uploadOf('document', files.spoolDir, config.MEDIA_UPLOAD_LIMIT_BYTES);

  // Administrator.
  router.get('/v1/documents', requireAdmin, async (req, res) => {
    res.json(await listDocuments(db, parseInput(pageQuery, req.query)));
  });

  // Anyone: static downloads. Replaceable, so revalidated by ETag after five minutes.
  router.get('/v1/documents/{*name}', async (req, res) => {
    const file = await documentFile(db, nameOf(req));
    if (!file) throw documentNotFound();
    await sendStoredFile(req, res, files.storage, file, { cacheControl: 'public, max-age=300', fileName: nameOf(req).split('/').pop()! });
  });

  // Administrator: puts or replaces the PDF of that name.
  router.put(
    '/v1/documents/{*name}',
    requireAdmin,
    (req, _res, next) => next(isDocumentName(nameOf(req)) ? undefined : badRequest('Баримт бичгийн нэр буруу байна.', 'bad_document_name')),
    uploadDocument,
    async (req, res) => {
      try {
        res.json(await putDocument(db, files, nameOf(req), req.spooled!));
      } finally {
        await rm(req.spooled!.path, { force: true });
      }
    },
  );

  // Administrator.
  router.delete('/v1/documents/{*name}', requireAdmin, async (req, res) => {
    if (!isDocumentName(nameOf(req))) throw documentNotFound();
    await deleteDocument(db, files, nameOf(req));
    res.status(204).end();
  });

  return router;
}
