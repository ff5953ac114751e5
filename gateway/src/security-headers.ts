// The security headers of every answer. Pages: a Content-Security-Policy that allows our own origin
// and the origins the remote front-ends are configured at (REMOTE_*_URL), with images also from the
// centre's logo's (CENTRE_LOGO_URL) and QPay's (the bank apps' logos in its invoices), never framed
// by others.
// Documents (the brochure and aloud-reading PDFs under /v1/documents): framed by our own pages only,
// for the brochure viewer's <iframe>.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { NodeMiddleware } from '@learning/kit/http';

/** The PDFs the pages show in a frame. */
export const documentsPath = '/v1/documents/';

/** Where QPay keeps the bank apps' logos its invoices name. */
export const qpayImagesOrigin = 'https://qpay.mn';

/** The origins of the remotes' manifest URLs that are not on this gateway (`/remotes/…` is). */
export function remoteOrigins(manifestUrls: readonly string[]): string[] {
  const origins = manifestUrls.flatMap((url) => {
    if (!/^https?:\/\//i.test(url)) return [];
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * Helmet's headers, with the CSP of the pages or of the documents, as the path asks. Helmet's options
 * fix every value (no nonce, nothing read from the request), so each policy's headers are taken from
 * helmet once, at start, and set in one step: helmet's own chain of a dozen middlewares per call
 * showed in the gateway's profile under bench/catalog.
 */
export function securityHeaders(remoteManifestUrls: readonly string[], logoUrl?: string): NodeMiddleware {
  const remotes = remoteOrigins(remoteManifestUrls);
  const logo = logoUrl ? remoteOrigins([logoUrl]) : [];
  const pages = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // A remote's manifest is fetched, its remoteEntry.js and chunks load as scripts, its CSS
        // chunks as stylesheets, and its images and fonts come from where it is deployed.
        scriptSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", ...remotes],
        // The centre's logo may be kept elsewhere (CENTRE_LOGO_URL); a QPay invoice's bank apps
        // come with QPay's logos.
        imgSrc: ["'self'", 'data:', ...new Set([...remotes, ...logo, qpayImagesOrigin])],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        frameAncestors: ["'none'"],
        // TLS is terminated in front of the gateway when there is TLS; on plain http (npm start,
        // docker-compose on a LAN) upgrading every asset request to https would break the page.
        upgradeInsecureRequests: null,
      },
    },
  });
  // A PDF is no page: a page policy would only get in the way of the browser's PDF viewer. What
  // matters is who may frame it: our own pages.
  const documents = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // default-src (and object-src, which falls back to it) would block the PDF viewer, a plugin.
      directives: { defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc, frameAncestors: ["'self'"] },
    },
    xFrameOptions: { action: 'sameorigin' },
  });
  const pageHeaders = headersSetBy(pages);
  const documentHeaders = headersSetBy(documents);
  return (req, res, next) => {
    // The path comes first in the target, so the target starts with the documents' path when the path does.
    res.setHeaders(req.url?.startsWith(documentsPath) ? documentHeaders : pageHeaders);
    next();
  };
}

/**
 * The headers a middleware sets on an answer, read off a response to no request. (Helmet also removes
 * X-Powered-By, which the gateway never sends: Express's is disabled and the services' are dropped.)
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Map<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  return new Map(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}
