// Real media for the journeys, made by ffmpeg (Debian's package) in a temporary folder: a short
// WebM video with sound (VP8 and Vorbis play in any Chromium build), an MP3 recording, and a
// question bank file; and light videos of a chosen length for the listening journeys.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
