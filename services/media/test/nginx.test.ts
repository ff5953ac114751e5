// The production arrangement for streaming: Debian's nginx in front of the gateway, media started with
// MEDIA_ACCEL_REDIRECT. Media checks the signed URL and answers X-Accel-Redirect; nginx sends the bytes
// from media's folder (sendfile, ranges), and keeps a signed video URL's grant until the URL expires,
// and each file's of a signed HLS path.
// bench/stream measures it; this proves it is right. Between nginx and the gateway a relay notes what
// nginx asks, so the tests see which seeks reached media.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signHlsUrl, signMediaUrl } from '@learning/contracts';
import { closedPortUrl } from '@learning/testing';
import { mediaFilesLocation as location, startNginx, type RunningNginx } from '../../../scripts/nginx.js';
import { ladderContentType } from '../src/transcoding.js';
import { expectStatus, mediaSigningSecret, startMediaFixture, startTimeoutMs, tamperedWith, type MediaFixture } from './fixture.js';
import { makeTestLadder, storeLadder } from './ladders.js';

let fixture: MediaFixture;
let relay: Server;
/** The paths (with their queries) nginx asked the gateway for. */
let asked: string[] = [];
let nginx: RunningNginx;
let workDir: string;
let film: Buffer;
let videoId: string;
let signed: string;

beforeAll(async () => {
  fixture = await startMediaFixture({ env: { MEDIA_ACCEL_REDIRECT: location } });
  film = await readFile(fixture.media.video);
  workDir = await mkdtemp(join(tmpdir(), 'media-nginx-'));
  relay = await startRelay(fixture.platform.url);
  nginx = await startNginx({
    workDir,
    port: Number(new URL(await closedPortUrl()).port),
    inFrontOf: { gatewayUrls: [`http://127.0.0.1:${(relay.address() as AddressInfo).port}`], mediaFilesDir: fixture.platform.mediaFilesDir },
  });
  const uploaded = expectStatus(await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.video, token: fixture.admin }), 201, 'uploading');
  videoId = uploaded._id;
  signed = await signMediaUrl(mediaSigningSecret, 'video', videoId, Math.floor(Date.now() / 1000) + 600);
}, startTimeoutMs);

