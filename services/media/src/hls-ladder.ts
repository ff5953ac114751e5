// The HLS ladder of a video, made by one ffmpeg process: 360p, 540p and 720p (never above the source)
// and an audio-only rendition for the weakest links, 6-second fMP4 segments with a keyframe every 2 s
// (the first 6 s in 2-second segments, for a quick first picture), VOD playlists with relative links.
// ffmpeg is spawned directly (fluent-ffmpeg is archived) at a lower priority, so a transcoding never
// takes the CPU from the platform's requests.
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { basename, join } from 'node:path';

/**
 * A video rung: its height and bit rates (kbit/s). `-maxrate` is 107 % and `-bufsize` 150 % of the
 * target, as Apple's HLS authoring guidance suggests for a capped VBR ladder.
 */
interface VideoRung {
  name: string;
  height: number;
  videoKbps: number;
}

const videoRungs: readonly VideoRung[] = [
  // 360p is the first rung every playback starts on: at 500 kbit/s, the low end of Apple's 365–730
  // for 640x360, its first segments are small and arrive soon on a slow link (bench/playback).
  { name: '360p', height: 360, videoKbps: 500 },
  { name: '540p', height: 540, videoKbps: 1400 },
  { name: '720p', height: 720, videoKbps: 2800 },
];
/** The sound beside each picture rung, and the audio-only rendition's (a listener on 2G still hears the lesson). */
const rungAudioKbps = 96;
const audioOnlyKbps = 64;
export const audioRendition = 'audio';
/** What ffmpeg names its keyframe-long pieces, before they are joined into segments. */
const pieceName = 'piece';
const segmentSeconds = 6;
const keyframeSeconds = 2;
/**
 * The opening seconds come in keyframe-long segments: a player shows the first picture once one
 * keyframe's worth of video has arrived rather than a whole 6 s segment (bench/playback), and each
 * short segment arrives well within its playing time, so the buffer grows before the first 6 s
 * segment is asked for.
 */
const quickStartSeconds = 6;

/** What the ladder needs to know of the source. */
export interface LadderSource {
  durationSeconds: number;
  height: number;
  frameRate: number;
  hasAudio: boolean;
}

/** The picture rungs for a source: those not above its height; the lowest is always made, at the source's height when that is smaller. */
export function rungsFor(sourceHeight: number): VideoRung[] {
  const fitting = videoRungs.filter((rung) => rung.height <= sourceHeight);
  if (fitting.length > 0) return fitting;
  const lowest = videoRungs[0]!;
  return [{ ...lowest, height: Math.max(2, sourceHeight - (sourceHeight % 2)) }];
}

/** The renditions a ladder of this source holds, lowest first. */
export function renditionsFor(source: LadderSource): string[] {
  return [...rungsFor(source.height).map((rung) => rung.name), ...(source.hasAudio ? [audioRendition] : [])];
}

