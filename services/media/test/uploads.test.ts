// Uploads that must leave nothing behind: content that is not what the route takes (judged by its
// bytes, then read by ffprobe), a file over the size limit, a learner's recording past the day's
// bound, and an upload the client cuts off.
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { openPayload, payloadKey } from '@learning/contracts';
import { sql } from 'kysely';
import { testPayloadSecret } from '@learning/testing';
import { eventually, startMediaFixture, type MediaFixture, startTimeoutMs } from './fixture.js';

const limitBytes = 64 * 1024;
const aloudLimitBytes = 100 * 1024;
const aloudsPerDay = 2;
let fixture: MediaFixture;
beforeAll(async () => {
  // Small limits, so "too large" needs no gigabytes: the film made by ffmpeg is larger than the
  // first, the wav recording (about 172 KB) larger than the second, the mp3 (about 16 KB) smaller.
  fixture = await startMediaFixture({
    env: { MEDIA_UPLOAD_LIMIT_BYTES: String(limitBytes), MEDIA_ALOUD_LIMIT_BYTES: String(aloudLimitBytes), MEDIA_ALOUDS_PER_DAY: String(aloudsPerDay) },
  });
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

it('refuses as a video a file that ffprobe cannot read as picture (an MP4 head and zeros), keeping nothing', async () => {
  await expectNothingKept(async () => {
    const answer = await fixture.upload('/v1/files/lesson-videos', { field: 'video', file: fixture.media.mp4Zeros, token: fixture.admin, name: 'lecture.mp4' });
    expect([answer.status, answer.body]).toEqual([415, { code: 'not_a_video', message: 'Файлд видео алга байна. Видео файл сонгоно уу.' }]);
  });
});

describe('read-aloud recordings', () => {
  const sendAloud = (file: string, token: string) => fixture.upload('/v1/monsterplans/aloud', { field: 'video', file, token });
  const tooLarge = { code: 'file_too_large', message: 'Файл хэтэрхий том байна: 100 КБ-аас ихгүй файл илгээнэ үү.' };

  it("refuses a file that ffprobe cannot read as sound ('ID3' and zeros), keeping nothing", async () => {
    const learner = await fixture.platform.learner();
    await expectNothingKept(async () => {
      const answer = await sendAloud(fixture.media.id3Zeros, learner.token);
      expect([answer.status, answer.body]).toEqual([415, { code: 'not_audio', message: 'Зөвхөн аудио файл (mp3, m4a, webm, ogg, wav) илгээнэ үү.' }]);
    });
  });

  it('refuses a recording larger than its own limit with 413, keeping nothing', async () => {
    const learner = await fixture.platform.learner();
    await expectNothingKept(async () => {
      expect(await sendAloud(fixture.media.recordings.wav, learner.token)).toMatchObject({ status: 413, body: tooLarge });
    });
  });

  it('refuses a recording announced larger than the limit before its body is sent', async () => {
    const learner = await fixture.platform.learner();
    await expectNothingKept(async () => {
      const boundary = 'aloud-limit-boundary';
      // The answer comes while the client still holds back all but the form's head.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(new URL('/v1/monsterplans/aloud', fixture.platform.url), {
          method: 'POST',
          headers: { authorization: `Bearer ${learner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(50 * 1024 ** 2) },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`);
      });
      expect(answer.status).toBe(413);
      const { payload } = JSON.parse(answer.body) as { payload: string };
      expect(JSON.parse(await openPayload(await payloadKey(testPayloadSecret), payload))).toEqual(tooLarge);
    });
  });

  it('takes at most the day’s number from a learner, then 429 until 24 hours have passed; others still send', async () => {
    const [learner, other] = [await fixture.platform.learner(), await fixture.platform.learner()];
    for (let sent = 0; sent < aloudsPerDay; sent++) expect((await sendAloud(fixture.media.recordings.mp3, learner.token)).status).toBe(201);
    await expectNothingKept(async () => {
      const refused = await sendAloud(fixture.media.recordings.mp3, learner.token);
      expect([refused.status, refused.body]).toEqual([429, { code: 'too_many_alouds', message: '24 цагийн дотор 2-аас олон бичлэг илгээх боломжгүй. Дараа дахин илгээнэ үү.' }]);
    });
    expect((await sendAloud(fixture.media.recordings.mp3, other.token)).status).toBe(201);
    // A day later (the recordings made older, not the clock moved) the learner sends again.
    await sql`UPDATE aloud SET created_at = created_at - interval '24 hours 1 second' WHERE user_id = ${learner.id}`.execute(mediaDb());
    expect((await sendAloud(fixture.media.recordings.mp3, learner.token)).status).toBe(201);
  });

  it('keeps the bound when a learner sends several at once, and keeps nothing of the refused ones', async () => {
    const learner = await fixture.platform.learner();
    const filesBefore = await fixture.storedFiles();
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendAloud(fixture.media.recordings.mp3, learner.token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 429, 429]);
    const kept = await mediaDb().selectFrom('aloud').select('file_key').where('user_id', '=', learner.id).execute();
    expect(kept).toHaveLength(aloudsPerDay);
    // Only the kept recordings are new files; the spool is empty.
    const added = (await fixture.storedFiles()).filter((file) => !filesBefore.includes(file));
    expect(added.sort()).toEqual(kept.map((row) => row.file_key).sort());
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
