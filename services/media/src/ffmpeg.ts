// ffprobe and ffmpeg, when the machine has them: a file's duration and streams, a poster frame, a
// recording's mp3. A missing tool answers undefined/false, so media works without them (no duration,
// no poster, recordings kept only as sent, uploads judged by their first bytes alone).
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';

/** What ffprobe read; a file it cannot read has no streams. */
export interface Probe {
  durationSeconds: number | null;
  /** A picture stream with a size (an mp3's cover art is not one). */
  hasVideo: boolean;
  /** A sound stream with a sample rate and channels. */
  hasAudio: boolean;
}

export interface MediaTools {
  /** Whether ffprobe runs on this machine. */
  hasProbe(): Promise<boolean>;
  /** undefined when ffprobe is not on this machine. */
  probe(path: string): Promise<Probe | undefined>;
  /** Writes a JPEG frame from a second into the video (or its first frame) to `output`. */
  poster(path: string, output: string): Promise<boolean>;
  /** Writes the recording as a voice's mp3 to `output`. */
  mp3(path: string, output: string): Promise<boolean>;
}

/** The tool's output when it succeeded, and whether it is missing: not found or not runnable, as against a file it refused. */
const run = (file: string, args: string[], timeoutMs: number) =>
  new Promise<{ stdout?: string; isMissing: boolean }>((resolve) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout) =>
      resolve(error ? { isMissing: error.code === 'ENOENT' || error.code === 'EACCES' } : { stdout, isMissing: false }),
    );
  });

const unreadable: Probe = { durationSeconds: null, hasVideo: false, hasAudio: false };

interface ProbedStream {
  codec_type?: string;
  width?: number;
  height?: number;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
}

export function createMediaTools(paths: { ffmpeg: string; ffprobe: string }): MediaTools {
  return {
    async hasProbe() {
      return (await run(paths.ffprobe, ['-version'], 30_000)).stdout !== undefined;
    },
    async probe(path) {
      const entries = 'format=duration:stream=codec_type,width,height,sample_rate,channels:stream_disposition=attached_pic';
      const { stdout, isMissing } = await run(paths.ffprobe, ['-v', 'error', '-show_entries', entries, '-of', 'json', path], 30_000);
      if (isMissing) return undefined;
      if (stdout === undefined) return unreadable;
      try {
        const parsed = JSON.parse(stdout) as { format?: { duration?: string }; streams?: ProbedStream[] };
        const duration = Number(parsed.format?.duration);
        const streams = parsed.streams ?? [];
        return {
          durationSeconds: Number.isFinite(duration) ? duration : null,
          // An mp3's cover art is a "video" stream too; it is marked as an attached picture.
          hasVideo: streams.some((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && (stream.width ?? 0) > 0 && (stream.height ?? 0) > 0),
          // The mp3 reader names a stream for any 'ID3' head, zeros after it too; only real sound has a rate and channels.
          hasAudio: streams.some((stream) => stream.codec_type === 'audio' && Number(stream.sample_rate) > 0 && (stream.channels ?? 0) > 0),
        };
      } catch {
        return unreadable;
      }
    },
    async poster(path, output) {
      const frame = ['-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4', '-f', 'image2', '-y', output];
      const seeked = await run(paths.ffmpeg, ['-v', 'error', '-ss', '1', '-i', path, ...frame], 60_000);
      if (seeked.stdout !== undefined && (await hasBytes(output))) return true;
      // A video shorter than a second: its first frame.
      return (await run(paths.ffmpeg, ['-v', 'error', '-i', path, ...frame], 60_000)).stdout !== undefined && hasBytes(output);
    },
    async mp3(path, output) {
      // A voice: one channel at 22.05 kHz (sound up to 11 kHz), variable rate, which falls to the
      // format's least on silence; kept within a small factor of a compact Opus upload.
      const args = ['-v', 'error', '-i', path, '-vn', '-ac', '1', '-ar', '22050', '-codec:a', 'libmp3lame', '-q:a', '7', '-f', 'mp3', '-y', output];
      return (await run(paths.ffmpeg, args, 10 * 60_000)).stdout !== undefined && hasBytes(output);
    },
  };
}

async function hasBytes(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.size > 0,
    () => false,
  );
}
