// The ladder's segments: ffmpeg cuts each rendition at every keyframe (2 s), the first 6 s stay in
// those short segments for a quick first picture, later pieces join into 6-second segments of three
// fragments. Made by the real ffmpeg from a 15 s 640x360 clip (one picture rung and audio only).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLadder, probeLadderSource, segmentsOfPieces } from '../src/hls-ladder.js';
import { makeClip } from './media-files.js';

describe('segmentsOfPieces', () => {
  it('keeps the pieces of the first 6 s alone and joins the rest by three', () => {
    expect(segmentsOfPieces([2, 2, 2, 2, 2, 2, 2, 2, 1])).toEqual([[0], [1], [2], [3, 4, 5], [6, 7, 8]]);
  });

  it('joins audio pieces a few milliseconds short of 2 s all the same', () => {
    expect(segmentsOfPieces([2.005, 2.005, 2.005, 1.995, 1.995, 2.005, 1.995])).toEqual([[0], [1], [2], [3, 4, 5], [6]]);
  });

  it('leaves a short video in short segments', () => {
    expect(segmentsOfPieces([2, 2, 0.5])).toEqual([[0], [1], [2]]);
  });
});

describe('a ladder of a 15 s clip', () => {
  let work: string;
  let ladder: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'media-hls-ladder-'));
    const clip = makeClip(join(work, 'clip.mp4'), { size: '640x360', seconds: 15 });
    ladder = join(work, 'ladder');
    await mkdir(ladder);
    const source = await probeLadderSource('ffprobe', clip);
    expect(await makeLadder({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, clip, ladder, source!)).toEqual(['360p', 'audio']);
  }, 60_000);
  afterAll(() => work && rm(work, { recursive: true, force: true }));

  const durationsOf = async (rendition: string) => {
    const playlist = await readFile(join(ladder, rendition, 'playlist.m3u8'), 'utf8');
    return [...playlist.matchAll(/^#EXTINF:([\d.]+),\n(.+)$/gm)].map((match) => ({ uri: match[2], seconds: Math.round(Number(match[1])) }));
  };

  it.each(['360p', 'audio'])('lists %s in segments of 2, 2, 2, 6 and the rest (3) seconds, target 6, and holds no pieces', async (rendition) => {
    expect(await durationsOf(rendition)).toEqual([2, 2, 2, 6, 3].map((seconds, index) => ({ uri: `segment-${index + 1}.m4s`, seconds })));
    const playlist = await readFile(join(ladder, rendition, 'playlist.m3u8'), 'utf8');
    expect(playlist).toMatch(/^#EXT-X-TARGETDURATION:6$/m);
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect((await readdir(join(ladder, rendition))).sort()).toEqual(['init.mp4', 'playlist.m3u8', ...[1, 2, 3, 4, 5].map((n) => `segment-${n}.m4s`)]);
  });

  it('makes a joined segment one styp and a fragment (moof, mdat) per piece, with no sidx', async () => {
    expect(boxTypes(await readFile(join(ladder, '360p', 'segment-1.m4s')))).toEqual(['styp', 'moof', 'mdat']);
    expect(boxTypes(await readFile(join(ladder, '360p', 'segment-4.m4s')))).toEqual(['styp', 'moof', 'mdat', 'moof', 'mdat', 'moof', 'mdat']);
  });

  it('plays whole: init and the segments in turn decode to 15 s with a keyframe every 2 s', async () => {
    const dir = join(ladder, '360p');
    const joined = join(work, '360p.mp4');
    await writeFile(joined, Buffer.concat(await Promise.all(['init.mp4', ...[1, 2, 3, 4, 5].map((n) => `segment-${n}.m4s`)].map((name) => readFile(join(dir, name))))));
    const probe = spawnSync('ffprobe', ['-v', 'error', '-skip_frame', 'nokey', '-select_streams', 'v', '-show_entries', 'frame=pts_time:format=duration', '-of', 'json', joined], { encoding: 'utf8' });
    const { frames, format } = JSON.parse(probe.stdout) as { frames: Array<{ pts_time: string }>; format: { duration: string } };
    const keyframes = frames.map((frame) => Number(frame.pts_time));
    expect(keyframes.map((time) => Math.round(time - keyframes[0]!))).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(Number(format.duration)).toBeCloseTo(15, 0);
    expect(spawnSync('ffmpeg', ['-v', 'error', '-i', joined, '-f', 'null', '-']).status).toBe(0);
  });
});

function boxTypes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at < bytes.length; at += bytes.readUInt32BE(at)) types.push(bytes.toString('latin1', at + 4, at + 8));
  return types;
}
