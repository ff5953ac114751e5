// The gateway sends the files media hands over (X-Accel-Redirect to its files' location), as nginx does
// in production; media's own behaviour through the whole platform is in services/media/test/videos.test.ts.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningGateway } from '../src/server.js';
import { serviceUrls, startStandIns, startTestGateway } from './fixture.js';

const location = '/media-files/';
const film = randomBytes(2 * 1024 * 1024 + 5);
const etag = '"film-version-1"';
const lastModified = new Date('2026-11-01T00:00:00Z').toUTCString();
let filesDir: string;
let outside: string;
let standIns: Awaited<ReturnType<typeof startStandIns>>;
let gateway: RunningGateway;
let withoutFiles: RunningGateway;
/** How many calls media received: the hand-over, never the bytes. */
let mediaCalls = 0;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'gateway-media-files-'));
  outside = await mkdtemp(join(tmpdir(), 'gateway-outside-'));
  await mkdir(join(filesDir, 'videos/v1'), { recursive: true });
  await writeFile(join(filesDir, 'videos/v1/video'), film);
  await writeFile(join(outside, 'secret'), 'not media\'s');
  const handOver = (redirect: string, keptUntil = '@1900000000') => ({
    'content-type': 'video/mp4',
    'cache-control': 'private, max-age=3600',
    etag,
    'last-modified': lastModified,
    'x-accel-redirect': redirect,
    'x-accel-expires': keptUntil,
  });
  standIns = await startStandIns({
    media: (app) => {
      app.use((_req, _res, next) => {
        mediaCalls++;
        next();
      });
      // Like a service's answer: the call's request id echoed.
      app.get('/v1/media/video/v1', (req, res) => {
        res.set({ ...handOver(`${location}videos/v1/video`), 'x-request-id': String(req.headers['x-request-id']) }).end();
      });
      app.get('/v1/media/video/expired', (_req, res) => {
        res.set(handOver(`${location}videos/v1/video`, '@1')).end();
      });
      app.get('/v1/media/video/refused', (_req, res) => {
        res.status(403).json({ message: 'Холбоос хүчингүй байна.', code: 'media_url_invalid' });
      });
      app.get('/v1/media/video/gone', (_req, res) => {
        res.set(handOver(`${location}videos/gone/video`)).end();
      });
      app.get('/v1/media/video/escape', (_req, res) => {
        res.set(handOver(`${location}../${outside.split('/').pop()}/secret`)).end();
      });
      app.get('/v1/media/video/elsewhere', (_req, res) => {
        res.set(handOver('/other-location/videos/v1/video')).end();
      });
    },
    catalog: (app) => {
      app.get('/v1/monsterplans/handing-over', (_req, res) => {
        res.set(handOver(`${location}videos/v1/video`)).end();
      });
    },
  });
  gateway = await startTestGateway(serviceUrls(standIns), { mediaFiles: { location, dir: filesDir } });
  withoutFiles = await startTestGateway(serviceUrls(standIns));
});

