// The security headers of every answer. Pages: a Content-Security-Policy that allows our own origin
// and the origins the remote front-ends are configured at (REMOTE_*_URL), never framed by others.
// Documents (the brochure and aloud-reading PDFs under /v1/documents): framed by our own pages only,
// for the brochure viewer's <iframe>.
import helmet from 'helmet';
import { pathOf, type NodeMiddleware } from '@learning/kit';

/** The PDFs the pages show in a frame. */
export const documentsPath = '/v1/documents/';

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

/** Helmet's headers, with the CSP of the pages or of the documents, as the path asks. */
export function securityHeaders(remoteManifestUrls: readonly string[]): NodeMiddleware {
  const remotes = remoteOrigins(remoteManifestUrls);
  const pages = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // A remote's manifest is fetched, its remoteEntry.js and chunks load as scripts, its CSS
        // chunks as stylesheets, and its images and fonts come from where it is deployed.
        scriptSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", ...remotes],
        imgSrc: ["'self'", 'data:', ...remotes],
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
  return (req, res, next) => (pathOf(req.url).startsWith(documentsPath) ? documents(req, res, next) : pages(req, res, next));
}
