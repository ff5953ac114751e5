// The API's documentation, for anyone: the OpenAPI 3.1 document of every /v1 call at /openapi.json
// (made from the zod schemas in packages/contracts) and Redoc's page of it at /docs, Redoc's
// standalone bundle served from node_modules, so the page needs no other origin.
import { createRequire } from 'node:module';
import { openApiDocument } from '@learning/contracts/openapi';
import { Router } from 'express';

export const docsBundlePath = '/docs/redoc.standalone.js';

const redocBundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * The page's own policy, in place of the pages' (security-headers.ts): Redoc's styled-components
 * write <style> elements and its search runs in a worker made from a blob. Scripts stay our own, and
 * nothing loads from elsewhere: the logo Redoc's footer asks of Redocly's site is refused (img-src).
 */
export const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API · Сургалтын платформ</title>
<link rel="icon" href="data:,">
</head>
<body>
<redoc spec-url="/openapi.json"></redoc>
<script src="${docsBundlePath}"></script>
</body>
</html>
`;

export function serveApiDocs(): Router {
  const router = Router();
  const document = JSON.stringify(openApiDocument());

  router.get('/openapi.json', (_req, res) => {
    res.set('cache-control', 'no-cache').type('json').send(document);
  });

  router.get('/docs', (_req, res) => {
    res.set({ 'cache-control': 'no-cache', 'content-security-policy': docsContentSecurityPolicy }).type('html').send(docsPage);
  });

  router.get(docsBundlePath, (_req, res) => {
    res.sendFile(redocBundle, { cacheControl: false, headers: { 'cache-control': 'no-cache' } });
  });

  return router;
}
