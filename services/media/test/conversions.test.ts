// Bounded upload work: a read-aloud's place in the learner's day is taken before its body is read
// and any ffmpeg runs, and the uploads' conversions share a pool of MEDIA_CONVERSIONS (its running
// and waiting counts at /metrics).
// ffmpeg runs behind a wrapper that notes each start and end and lingers a moment, so the pool's
// bound can be seen.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sampleOf } from '@learning/testing/metrics';
import { eventually, expectStatus, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';

const perDay = 3;
const conversions = 2;
let fixture: MediaFixture;
let ffmpegLog: string;

beforeAll(async () => {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const folder = await mkdtemp(join(tmpdir(), 'media-conversions-'));
  ffmpegLog = join(folder, 'ffmpeg.log');
  await writeFile(ffmpegLog, '');
  // `-version` (media's look at whether ffmpeg runs) is not a conversion and is not noted.
  const wrapper = join(folder, 'noting-ffmpeg');
  await writeFile(
    wrapper,
    `#!/bin/sh\n[ "$1" = "-version" ] && exec ffmpeg "$@"\necho "start $$" >> '${ffmpegLog}'\nsleep 0.4\nffmpeg "$@"\ncode=$?\necho "end $$" >> '${ffmpegLog}'\nexit $code\n`,
  );
  await chmod(wrapper, 0o755);
  fixture = await startMediaFixture({
    env: { FFMPEG_PATH: wrapper, MEDIA_CONVERSIONS: String(conversions), MEDIA_ALOUDS_PER_DAY: String(perDay), MEDIA_TRANSCODE: '0' },
  });
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

const ffmpegStarts = async () => (await readFile(ffmpegLog, 'utf8')).split('\n').filter((line) => line.startsWith('start ')).length;

/** The most ffmpeg conversions the log shows running at once. */
async function mostAtOnce(): Promise<number> {
  let running = 0;
  let most = 0;
  for (const line of (await readFile(ffmpegLog, 'utf8')).split('\n')) {
    if (line.startsWith('start ')) most = Math.max(most, ++running);
    if (line.startsWith('end ')) running -= 1;
  }
  return most;
}

const learnerKnown = (userId: string) =>
  eventually(() => fixture.platform.services.media.context.db.selectFrom('learner').select('email').where('user_id', '=', userId).executeTakeFirst(), 'media knows the learner');

const sendAloud = (token: string, file = fixture.media.recordings.webm) => fixture.upload('/v1/monsterplans/aloud', { field: 'video', file, token });

it('six recordings sent at once by a learner one below the day\'s bound: one is kept, five are refused before any conversion', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  // An mp3 is kept as sent: no conversion.
  for (let sent = 1; sent < perDay; sent += 1) expectStatus(await sendAloud(learner.token, fixture.media.recordings.mp3), 201, `recording ${sent}`);
  const before = await ffmpegStarts();

  const answers = await Promise.all(Array.from({ length: 6 }, () => sendAloud(learner.token)));

  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
  for (const refused of answers.filter((answer) => answer.status === 429)) {
    expect(refused.body).toEqual({ code: 'too_many_alouds', message: `24 цагийн дотор ${perDay}-аас олон бичлэг илгээх боломжгүй. Дараа дахин илгээнэ үү.` });
  }
  expect((await ffmpegStarts()) - before).toBe(1);
  const kept = await fixture.platform.services.media.context.db.selectFrom('aloud').select('id').where('user_id', '=', learner.id).execute();
  expect(kept).toHaveLength(perDay);
  expect(await fixture.platform.services.media.context.db.selectFrom('aloud_reservation').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
});

it('a refused upload gives its place in the day back', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  for (let sent = 1; sent < perDay; sent += 1) expectStatus(await sendAloud(learner.token, fixture.media.recordings.mp3), 201, `recording ${sent}`);
  expect((await sendAloud(learner.token, fixture.media.pdf)).status).toBe(415);
  expect((await sendAloud(learner.token, fixture.media.audioOnlyMp4)).status).toBe(201);
  expect((await sendAloud(learner.token, fixture.media.recordings.mp3)).status).toBe(429);
});

it('runs at most MEDIA_CONVERSIONS conversions at once, the others waiting, as /metrics shows', async () => {
  const learners = await Promise.all(Array.from({ length: 5 }, () => fixture.platform.learner()));
  await Promise.all(learners.map((learner) => learnerKnown(learner.id)));
  await writeFile(ffmpegLog, '');
  const seen = { running: 0, waiting: 0 };
  let isSending = true;
  const watching = (async () => {
    while (isSending) {
      const text = await (await fetch(`${fixture.platform.url}/metrics`)).text();
      seen.running = Math.max(seen.running, sampleOf(text, 'media_conversions_running') ?? 0);
      seen.waiting = Math.max(seen.waiting, sampleOf(text, 'media_conversions_waiting') ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const answers = await Promise.all(learners.flatMap((learner) => [sendAloud(learner.token), sendAloud(learner.token, fixture.media.recordings.ogg)]));
  isSending = false;
  await watching;

  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
  expect(await ffmpegStarts()).toBe(10);
  expect(await mostAtOnce()).toBe(conversions);
  expect(seen).toEqual({ running: conversions, waiting: expect.any(Number) });
  expect(seen.waiting).toBeGreaterThan(0);
  const text = await (await fetch(`${fixture.platform.url}/metrics`)).text();
  expect([sampleOf(text, 'media_conversions_running'), sampleOf(text, 'media_conversions_waiting'), sampleOf(text, 'media_conversions_size')]).toEqual([0, 0, conversions]);
});