/** ffmpeg's arguments to make the ladder of `input` in the working folder (ffmpeg runs there). */
export function ladderArgs(input: string, source: LadderSource): string[] {
  const rungs = rungsFor(source.height);
  const gop = Math.max(1, Math.round(source.frameRate * keyframeSeconds));
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((rung, i) => `[s${i}]scale=-2:${rung.height}[v${i}]`);
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-progress', 'pipe:1', '-i', input];
  args.push('-filter_complex', [split, ...scales].join(';'));
  for (let i = 0; i < rungs.length; i++) args.push('-map', `[v${i}]`);
  // The same sound stream is encoded once per picture rung (each rung plays alone) and once for the audio-only rendition.
  const audioOutputs = source.hasAudio ? rungs.length + 1 : 0;
  for (let i = 0; i < audioOutputs; i++) args.push('-map', '0:a:0');
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    // A keyframe every 2 s at the source's frame rate, and never elsewhere, so every rung cuts at the same moments.
    '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
    '-force_key_frames', `expr:gte(t,n_forced*${keyframeSeconds})`,
  );
  rungs.forEach((rung, i) => {
    args.push(`-b:v:${i}`, `${rung.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(rung.videoKbps * 1.07)}k`, `-bufsize:v:${i}`, `${Math.round(rung.videoKbps * 1.5)}k`);
  });
  if (source.hasAudio) {
    args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
    for (let i = 0; i < audioOutputs; i++) args.push(`-b:a:${i}`, `${i < rungs.length ? rungAudioKbps : audioOnlyKbps}k`);
  }
  const variants = rungs.map((rung, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ''},name:${rung.name}`);
  if (source.hasAudio) variants.push(`a:${rungs.length},name:${audioRendition}`);
  args.push(
    // Cut at every keyframe: joinPieces makes the segments of these pieces.
    '-f', 'hls', '-hls_time', String(keyframeSeconds), '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments', '-start_number', '1',
    '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', `%v/${pieceName}-%d.m4s`,
    '-master_pl_name', 'master.m3u8', '-var_stream_map', variants.join(' '), '%v/playlist.m3u8',
  );
  return args;
}

export interface LadderTools {
  ffmpeg: string;
  ffprobe: string;
}

/** The source's duration, picture height, frame rate and whether it has sound; undefined when ffprobe cannot read a picture in it. */
export async function probeLadderSource(ffprobe: string, path: string): Promise<LadderSource | undefined> {
  const entries = 'format=duration:stream=codec_type,height,avg_frame_rate,r_frame_rate,sample_rate,channels:stream_disposition=attached_pic';
  const stdout = await new Promise<string | undefined>((resolve) => {
    execFile(ffprobe, ['-v', 'error', '-show_entries', entries, '-of', 'json', path], { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 }, (error, out) =>
      resolve(error ? undefined : out),
    );
  });
  if (stdout === undefined) return undefined;
  const parsed = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; height?: number; avg_frame_rate?: string; r_frame_rate?: string; sample_rate?: string; channels?: number; disposition?: { attached_pic?: number } }>;
  };
  const streams = parsed.streams ?? [];
  const picture = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && (stream.height ?? 0) > 0);
  const durationSeconds = Number(parsed.format?.duration);
  if (!picture || !Number.isFinite(durationSeconds)) return undefined;
  return {
    durationSeconds,
    height: picture.height!,
    frameRate: rateOf(picture.avg_frame_rate) ?? rateOf(picture.r_frame_rate) ?? 25,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio' && Number(stream.sample_rate) > 0 && (stream.channels ?? 0) > 0),
  };
}

/** ffprobe's "30000/1001"; a rate of 0 or above 120 (a timebase, not a rate) is no answer. */
function rateOf(fraction: string | undefined): number | undefined {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number);
  const rate = numerator! / (denominator ?? 1);
  return Number.isFinite(rate) && rate > 0 && rate <= 120 ? rate : undefined;
}

export class LadderFailed extends Error {
  override name = 'LadderFailed';
}

export interface LadderOptions {
  /** Called with 0–100 as ffmpeg reports its position against the source's duration. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Added to the process's niceness (0–19); lower priority than the platform's requests. */
  niceness?: number;
}

/**
 * Makes the ladder of `input` in `folder` (empty): `master.m3u8`, and per rendition `playlist.m3u8`,
 * `init.mp4` and `segment-<n>.m4s`. Answers the renditions made. Rejects with `LadderFailed` (ffmpeg's
 * last words) when ffmpeg fails, or with the signal's reason when aborted.
 */
export async function makeLadder(tools: LadderTools, input: string, folder: string, source: LadderSource, options: LadderOptions = {}): Promise<string[]> {
  const renditions = renditionsFor(source);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tools.ffmpeg, ladderArgs(input, source), { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, options.niceness ?? 10);
      } catch {
        // Not allowed on this system: it runs at the platform's priority.
      }
    }
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        // out_time_us is microseconds; ffmpeg 5.1's out_time_ms is microseconds too, despite its name.
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && source.durationSeconds > 0) options.onProgress?.(Math.min(99, Math.floor(Number(match[1]) / 1e4 / source.durationSeconds)));
      }
    });
    child.on('error', (error) => reject(options.signal?.aborted ? options.signal.reason : error));
    child.on('close', (code, signal) => {
      if (options.signal?.aborted) reject(options.signal.reason);
      else if (code === 0) resolve();
      else reject(new LadderFailed(lastWords(stderr) || `ffmpeg stopped (${code ?? signal})`));
    });
  });
  for (const rendition of renditions) await finishRendition(join(folder, rendition));
  const master = join(folder, 'master.m3u8');
  await writeFile(master, markedIndependent(await readFile(master, 'utf8')));
  return renditions;
}

/** ffmpeg's last lines, short enough for an administrator's list. */
function lastWords(stderr: string): string {
  return stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);
}

/**
 * Makes a rendition of ffmpeg's output what the ladder serves, in one pass over its playlist: its init
 * segment named `init.mp4`, its pieces joined into segments, its segments marked independent.
 */
async function finishRendition(dir: string): Promise<void> {
  const playlistPath = join(dir, 'playlist.m3u8');
  let playlist = await readFile(playlistPath, 'utf8');
  playlist = await nameInitSegment(dir, playlist);
  playlist = await joinPieces(dir, playlist);
  await writeFile(playlistPath, markedIndependent(playlist));
}

/**
 * ffmpeg 5.1 writes EXT-X-INDEPENDENT-SEGMENTS only into the picture rungs' playlists. Every segment
 * of the ladder starts with a keyframe, and every AAC frame stands alone, so every playlist says it:
 * the master for all (RFC 8216 4.3.5.1), and the audio rendition's too.
 */
function markedIndependent(playlist: string): string {
  if (playlist.includes('#EXT-X-INDEPENDENT-SEGMENTS')) return playlist;
  return playlist.replace(/^(#EXT-X-VERSION:\d+\n)/m, '$1#EXT-X-INDEPENDENT-SEGMENTS\n');
}

/**
 * ffmpeg numbers each variant's init segment (`init_0.mp4`) when it writes several; every rendition's
 * is `init.mp4` in its own folder, so the file is renamed and the playlist's EXT-X-MAP follows.
 */
async function nameInitSegment(dir: string, playlist: string): Promise<string> {
  const numbered = (await readdir(dir)).find((name) => /^init(?:_\d+)?\.mp4$/.test(name));
  if (!numbered) throw new LadderFailed(`ffmpeg wrote no init segment for ${basename(dir)}`);
  if (numbered === 'init.mp4') return playlist;
  await rename(join(dir, numbered), join(dir, 'init.mp4'));
  return playlist.replace(`#EXT-X-MAP:URI="${numbered}"`, '#EXT-X-MAP:URI="init.mp4"');
}

