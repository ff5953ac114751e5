// What media's tests share: the whole platform (@learning/testing: PGlite and the in-process
// bus, or PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set), uploads through the
// gateway as the browser sends them (multipart), raw byte answers for streams, the files media keeps
// on disk, and real media made by ffmpeg.
import { readdir, readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { basename, join, relative } from 'node:path';
import { openPayload, payloadKey } from '@learning/contracts';
import { type Answer, eventually, expectStatus, startTestPlatform, testPayloadSecret, type TestPlatform } from '@learning/testing';
import { makeTestMedia, type TestMedia } from './media-files.js';

export { eventually, expectStatus };
export const mediaSigningSecret = 'media-test-media-signing-secret';
/** Starting five services on embedded databases takes long on a busy machine; give it time. */
export const startTimeoutMs = 120_000;

/** A signed URL with its signature's first character changed, so it never matches. */
export function tamperedWith(url: string): string {
  return url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
}

export interface BytesAnswer {
  status: number;
  bytes: Buffer;
  headers: Headers;
}

export interface MediaFixture {
  platform: TestPlatform;
  admin: string;
  call: TestPlatform['call'];
  media: TestMedia;
  /** POSTs (or PUTs) one file as multipart under `field`, with any text `fields` before it, as the browser's upload does. */
  upload<Body = any>(
    path: string,
    options: { field: string; file: string; token?: string | undefined; name?: string; method?: string; fields?: Record<string, string> },
  ): Promise<Answer<Body>>;
  /** A GET whose answer is bytes (a stream, a document), with any headers. */
  fetchBytes(path: string, headers?: Record<string, string>): Promise<BytesAnswer>;
  /** Uploads a video of the kind as the administrator and publishes it under a name. */
  publishedVideo(kind: 'monsterplan' | 'lesson', name?: string): Promise<{ _id: string; name: string }>;
  /** Every file under media's folder, spool included, relative to it. */
  storedFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/** `env`: settings of the configuration table (docs/operating.md) for this platform (MEDIA_UPLOAD_LIMIT_BYTES…). */
export async function startMediaFixture({ env = {} }: { env?: NodeJS.ProcessEnv } = {}): Promise<MediaFixture> {
  const [platform, media] = await Promise.all([startTestPlatform({ env: { MEDIA_SIGNING_SECRET: mediaSigningSecret, ...env } }), makeTestMedia()]);
  const admin = await platform.adminToken();
  const key = await payloadKey(testPayloadSecret);

  const upload: MediaFixture['upload'] = async (path, { field, file, token, name, method = 'POST', fields = {} }) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append(field, new Blob([await readFile(file)]), name ?? basename(file));
    const response = await fetch(platform.url + path, { method, body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const text = await response.text();
    let body = text ? JSON.parse(text) : undefined;
    if (response.headers.get('x-payload-encryption')) body = JSON.parse(await openPayload(key, body.payload));
    return { status: response.status, body, headers: response.headers };
  };

  const fixture: MediaFixture = {
    platform,
    admin,
    call: platform.call,
    media,
    upload,
    fetchBytes: (path, headers = {}) => fetchAsPlayer(platform.url + path, headers),
    async publishedVideo(kind, name = `Видео ${Math.random().toString(36).slice(2, 8)}`) {
      const uploaded = expectStatus(await upload(`/v1/files/${kind}-videos`, { field: 'video', file: media.video, token: admin }), 201, 'uploading a video');
      const body = { id: uploaded._id, name, translateUrl: '' };
      return expectStatus(await platform.call('PUT', `/v1/files/${kind}-videos/${uploaded._id}`, { token: admin, body }), 200, 'publishing a video');
    },
    async storedFiles() {
      for (;;) {
        try {
          const entries = await readdir(platform.mediaFilesDir, { recursive: true, withFileTypes: true });
          return entries.filter((entry) => entry.isFile()).map((entry) => relative(platform.mediaFilesDir, join(entry.parentPath, entry.name)));
        } catch (error) {
          // A folder media was removing at that moment (a deleted recording's): read the tree again.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
    async close() {
      await Promise.all([platform.close(), media.remove()]);
    },
  };
  return fixture;
}

/**
 * A GET as a video or audio element sends it. Not fetch: fetch adds `Cache-Control: no-cache` to a
 * conditional request, which asks any server for the whole file again rather than a 304.
 */
function fetchAsPlayer(url: string, headers: Record<string, string>): Promise<BytesAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), headers: answerHeaders });
      });
    }).on('error', reject);
  });
}