afterAll(async () => {
  await Promise.all([gateway?.close(), withoutFiles?.close()]);
  await standIns?.close();
  await Promise.all([rm(filesDir, { recursive: true, force: true }), rm(outside, { recursive: true, force: true })]);
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a player sends it (fetch would add Cache-Control: no-cache to a conditional one). */
function fetchAsPlayer(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

it('sends the whole file media hands over, with media\'s type, caching and version, and none of the hand-over\'s headers', async () => {
  const before = mediaCalls;
  const answer = await fetchAsPlayer(`${gateway.url}/v1/media/video/v1?expires=1&signature=s`);
  expect(answer.status).toBe(200);
  expect(answer.body.equals(film)).toBe(true);
  expect(answer.headers).toMatchObject({ 'content-type': 'video/mp4', 'cache-control': 'private, max-age=3600', etag, 'last-modified': lastModified, 'accept-ranges': 'bytes' });
  expect(answer.headers['content-length']).toBe(String(film.length));
  expect(answer.headers['x-accel-redirect']).toBeUndefined();
  expect(answer.headers['x-accel-expires']).toBeUndefined();
  expect(mediaCalls - before).toBe(1);
});

it('answers ranges byte for byte, HEAD without a body, and conditional requests against media\'s ETag', async () => {
  const url = `${gateway.url}/v1/media/video/v1`;
  const range = await fetchAsPlayer(url, { range: 'bytes=1000-1999999' });
  expect(range.status).toBe(206);
  expect(range.headers['content-range']).toBe(`bytes 1000-1999999/${film.length}`);
  expect(range.body.equals(film.subarray(1000, 2_000_000))).toBe(true);

  const head = await fetchAsPlayer(url, {}, 'HEAD');
  expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(film.length), 0]);

  expect((await fetchAsPlayer(url, { 'if-none-match': etag })).status).toBe(304);
  const sameVersion = await fetchAsPlayer(url, { range: 'bytes=0-9', 'if-range': etag });
  expect([sameVersion.status, sameVersion.body.length]).toEqual([206, 10]);
  const otherVersion = await fetchAsPlayer(url, { range: 'bytes=0-9', 'if-range': '"film-version-0"' });
  expect([otherVersion.status, otherVersion.body.length]).toEqual([200, film.length]);
});

it('keeps a hand-over for its URL until X-Accel-Expires, as nginx does: a player\'s seeks ask media once', async () => {
  const asked = async (path: string, times: number) => {
    const before = mediaCalls;
    for (let seek = 0; seek < times; seek++) {
      const answer = await fetchAsPlayer(gateway.url + path, { range: `bytes=${seek * 1000}-${seek * 1000 + 99}` });
      expect([path, answer.status]).toEqual([path, path.includes('refused') ? 403 : 206]);
    }
    return mediaCalls - before;
  };
  expect(await asked('/v1/media/video/v1?expires=2&signature=seeks', 5)).toBe(1);
  expect(await asked('/v1/media/video/v1?expires=2&signature=another', 3)).toBe(1);
  expect(await asked('/v1/media/video/expired', 3)).toBe(3);
  expect(await asked('/v1/media/video/refused', 3)).toBe(3);
});

it("answers a kept URL with media's description of the file and this request's own id, never the first answer's", async () => {
  const url = `${gateway.url}/v1/media/video/v1?expires=3&signature=own-ids`;
  const first = await fetchAsPlayer(url, { 'x-request-id': 'first-request' });
  const second = await fetchAsPlayer(url, { 'x-request-id': 'second-request' });
  expect([first.headers['x-request-id'], second.headers['x-request-id']]).toEqual(['first-request', 'second-request']);
  expect(second.headers).toMatchObject({ 'content-type': 'video/mp4', 'cache-control': 'private, max-age=3600', etag, 'last-modified': lastModified });
  expect(second.headers['x-accel-expires']).toBeUndefined();
});

it('refuses a range beyond the file, or a malformed one, with 416 and the size, as Mongolian JSON (as media and nginx do)', async () => {
  for (const range of [`bytes=${film.length + 10}-`, 'bytes=abc', 'bytes=500-100']) {
    const answer = await fetchAsPlayer(`${gateway.url}/v1/media/video/v1`, { range });
    expect([range, answer.status]).toEqual([range, 416]);
    expect(answer.headers['content-range']).toBe(`bytes */${film.length}`);
    expect(JSON.parse(answer.body.toString())).toEqual({ message: 'Хүссэн хэсэг файлын хэмжээнээс гадуур байна.', code: 'range_not_satisfiable' });
    expect(answer.headers.etag).toBeUndefined();
  }
});

it('answers 404 file_not_found for a handed-over file that is not there, and for one outside media\'s folder', async () => {
  for (const name of ['gone', 'escape']) {
    const answer = await fetchAsPlayer(`${gateway.url}/v1/media/video/${name}`);
    expect([name, answer.status, JSON.parse(answer.body.toString()).code]).toEqual([name, 404, 'file_not_found']);
    expect(answer.body.toString()).not.toContain('not media');
  }
});

it('relays, never follows, a hand-over to another location, or from another service, or without media\'s folder', async () => {
  for (const [base, path] of [
    [gateway.url, '/v1/media/video/elsewhere'],
    [gateway.url, '/v1/monsterplans/handing-over'],
    [withoutFiles.url, '/v1/media/video/v1'],
  ] as const) {
    const answer = await fetchAsPlayer(base + path);
    expect([path, answer.status, answer.body.length]).toEqual([path, 200, 0]);
    expect(answer.headers['x-accel-redirect']).toBeDefined();
  }
});
