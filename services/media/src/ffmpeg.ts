// ffprobe and ffmpeg, when the machine has them: a file's duration and streams, a poster frame, an
// mp3 rendition. Every call answers undefined/false when the tool is missing or fails, so media
// works without them (no duration, no poster, recordings kept only as sent).
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';

export interface Probe {
  durationSeconds: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

export interface MediaTools {
  probe(path: string): Promise<Probe | undefined>;
  /** Writes a JPEG frame from a second into the video (or its first frame) to `output`. */
  poster(path: string, output: string): Promise<boolean>;
  /** Writes an mp3 rendition of the recording to `output`. */
  mp3(path: string, output: string): Promise<boolean>;
}

const run = (file: string, args: string[], timeoutMs: number) =>
  new Promise<string | undefined>((resolve) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout) => resolve(error ? undefined : stdout));
  });

export function createMediaTools(paths: { ffmpeg: string; ffprobe: string }): MediaTools {
  return {
    async probe(path) {
      const output = await run(paths.ffprobe, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type:stream_disposition=attached_pic', '-of', 'json', path], 30_000);
      if (output === undefined) return undefined;
      try {
        const parsed = JSON.parse(output) as { format?: { duration?: string }; streams?: Array<{ codec_type?: string; disposition?: { attached_pic?: number } }> };
        const duration = Number(parsed.format?.duration);
        // An mp3's cover art is a "video" stream too; it is marked as an attached picture.
        const streams = (parsed.streams ?? []).filter((stream) => stream.disposition?.attached_pic !== 1);
        const types = new Set(streams.map((stream) => stream.codec_type));
        return { durationSeconds: Number.isFinite(duration) ? duration : null, hasVideo: types.has('video'), hasAudio: types.has('audio') };
      } catch {
        return undefined;
      }
    },
    async poster(path, output) {
      const frame = ['-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4', '-f', 'image2', '-y', output];
      const seeked = await run(paths.ffmpeg, ['-v', 'error', '-ss', '1', '-i', path, ...frame], 60_000);
      if (seeked !== undefined && (await hasBytes(output))) return true;
      // A video shorter than a second: its first frame.
      return (await run(paths.ffmpeg, ['-v', 'error', '-i', path, ...frame], 60_000)) !== undefined && hasBytes(output);
    },
    async mp3(path, output) {
      const args = ['-v', 'error', '-i', path, '-vn', '-codec:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3', '-y', output];
      return (await run(paths.ffmpeg, args, 10 * 60_000)) !== undefined && hasBytes(output);
    },
  };
}

async function hasBytes(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.size > 0,
    () => false,
  );
}
