// /v1/media/{kind}/{id}: the bytes behind a signed URL (packages/contracts/src/media-urls.ts). The
// catalog signs video and subtitle URLs only for learners approved for the video; media signs
// read-aloud URLs for the administrator. A tampered or expired signature is refused with 403.
// With an nginx in front (MEDIA_ACCEL_REDIRECT), media checks the URL and nginx sends the bytes.
// A lane, not an Express route: a player asks once per seek, and Express's routing was most of what
// a seek cost media (bench/stream, nginx in front: 50 seeking readers went from 412–829 to
// 619–951 MB/s over four runs).
import type { IncomingMessage } from 'node:http';
import { forbidden, notFound, pathOf, type Lane, type ServiceContext } from '@learning/kit';
import type { MediaKind } from '@learning/contracts';
import { aloudFile } from '../alouds.js';
import type { Files } from '../files.js';
import type { KeptVideoFiles } from '../kept-video-files.js';
import { checkSignaturesOnce } from '../signature-checks.js';
import { handOverToNginx, sendStoredFile, type StoredFile } from '../stored-files.js';
import type { MediaTables } from '../tables.js';
import { videoFile } from '../videos.js';

/** A video's and a recording's bytes never change under their id; subtitles can be replaced, so they are revalidated. */
const cacheControls: Record<MediaKind, string> = {
  video: 'private, max-age=3600',
  subtitle: 'private, no-cache',
  aloud: 'private, max-age=3600',
};

/** `/v1/media/<kind>/<id>`, a trailing slash allowed, as the Express route it replaces matched. */
const streamPath = /^\/v1\/media\/([^/]+)\/([^/]+)\/?$/i;

// Anyone holding a valid signed URL.
export function streamLane(
  context: ServiceContext<MediaTables>,
  files: Files,
  videoFiles: KeptVideoFiles,
  signing: { secret: string; ttlSeconds: number },
  accelRedirect?: string,
): Lane {
  const checkSignature = checkSignaturesOnce(signing.secret, signing.ttlSeconds);
  const finders: Record<MediaKind, (id: string) => Promise<StoredFile | undefined>> = {
    video: (id) => videoFiles.find(id),
    // Subtitles can be replaced, and a recording gains its mp3 rendition after upload: read each time.
    subtitle: (id) => videoFile(context.db, id, 'subtitle'),
    aloud: (id) => aloudFile(context.db, id),
  };

  return {
    takes: (req) => (req.method === 'GET' || req.method === 'HEAD') && streamPath.test(pathOf(req.url)),
    async answer(req, res) {
      const [, named = '', segment = ''] = streamPath.exec(pathOf(req.url))!;
      if (!Object.hasOwn(finders, named)) throw notFound();
      const kind = named as MediaKind;
      const id = decoded(segment);
      const { expires, signature } = signedQuery(req);
      const check = await checkSignature(kind, id, expires, signature);
      if (check === 'expired') throw forbidden('Холбоосын хугацаа дууссан. Хуудсаа дахин ачаална уу.', 'media_url_expired');
      if (check !== 'valid') throw forbidden('Холбоос хүчингүй байна.', 'media_url_invalid');
      const file = await finders[kind](id);
      if (!file) throw notFound('Файл олдсонгүй.', 'file_not_found');
      const options = { cacheControl: cacheControls[kind] };
      if (accelRedirect) handOverToNginx(res, accelRedirect, file, kind === 'video' ? { ...options, keptByNginxUntil: Number(expires) } : options);
      else await sendStoredFile(req, res, files.storage, file, options);
    },
  };
}

function signedQuery(req: IncomingMessage): { expires?: string; signature?: string } {
  const url = req.url ?? '';
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  return { expires: query.get('expires') ?? undefined, signature: query.get('signature') ?? undefined };
}

/** An id that is not valid percent-encoding matches no signature. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
