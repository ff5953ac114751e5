// Real media for the tests, made by ffmpeg in a temporary folder once per test file: a short MP4
// video, an MP4 that holds only sound, recordings in every accepted audio format, a PDF, subtitles,
// a text file named like a video, and files whose first bytes claim media they do not hold.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePdf } from '../src/demo/pdf.js';

export interface TestMedia {
  folder: string;
  video: string;
  /** An .mp4 with an audio stream and no video. */
  audioOnlyMp4: string;
  recordings: { mp3: string; m4a: string; webm: string; ogg: string; wav: string };
  /** A WebM that carries video: not a recording. */
  webmVideo: string;
  pdf: string;
  srt: string;
  vtt: string;
  /** Plain text named `film.mp4`. */
  textAsMp4: string;
  /** 'ID3' then zeros: an mp3 by its first bytes, with no sound in it. */
  id3Zeros: string;
  /** An MP4 `ftyp` head then zeros: a video by its first bytes, with no picture in it. */
  mp4Zeros: string;
  remove(): Promise<void>;
}

export const srtText = '1\r\n00:00:00,500 --> 00:00:01,500\r\nСайн байна уу?\r\n\r\n2\r\n00:00:01,600 --> 00:00:02,900\r\nHello, <i>world</i>.\r\n';

export async function makeTestMedia(): Promise<TestMedia> {
  const folder = await mkdtemp(join(tmpdir(), 'media-test-'));
  const at = (name: string) => join(folder, name);
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=duration=3:size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', at('film.mp4')]);
  ffmpeg([...tone, '-c:a', 'aac', '-f', 'mp4', at('sound.mp4')]);
  ffmpeg([...tone, '-c:a', 'libmp3lame', at('aloud.mp3')]);
  ffmpeg([...tone, '-c:a', 'aac', '-f', 'ipod', at('aloud.m4a')]);
  ffmpeg([...tone, '-c:a', 'libopus', at('aloud.webm')]);
  ffmpeg([...tone, '-c:a', 'libvorbis', at('aloud.ogg')]);
  ffmpeg([...tone, '-c:a', 'pcm_s16le', at('aloud.wav')]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x90:rate=10', '-c:v', 'libvpx', '-deadline', 'realtime', at('clip.webm')]);
  await writeFile(at('guide.pdf'), makePdf('Guide', [{ color: [0, 0, 0], title: 'Guide', lines: ['A test document.'] }]));
  await writeFile(at('film.srt'), srtText);
  await writeFile(at('film.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');
  await writeFile(at('notes.mp4'), 'These are my notes, not a video.\n'.repeat(40));
  const zeros = Buffer.alloc(32 * 1024);
  await writeFile(at('silence.mp3'), Buffer.concat([Buffer.from('ID3'), zeros]));
  await writeFile(at('empty.mp4'), Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), zeros]));
  return {
    folder,
    video: at('film.mp4'),
    audioOnlyMp4: at('sound.mp4'),
    recordings: { mp3: at('aloud.mp3'), m4a: at('aloud.m4a'), webm: at('aloud.webm'), ogg: at('aloud.ogg'), wav: at('aloud.wav') },
    webmVideo: at('clip.webm'),
    pdf: at('guide.pdf'),
    srt: at('film.srt'),
    vtt: at('film.vtt'),
    textAsMp4: at('notes.mp4'),
    id3Zeros: at('silence.mp3'),
    mp4Zeros: at('empty.mp4'),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * A test-card clip of `seconds` at `size` (e.g. '1280x720'), low bit rate, with a tone unless `silent`:
 * a source for the HLS ladder (the shared `video` is 320x180, below the ladder's lowest rung).
 */
export function makeClip(path: string, { size, seconds, silent = false }: { size: string; seconds: number; silent?: boolean }): string {
  const sound = silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-b:a', '48k', '-shortest'];
  ffmpeg(['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${size}:rate=25`, ...sound, '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '300k', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path]);
  return path;
}

function ffmpeg(args: string[]): void {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (run.error) throw new Error(`ffmpeg could not start (${run.error.message}): install it with apt-get install -y ffmpeg.`);
  if (run.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${run.stderr}`);
}
