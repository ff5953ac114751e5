// Real media for the journeys, made by ffmpeg (Debian's package) in a temporary folder: a short
// WebM video with sound (VP8 and Vorbis play in any Chromium build), an MP3 recording, and a
// question bank file; and light videos of a chosen length for the listening journeys, and their HLS ladder.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openPayload, payloadEncryptionHeader, payloadKey } from '@learning/contracts';
import { eventually, expectStatus, testPayloadSecret, type TestPlatform } from '@learning/testing';
import { catalogKnowsLadder, catalogKnowsVideo } from '@learning/testing/catalog';

export interface MediaFiles {
  folder: string;
  /** A video of `videoSeconds` seconds: moving test pattern, a tone, and noise that keeps it from compressing away. */
  video: string;
  /** A spoken-length MP3 (a tone), as a learner's read-aloud recording. */
  audio: string;
  /** A question bank of three questions, as the exam service reads CSV. */
  questions: string;
  remove(): Promise<void>;
}

export async function makeMediaFiles({ videoSeconds = 6 }: { videoSeconds?: number } = {}): Promise<MediaFiles> {
  const folder = await mkdtemp(join(tmpdir(), 'admin-e2e-'));
  const video = join(folder, 'lesson.webm');
  const audio = join(folder, 'aloud.mp3');
  const questions = join(folder, 'questions.csv');
  await writeFile(
    questions,
    ['question,niceWord,answer1,answer2,answer3,answer4,correct', 'I run every morning,run,гүйх,идэх,унтах,суух,1', 'We eat rice,eat,гүйх,идэх,унтах,суух,2', 'Babies sleep a lot,sleep,гүйх,идэх,унтах,суух,3', ''].join('\n'),
  );
  ffmpeg(['-f', 'lavfi', '-i', `testsrc2=duration=${videoSeconds}:size=640x360:rate=25`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${videoSeconds}`,
    '-vf', 'noise=alls=40:allf=t', '-c:v', 'libvpx', '-b:v', '2M', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libvorbis', '-shortest', video]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', '-c:a', 'libmp3lame', '-b:a', '64k', audio]);
  return { folder, video, audio, questions, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * A light video of `seconds` seconds for listening journeys (a test pattern at 10 frames a second,
 * 320×180, a tone): quick to make and to decode at 2× on a busy machine.
 */
export function makeListeningVideo(path: string, seconds: number): string {
  ffmpeg(['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x180:rate=10`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libvpx', '-b:v', '200k', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libvorbis', '-shortest', path]);
  return path;
}

function ffmpeg(args: string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (run.error) throw new Error(`ffmpeg could not start (${run.error.message}): install it with apt-get install -y ffmpeg.`);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
}

/**
 * A Monster plan video of `seconds` made in `folder`, uploaded with its WebVTT `subtitles` and published
 * under `name` by the administrator, as the videos screen does; answers its id.
 */
export async function publishedListeningVideo(
  platform: TestPlatform,
  admin: string,
  { folder, name, seconds, subtitles }: { folder: string; name: string; seconds: number; subtitles: string },
): Promise<string> {
  const uploaded = async (file: string, type: string, path: string, field: string): Promise<string> => {
    const form = new FormData();
    form.append(field, new Blob([await readFile(file)], { type }), basename(file));
    const response = await fetch(`${platform.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    let body = JSON.parse(await response.text());
    if (!response.ok) throw new Error(`Uploading ${file} answered ${response.status}: ${JSON.stringify(body)}`);
    if (response.headers.get(payloadEncryptionHeader)) body = JSON.parse(await openPayload(await payloadKey(testPayloadSecret), body.payload));
    return body._id as string;
  };
  const file = makeListeningVideo(join(folder, 'lesson.webm'), seconds);
  await writeFile(join(folder, 'lesson.vtt'), subtitles);
  const videoId = await uploaded(file, 'video/webm', '/v1/files/monsterplan-videos', 'video');
  await uploaded(join(folder, 'lesson.vtt'), 'text/vtt', `/v1/files/monsterplan-videos/${videoId}/subtitle`, 'subtitle');
  const body = { id: videoId, name, translateUrl: '' };
  expectStatus(await platform.call('PUT', `/v1/files/monsterplan-videos/${videoId}`, { token: admin, body }), 200, 'publishing the video');
  await catalogKnowsVideo(platform, videoId);
  return videoId;
}

/** Waits until media has made the video's HLS ladder (the administrator's page shows the job until then) and the catalog plays it. */
export async function ladderMade(platform: TestPlatform, admin: string, videoId: string): Promise<void> {
  await eventually(
    async () => {
      const video = expectStatus(await platform.call('GET', `/v1/files/monsterplan-videos/${videoId}`, { token: admin }), 200, 'the video');
      if (video.transcoding?.state === 'failed') throw new Error(`transcoding failed: ${video.transcoding.reason}`);
      return video.transcoding?.state === 'ready' ? video : undefined;
    },
    'the ladder is ready',
    60_000,
  );
  await catalogKnowsLadder(platform, videoId);
}