/**
 * The segments of a rendition's pieces (their durations, in order), as lists of piece indexes: each
 * piece that starts within the first `quickStartSeconds` alone, then pieces joined until a segment
 * holds `segmentSeconds` (a piece may be a few milliseconds short of 2 s: audio frames are ~21 ms).
 */
export function segmentsOfPieces(pieceSeconds: readonly number[]): number[][] {
  const segments: number[][] = [];
  let start = 0;
  let joined: number[] = [];
  let joinedSeconds = 0;
  pieceSeconds.forEach((seconds, index) => {
    if (start < quickStartSeconds - 0.5) segments.push([index]);
    else {
      joined.push(index);
      joinedSeconds += seconds;
      if (joinedSeconds >= segmentSeconds - 0.5) {
        segments.push(joined);
        joined = [];
        joinedSeconds = 0;
      }
    }
    start += seconds;
  });
  if (joined.length > 0) segments.push(joined);
  return segments;
}

/**
 * Makes a rendition's segments (`segment-<n>.m4s`) of ffmpeg's pieces; answers its playlist listing
 * them. A segment of several pieces holds one fragment (moof and mdat) per piece after one styp;
 * each fragment carries its own decode time, so it plays as the pieces did. ffmpeg's sidx boxes, each
 * indexing its own piece only, are left out (HLS needs none).
 */
async function joinPieces(dir: string, playlist: string): Promise<string> {
  const pieces = [...playlist.matchAll(/^#EXTINF:([\d.]+),\n(.+)$/gm)].map((match) => ({ seconds: Number(match[1]), file: match[2]! }));
  if (pieces.length === 0) throw new LadderFailed(`ffmpeg listed no segment for ${basename(dir)}`);
  const entries: string[] = [];
  let longest = 0;
  for (const [index, segment] of segmentsOfPieces(pieces.map((piece) => piece.seconds)).entries()) {
    const joined = segment.map((piece) => pieces[piece]!);
    const boxes = (await Promise.all(joined.map((piece) => readFile(join(dir, piece.file))))).map(boxesOf);
    const styp = boxes[0]!.filter((box) => box.type === 'styp');
    const fragments = boxes.flatMap((piece) => piece.filter((box) => box.type !== 'styp' && box.type !== 'sidx'));
    const name = `segment-${index + 1}.m4s`;
    await writeFile(join(dir, name), Buffer.concat([...styp, ...fragments].map((box) => box.bytes)));
    const seconds = joined.reduce((sum, piece) => sum + piece.seconds, 0);
    longest = Math.max(longest, seconds);
    entries.push(`#EXTINF:${seconds.toFixed(6)},`, name);
  }
  await Promise.all(pieces.map((piece) => rm(join(dir, piece.file))));
  const header = playlist.slice(0, playlist.indexOf('#EXTINF:')).replace(/^#EXT-X-TARGETDURATION:\d+$/m, `#EXT-X-TARGETDURATION:${Math.round(longest)}`);
  return `${header}${entries.join('\n')}\n#EXT-X-ENDLIST\n`;
}

/** The top-level boxes of an ISO BMFF file, in order. */
function boxesOf(bytes: Buffer): Array<{ type: string; bytes: Buffer }> {
  const boxes: Array<{ type: string; bytes: Buffer }> = [];
  for (let at = 0; at < bytes.length; ) {
    if (at + 8 > bytes.length) throw new LadderFailed('ffmpeg wrote a broken segment (a cut box header)');
    const type = bytes.toString('latin1', at + 4, at + 8);
    const declared = bytes.readUInt32BE(at);
    const size = declared === 1 ? Number(bytes.readBigUInt64BE(at + 8)) : declared === 0 ? bytes.length - at : declared;
    if (size < 8 || at + size > bytes.length) throw new LadderFailed(`ffmpeg wrote a broken segment (its ${type} box)`);
    boxes.push({ type, bytes: bytes.subarray(at, at + size) });
    at += size;
  }
  return boxes;
}
