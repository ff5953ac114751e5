// A real HLS ladder for the tests, made by ffmpeg (4 s of 320×240 picture and sound, one `360p`
// rendition of fMP4 segments, 1 s each), and stored as media's transcoding job stores one: bytes
// through media's storage under `videos/<videoId>/hls/`, a stored_file row each, and
// `video.transcoded` recorded through media's outbox in the same transaction.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { recordEvent } from '@learning/kit/events';
import type { TestPlatform } from '@learning/testing';
import { etagOf } from '../src/files.js';
import { createDiskStorage } from '../src/storage.js';
import { recordFile } from '../src/stored-files.js';
import { ladderContentType } from '../src/transcoding.js';

export interface TestLadder {
  renditions: string[];
  /** Each file's bytes by its path in the ladder: `master.m3u8`, `360p/playlist.m3u8`, `360p/init.mp4`, `360p/segment-1.m4s`… */
  files: Map<string, Buffer>;
}

export async function makeTestLadder(): Promise<TestLadder> {
  const folder = await mkdtemp(join(tmpdir(), 'media-ladder-'));
  try {
    await mkdir(join(folder, '360p'));
    const made = spawnSync(
      'ffmpeg',
      [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=4', '-f', 'lavfi', '-i', 'sine=d=4',
        '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac',
        '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-start_number', '1',
        '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', '%v/segment-%d.m4s',
        '-master_pl_name', 'master.m3u8', '-var_stream_map', 'v:0,a:0,name:360p', '%v/playlist.m3u8',
      ],
      { cwd: folder },
    );
    if (made.status !== 0) throw new Error(`ffmpeg could not make the test ladder: ${made.stderr}`);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    const files = new Map<string, Buffer>();
    for (const entry of entries.filter((found) => found.isFile())) {
      const path = join(entry.parentPath, entry.name);
      files.set(relative(folder, path), await readFile(path));
    }
    return { renditions: ['360p'], files };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Stores the ladder as the video's and records `video.transcoded`, as the transcoding job does once a ladder is complete. */
export async function storeLadder(platform: TestPlatform, videoId: string, kind: 'monsterplan' | 'lesson', ladder: TestLadder): Promise<void> {
  const storage = createDiskStorage(platform.mediaFilesDir);
  const media = platform.services.media.context;
  const keyOf = (path: string) => `videos/${videoId}/hls/${path}`;
  for (const [path, bytes] of ladder.files) await storage.putBytes(keyOf(path), bytes);
  await media.transaction(async (trx) => {
    for (const [path, bytes] of ladder.files) {
      await recordFile(trx, { key: keyOf(path), contentType: ladderContentType(path), size: bytes.length, etag: etagOf(bytes) });
    }
    await recordEvent(trx, 'video.transcoded', { videoId, kind, renditions: ladder.renditions });
  });
}
