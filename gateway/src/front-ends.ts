// Serves the built front-ends: the shell and what sits beside it in its dist folder. Content-hashed
// files never change, so they are cached for a year; the entry points (index.html, the federation
// manifest and remote entries, the service worker and the web app manifest) are revalidated on every
// load, so a redeployed remote or shell is picked up on the next visit and versions never mix. Any
// other page navigation gets index.html (history mode).
import { access } from 'node:fs/promises';
import { basename, join } from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { defaultOfflineKeeping, type OfflineKeeping } from './config.js';
import { isV1Path } from './routing.js';

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
const entryPoints = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'sw.js', 'offline-progress.js', 'manifest.webmanifest']);
/** `main.3f2a9c1b.js`, `412.0c4d2e9fa1b3c5d7e9f1.chunk.js`: webpack's [contenthash], 8 hex digits or more. */
const contentHashed = /[.-][0-9a-f]{8,}[.-]/i;

export function cacheControlFor(file: string): string | undefined {
  const name = basename(file);
  if (entryPoints.has(name)) return revalidate;
  if (contentHashed.test(name)) return immutable;
  return undefined;
}

/** A remote front-end: where its build lies here (if the gateway serves it) and its manifest's URL. */
export interface RemoteFrontEnd {
  dir?: string | undefined;
  manifestUrl: string;
}

/**
 * The shell at `/`, each remote's build at `/remotes/<name>/`, and the two documents the shell
 * reads at run time: `/remotes.json` (where each remote's mf-manifest.json is, from configuration,
 * so a remote is redeployed without rebuilding the shell) and `/config.json` (the payload secret,
 * which only obscures payloads: TLS protects them, and what the pages keep offline).
 */
export function serveFrontEnds(
  staticDir: string | undefined,
  remotes: Record<string, RemoteFrontEnd> = {},
  runtime: { payloadSecret?: string | undefined; offline?: OfflineKeeping | undefined } = {},
): Router {
  const router = Router();
  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', revalidate);
    res.json(Object.fromEntries(Object.entries(remotes).map(([name, remote]) => [name, remote.manifestUrl])));
  });
  router.get('/config.json', (_req, res) => {
    res.setHeader('Cache-Control', revalidate);
    res.json({ payloadSecret: runtime.payloadSecret ?? null, offline: runtime.offline ?? defaultOfflineKeeping });
  });
  for (const [name, remote] of Object.entries(remotes)) {
    if (remote.dir) router.use(`/remotes/${name}`, serveBuild(remote.dir), (_req, res) => res.status(404).end());
  }
  if (staticDir) router.use(serveBuild(staticDir));
  router.use(async (req, res, next) => {
    if (!isPageNavigation(req)) return next();
    const index = staticDir ? join(staticDir, 'index.html') : undefined;
    if (index && (await exists(index))) {
      res.setHeader('Cache-Control', revalidate);
      res.sendFile(index, { cacheControl: false });
    } else {
      answerNotBuilt(res);
    }
  });
  return router;
}

function serveBuild(dir: string) {
  return express.static(dir, {
    setHeaders: (res, file) => {
      const cacheControl = cacheControlFor(file);
      if (cacheControl) res.setHeader('Cache-Control', cacheControl);
    },
  });
}

/** A browser asking for a page (not a call, not a file), e.g. a reload on /product-monster-plan/42. */
function isPageNavigation(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/') return true;
  if (isV1Path(req.path) || req.path.startsWith('/remotes/')) return false;
  const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

const notBuiltPage = `<!doctype html>
<html lang="mn">
<head><meta charset="utf-8"><title>Сургалтын платформ</title></head>
<body>
<h1>Вэб хуудас хараахан бэлтгэгдээгүй байна.</h1>
<p>Урд талын хэсгийг (front-end) бүтээгээд дахин ачаална уу: <code>npm run build</code>.</p>
<hr>
<p lang="en">The front-end is not built yet. Build it (<code>npm run build</code>) and reload; the /v1 API works meanwhile.</p>
</body>
</html>
`;

function answerNotBuilt(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).type('html').send(notBuiltPage);
}