afterAll(async () => {
  await nginx?.stop();
  relay?.closeAllConnections();
  relay?.close();
  await fixture?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, startTimeoutMs);

beforeEach(() => {
  asked = [];
});

it('media answers a valid signed URL with X-Accel-Redirect to the file, and no bytes of its own', async () => {
  const answer = await fixture.fetchBytes(signed);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-accel-redirect')).toBe(`${location}videos/${videoId}/video`);
  // nginx may keep this grant until the signed URL expires, and no longer.
  expect(answer.headers.get('x-accel-expires')).toBe(`@${new URL(signed, 'http://x').searchParams.get('expires')}`);
  expect(answer.headers.get('content-type')).toBe('video/mp4');
  expect(answer.bytes.length).toBe(0);
});

it('nginx in front sends the whole file and any range, byte for byte, and keeps the redirect to itself', async () => {
  const whole = await fetch(nginx.url + signed);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  expect(whole.headers.get('x-accel-redirect')).toBeNull();
  expect(whole.headers.get('x-accel-expires')).toBeNull();
  expect(Buffer.from(await whole.arrayBuffer()).equals(film)).toBe(true);

  const end = film.length - 1;
  for (const [from, to] of [[0, 99], [1000, 4999], [end - 10, end]] as const) {
    const part = await fetch(nginx.url + signed, { headers: { range: `bytes=${from}-${to}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${from}-${to}/${film.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(film.subarray(from, to + 1))).toBe(true);
  }
});

it('a tampered or expired URL is still refused by media with 403, and nothing is sent', async () => {
  const expired = await signMediaUrl(mediaSigningSecret, 'video', videoId, Math.floor(Date.now() / 1000) - 1);
  for (const path of [tamperedWith(signed), expired]) {
    const answer = await fetch(nginx.url + path);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Buffer.from(await answer.arrayBuffer()).includes(film.subarray(0, 64))).toBe(false);
  }
});

it('the internal location cannot be asked for directly', async () => {
  const answer = await fetch(`${nginx.url}${location}videos/${videoId}/video`);
  expect(answer.status).toBe(404);
  await answer.body?.cancel();
});

it("nginx keeps a signed video URL's grant for the seeks that follow, asks again for another URL, and never keeps a refusal", async () => {
  const now = Math.floor(Date.now() / 1000);
  const kept = await signMediaUrl(mediaSigningSecret, 'video', videoId, now + 602);
  for (const [from, to] of [[0, 99], [5000, 5099], [20_000, 20_099]] as const) {
    const part = await fetch(nginx.url + kept, { headers: { range: `bytes=${from}-${to}` } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(film.subarray(from, to + 1))).toBe(true);
  }
  const another = await signMediaUrl(mediaSigningSecret, 'video', videoId, now + 601);
  const seek = await fetch(nginx.url + another, { headers: { range: 'bytes=0-9' } });
  expect(seek.status).toBe(206);
  await seek.body?.cancel();
  const tampered = tamperedWith(kept);
  for (let attempt = 0; attempt < 2; attempt++) {
    const refused = await fetch(nginx.url + tampered);
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
  }

  expect(asked).toEqual([kept, another, tampered, tampered]);
});

it('a kept grant ends when its signed URL expires: the next seek is refused with 403', async () => {
  const expires = Math.floor(Date.now() / 1000) + 3;
  const soonExpired = await signMediaUrl(mediaSigningSecret, 'video', videoId, expires);
  const first = await fetch(nginx.url + soonExpired, { headers: { range: 'bytes=0-9' } });
  expect(first.status).toBe(206);
  await first.body?.cancel();
  await new Promise((resolve) => setTimeout(resolve, expires * 1000 + 1100 - Date.now()));

  const late = await fetch(nginx.url + soonExpired, { headers: { range: 'bytes=10-19' } });
  expect(late.status).toBe(403);
  await late.body?.cancel();
  expect(asked).toEqual([soonExpired, soonExpired]);
});

it("a signed HLS path's playlists and segments are sent by nginx byte for byte, media asked once per file however often a player asks", async () => {
  const ladder = await makeTestLadder();
  // A video media never uploaded: no transcoding job of its own writes under its ladder meanwhile.
  const ladderVideo = randomUUID();
  await storeLadder(fixture.platform, ladderVideo, 'lesson', ladder);
  const master = await signHlsUrl(mediaSigningSecret, ladderVideo, Math.floor(Date.now() / 1000) + 600);
  const files = ['master.m3u8', '360p/playlist.m3u8', '360p/init.mp4', '360p/segment-1.m4s'];
  const paths = files.map((file) => master.replace('master.m3u8', file));
  asked = [];

  for (let round = 0; round < 2; round++) {
    for (const [i, path] of paths.entries()) {
      const answer = await fetch(nginx.url + path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(ladderContentType(files[i]!));
      expect(answer.headers.get('x-accel-redirect')).toBeNull();
      expect(Buffer.from(await answer.arrayBuffer()).equals(ladder.files.get(files[i]!)!)).toBe(true);
    }
  }
  const segment = ladder.files.get('360p/segment-1.m4s')!;
  const part = await fetch(nginx.url + paths[3], { headers: { range: 'bytes=10-109' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(segment.subarray(10, 110))).toBe(true);
  const tampered = paths[3]!.replace(/\/hls\/(\d+)\/(.)/, (_, expires: string, first: string) => `/hls/${expires}/${first === 'A' ? 'B' : 'A'}`);
  for (let attempt = 0; attempt < 2; attempt++) {
    const refused = await fetch(nginx.url + tampered);
    expect(refused.status).toBe(403);
    await refused.body?.cancel();
  }

  expect(asked).toEqual([...paths, tampered, tampered]);
});

/** Passes every request on to `target` as it is, noting its path and query in `asked`. */
async function startRelay(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const onward = request(target + req.url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
