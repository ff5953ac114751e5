// An embedded database in memory (the tests' platforms) starts from a copy of a fresh one, loaded with
// PGlite's own `loadDataDir`, instead of running initdb each time, which is most of what a new
// database costs. The copy (PGlite's `dumpDataDir`) is made once per PGlite version
// and kept in the system's temporary folder, so every test file after the first starts from it.
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

let fresh: Promise<Blob> | undefined;

export async function createInMemoryPglite(options: PGliteOptions = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  fresh ??= freshDatabase(PGlite).catch((error: unknown) => {
    fresh = undefined;
    throw error;
  });
  return PGlite.create({ ...options, loadDataDir: await fresh });
}

async function freshDatabase(PGliteClass: typeof PGlite): Promise<Blob> {
  // One copy per user: another's in a shared temporary folder is neither trusted nor overwritten.
  const kept = path.join(tmpdir(), `pglite-${await pgliteVersion()}-fresh-database-${userInfo().uid}.tar`);
  const bytes = await readFile(kept).catch(() => undefined);
  if (bytes) return new Blob([bytes]);
  const made = await PGliteClass.create();
  try {
    const dump = await made.dumpDataDir('none');
    // Written whole, then renamed: another process never reads half a copy. A folder that cannot
    // take it costs only the next database's initdb.
    const partial = `${kept}.${randomUUID()}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
      .then(() => rename(partial, kept))
      .catch(() => rm(partial, { force: true }));
    return dump;
  } finally {
    await made.close();
  }
}

/** The installed PGlite's version (its package exports no package.json, so it is found beside its entry). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').then(JSON.parse, () => undefined);
    if (manifest?.name === '@electric-sql/pglite') return manifest.version;
    if (path.dirname(dir) === dir) throw new Error('PGlite\'s package.json was not found');
    dir = path.dirname(dir);
  }
}
