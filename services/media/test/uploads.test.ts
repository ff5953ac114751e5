// Uploads that must leave nothing behind: content that is not what the route takes (judged by its
// bytes), a file over the size limit, and an upload the client cuts off.
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { eventually, startMediaFixture, type MediaFixture, startTimeoutMs } from './fixture.js';

const limitBytes = 64 * 1024;
let fixture: MediaFixture;
beforeAll(async () => {
  // A small limit, so "too large" needs no gigabytes; the film made by ffmpeg is larger than it.
  fixture = await startMediaFixture({ mediaUploadLimitBytes: limitBytes });
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

const mediaDb = () => fixture.platform.services.media.context.db;
const rowCounts = async () => ({
  videos: (await mediaDb().selectFrom('video').select('id').execute()).length,
  files: (await mediaDb().selectFrom('stored_file').select('key').execute()).length,
  alouds: (await mediaDb().selectFrom('aloud').select('id').execute()).length,
});

async function expectNothingKept(what: () => Promise<unknown>) {
  const [filesBefore, rowsBefore] = await Promise.all([fixture.storedFiles(), rowCounts()]);
  await what();
  expect(await fixture.storedFiles()).toEqual(filesBefore);
  expect(await rowCounts()).toEqual(rowsBefore);
}

it('refuses a text file named .mp4 with a clear message, by its content, and keeps nothing', async () => {
  await expectNothingKept(async () => {
    const answer = await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.textAsMp4, token: fixture.admin, name: 'lecture.mp4' });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ code: 'unsupported_content', message: 'Видео файл биш байна. mp4, webm зэрэг видео файл сонгоно уу.' });
  });
});

it('refuses as a video an .mp4 that holds only sound (ffprobe), and a recording as a video', async () => {
  await expectNothingKept(async () => {
    const soundOnly = await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.audioOnlyMp4, token: fixture.admin, name: 'x.mp4' });
    expect([soundOnly.status, soundOnly.body.code]).toEqual([415, 'not_a_video']);
    const mp3 = await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.recordings.mp3, token: fixture.admin, name: 'x.mp4' });
    expect([mp3.status, mp3.body.message]).toEqual([415, 'Файлд видео алга байна. Видео файл сонгоно уу.']);
  });
});

it('refuses a file over the size limit with 413, keeping neither file nor record', async () => {
  await expectNothingKept(async () => {
    const answer = await fixture.upload('/v1/files/monsterplan-videos', { field: 'video', file: fixture.media.video, token: fixture.admin });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'file_too_large', message: 'Файл хэтэрхий том байна: 64 КБ-аас ихгүй файл илгээнэ үү.' });
  });
});

it('refuses a file over the limit even when the form does not announce its length (chunked)', async () => {
  await expectNothingKept(async () => {
    const boundary = 'limit-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const film = await readFile(fixture.media.video);
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/v1/files/monsterplan-videos', fixture.platform.url);
      const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${fixture.admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(head);
      req.write(film);
      req.end(`\r\n--${boundary}--\r\n`);
    });
    expect(status).toBe(413);
  });
});

it('keeps neither file nor record of an upload the client cuts off midway', async () => {
  await expectNothingKept(async () => {
    const boundary = 'aborted-upload-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const film = (await readFile(fixture.media.video)).subarray(0, 40_000);
    let reachedSpool = false;
    await new Promise<void>((resolve) => {
      const url = new URL('/v1/files/monsterplan-videos', fixture.platform.url);
      const req = request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 60_000) },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(head);
      req.write(film, () => {
        // The media service has begun spooling it: then the connection drops.
        void eventually(async () => (await fixture.storedFiles()).some((file) => file.startsWith('.spool')), 'the upload reaches the spool', 5000)
          .then(
            () => (reachedSpool = true),
            () => undefined,
          )
          .then(() => {
            req.destroy();
            resolve();
          });
      });
    });
    expect(reachedSpool).toBe(true);
    // The spool file goes once the service sees the connection close.
    await eventually(async () => !(await fixture.storedFiles()).some((file) => file.startsWith('.spool')), 'the spool is empty again');
  });
});

it('answers a form without the file field with 400', async () => {
  const answer = await fixture.upload('/v1/files/lesson-videos', { field: 'movie', file: fixture.media.webmVideo, token: fixture.admin });
  expect([answer.status, answer.body.code]).toEqual([400, 'unexpected_file']);
  const json = await fixture.call('POST', '/v1/files/lesson-videos', { token: fixture.admin, body: { video: 'x' } });
  expect([json.status, json.body.code]).toEqual([400, 'multipart_expected']);
  const malformed = await fetch(`${fixture.platform.url}/v1/files/lesson-videos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.admin}`, 'content-type': 'multipart/form-data; boundary=xyz' },
    // The part's headers never end.
    body: '--xyz\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"',
  });
  expect(malformed.status).toBe(400);
});
