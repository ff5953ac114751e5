// Bounded upload work: a read-aloud's place in the learner's day is taken before its body is read
// and any ffmpeg runs, the uploads' conversions share a pool of MEDIA_CONVERSIONS (its running and
// waiting counts at /metrics), and a recording is stored in one form near the size it was sent.
// ffmpeg runs behind a wrapper that notes each start and end and lingers a moment, so the pool's
// bound can be seen.
import { spawnSync } from 'node:child_process';
import { chmod, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sampleOf } from '@learning/testing/metrics';
import { eventually, expectStatus, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';

const perDay = 3;
const conversions = 2;
let fixture: MediaFixture;
let ffmpegLog: string;
/** While this file exists, the wrapper's conversions fail as ffmpeg does on a file it cannot read. */
let failing: string;

beforeAll(async () => {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const folder = await mkdtemp(join(tmpdir(), 'media-conversions-'));
  ffmpegLog = join(folder, 'ffmpeg.log');
  failing = join(folder, 'failing');
  await writeFile(ffmpegLog, '');
  // `-version` (media's look at whether ffmpeg runs) is not a conversion and is not noted.
  const wrapper = join(folder, 'noting-ffmpeg');
  await writeFile(
    wrapper,
    `#!/bin/sh\n[ "$1" = "-version" ] && exec ffmpeg "$@"\necho "start $$" >> '${ffmpegLog}'\nsleep 0.4\nif [ -e '${failing}' ]; then code=1; else ffmpeg "$@"; code=$?; fi\necho "end $$" >> '${ffmpegLog}'\nexit $code\n`,
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

it('stores a recording in one form, an mp3 within a small factor of the Opus that was sent', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  // A minute of noise in Ogg Opus at a recorder's low rate (in WebM, noise's bytes can look like a
  // video track's codec name to the first bytes' check).
  const opus = join(fixture.media.folder, 'minute.ogg');
  const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anoisesrc=d=60:a=0.05:c=pink', '-ac', '1', '-c:a', 'libopus', '-b:a', '24k', opus]);
  expect(made.status).toBe(0);
  const { _id: id } = expectStatus(await sendAloud(learner.token, opus), 201, 'sending');

  const files = (await fixture.storedFiles()).filter((file) => file.includes(id));
  expect(files).toEqual([`alouds/${id}/recording.mp3`]);
  const sent = (await stat(opus)).size;
  const stored = (await stat(join(fixture.platform.mediaFilesDir, files[0]!))).size;
  expect(stored).toBeLessThan(3 * sent);
  const page = expectStatus(await fixture.call('GET', `/v1/monsterplans/aloud?user=${learner.id}`, { token: fixture.admin }), 200, 'the list');
  const audio = await fixture.fetchBytes(page.result[0].alouds[0].url);
  expect([audio.status, audio.headers.get('content-type'), audio.bytes.length]).toEqual([200, 'audio/mpeg', stored]);
});

it('refuses a recording ffmpeg cannot convert, keeping nothing, and gives its place in the day back', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  for (let sent = 1; sent < perDay; sent += 1) expectStatus(await sendAloud(learner.token, fixture.media.recordings.mp3), 201, `recording ${sent}`);
  await writeFile(failing, '');
  try {
    const refused = await sendAloud(learner.token);
    expect([refused.status, refused.body.code]).toEqual([415, 'not_audio']);
  } finally {
    await rm(failing);
  }
  expect(await fixture.platform.services.media.context.db.selectFrom('aloud').select('id').where('user_id', '=', learner.id).execute()).toHaveLength(perDay - 1);
  expectStatus(await sendAloud(learner.token), 201, 'the last of the day');
});

it("one learner's recordings are converted one at a time, so another learner's sent after them is not held behind them", async () => {
  const [busy, other] = [await fixture.platform.learner(), await fixture.platform.learner()];
  await Promise.all([learnerKnown(busy.id), learnerKnown(other.id)]);
  const answeredAt: Record<string, number[]> = { busy: [], other: [] };
  const send = async (who: 'busy' | 'other', token: string) => {
    expectStatus(await sendAloud(token), 201, who);
    answeredAt[who]!.push(performance.now());
  };
  const busyOnes = Array.from({ length: perDay }, () => send('busy', busy.token));
  await eventually(async () => fixture.platform.services.media.context.db.selectFrom('aloud_reservation').select('id').where('user_id', '=', busy.id).execute().then((rows) => rows.length === perDay), 'the busy learner sent every recording');
  await Promise.all([...busyOnes, send('other', other.token)]);
  expect(answeredAt.other![0]).toBeLessThan(Math.max(...answeredAt.busy!));
});
