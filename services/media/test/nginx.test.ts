// The production arrangement for streaming: Debian's nginx in front of the gateway, media started with
// MEDIA_ACCEL_REDIRECT. Media checks the signed URL and answers X-Accel-Redirect; nginx sends the bytes
// from media's folder (sendfile, ranges). bench/stream measures it; this proves it is right.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signMediaUrl } from '@learning/contracts';
import { closedPortUrl } from '../../../gateway/test/fixture.js';
import { inFrontOf, mediaFilesLocation, startNginx, type RunningNginx } from '../../../scripts/nginx.js';
import { expectStatus, mediaSigningSecret, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';

const location = '/media-files/';

let fixture: MediaFixture;
let nginx: RunningNginx;
let workDir: string;
let film: Buffer;
let videoId: string;
let signed: string;

beforeAll(async () => {
  fixture = await startMediaFixture({ mediaAccelRedirect: location });
  film = await readFile(fixture.media.video);
  workDir = await mkdtemp(join(tmpdir(), 'media-nginx-'));
  nginx = await startNginx({
    workDir,
    port: Number(new URL(await closedPortUrl()).port),
    locations: [mediaFilesLocation(location, fixture.platform.mediaFilesDir), inFrontOf(fixture.platform.url)],
    upstreams: [fixture.platform.url],
  });
  const uploaded = expectStatus(await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.video, token: fixture.admin }), 201, 'uploading');
  videoId = uploaded._id;
  signed = await signMediaUrl(mediaSigningSecret, 'video', videoId, Math.floor(Date.now() / 1000) + 600);
}, startTimeoutMs);

afterAll(async () => {
  await nginx?.stop();
  await fixture?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, startTimeoutMs);

it('media answers a valid signed URL with X-Accel-Redirect to the file, and no bytes of its own', async () => {
  const answer = await fixture.fetchBytes(signed);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-accel-redirect')).toBe(`${location}videos/${videoId}/video`);
  expect(answer.headers.get('content-type')).toBe('video/mp4');
  expect(answer.bytes.length).toBe(0);
});

it('nginx in front sends the whole file and any range, byte for byte, and keeps the redirect to itself', async () => {
  const whole = await fetch(nginx.url + signed);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  expect(whole.headers.get('x-accel-redirect')).toBeNull();
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
  for (const path of [signed.replace(/signature=./, 'signature=0'), expired]) {
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
