// The documents of spec section 7's static downloads (the introduction, the workshop brochure, the
// three brochures and each plan's per-day read-aloud texts): PDFs by name, served to anyone,
// replaced by the administrator.
import { randomUUID } from 'node:crypto';
import type { media, Page, PageQuery } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { notFound } from '@learning/kit/http';
import type { Files } from './files.js';
import type { SpooledFile } from './spool.js';
import { findFile, forgetFiles, recordFile, removeBytes, type StoredFile } from './stored-files.js';
import type { MediaDb } from './tables.js';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const documentName = new RegExp(`^(?:introduction|workshop|brochure-[1-3]|monsterplans/${uuid}/aloud/week-[1-9][0-9]?-day-[1-7])\\.pdf$`);

export const documentNotFound = () => notFound('Баримт бичиг олдсонгүй.', 'document_not_found');

export function isDocumentName(name: string): boolean {
  return documentName.test(name);
}

export const documentUrl = (name: string) => `/v1/documents/${name}`;

/** The read-aloud text of a plan's day. */
export const aloudDocumentName = (monsterplanId: string, week: number, dayOfWeek: number) =>
  `monsterplans/${monsterplanId}/aloud/week-${week}-day-${dayOfWeek}.pdf`;

export async function listDocuments(db: MediaDb, { perPage, currentPage }: PageQuery): Promise<Page<media.MediaDocument>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('document')
      .innerJoin('stored_file', 'stored_file.key', 'document.file_key')
      .select(['document.name', 'document.updated_at', 'stored_file.size'])
      .orderBy('document.name')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    db.selectFrom('document').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    result: rows.map((row) => ({ name: row.name, size: Number(row.size), updatedAt: row.updated_at.toISOString(), url: documentUrl(row.name) })),
    total: Number(count.total),
  };
}

export async function documentFile(db: MediaDb, name: string): Promise<StoredFile | undefined> {
  if (!isDocumentName(name)) return undefined;
  const row = await db.selectFrom('document').select('file_key').where('name', '=', name).executeTakeFirst();
  return row && findFile(db, row.file_key);
}

/** Keeps an uploaded PDF under `name`, replacing the one before it. */
export async function putDocument(db: MediaDb, files: Files, name: string, upload: SpooledFile): Promise<media.MediaDocument> {
  const key = `documents/${randomUUID()}.pdf`;
  await files.storage.putFile(key, upload.path);
  return keepDocument(db, files, name, { key, contentType: 'application/pdf', size: upload.size, etag: upload.etag });
}

async function keepDocument(db: MediaDb, files: Files, name: string, file: Omit<StoredFile, 'createdAt'>): Promise<media.MediaDocument> {
  let old: string[];
  try {
    old = await transaction(db, async (trx) => {
      const before = await trx.selectFrom('document').select('file_key').where('name', '=', name).forUpdate().executeTakeFirst();
      await recordFile(trx, file);
      const updatedAt = new Date();
      await trx
        .insertInto('document')
        .values({ name, file_key: file.key, updated_at: updatedAt })
        .onConflict((c) => c.column('name').doUpdateSet({ file_key: file.key, updated_at: updatedAt }))
        .execute();
      return forgetFiles(trx, [before?.file_key ?? null]);
    });
  } catch (error) {
    await files.storage.remove(file.key);
    throw error;
  }
  await removeBytes(files.storage, old);
  return { name, size: file.size, updatedAt: new Date().toISOString(), url: documentUrl(name) };
}

export async function deleteDocument(db: MediaDb, files: Files, name: string): Promise<void> {
  const keys = await transaction(db, async (trx) => {
    const row = await trx.deleteFrom('document').where('name', '=', name).returning('file_key').executeTakeFirst();
    if (!row) throw documentNotFound();
    return forgetFiles(trx, [row.file_key]);
  });
  await removeBytes(files.storage, keys);
}
