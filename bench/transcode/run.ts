// The HLS ladder's cost on this machine: makes a test-card source with ffmpeg (moving
// picture and a tone, 1280x720 at 25 fps by default, about 2.5 Mbit/s like a phone's upload), then runs
// media's own ladder (services/media/src/hls-ladder.ts: one ffmpeg, every rung, at niceness 10) on it
// and prints the seconds of transcoding per minute of video, the CPU time, (ffmpeg's, from /proc) and each rendition's size.
//
//   npx tsx bench/transcode/run.ts                      # 60 s of 1280x720
//   options: --seconds 120, --size 1920x1080, --runs 3 (the median is printed with each run)
//
// The machine is shared: the load average is printed with the figures, and single runs swing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLadder, probeLadderSource } from '../../services/media/src/hls-ladder.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const seconds = Number(option('seconds', '60'));
const size = option('size', '1280x720');
const runs = Number(option('runs', '1'));
const tools = { ffmpeg: process.env.FFMPEG_PATH ?? 'ffmpeg', ffprobe: process.env.FFPROBE_PATH ?? 'ffprobe' };

const folder = await mkdtemp(join(tmpdir(), 'bench-transcode-'));
try {
  const source = join(folder, 'source.mp4');
  console.log(`making a ${seconds} s ${size} source…`);
  const made = spawnSync(
    tools.ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${size}:rate=25`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', source],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the source: ${made.stderr}`);
  const probed = await probeLadderSource(tools.ffprobe, source);
  if (!probed) throw new Error('ffprobe could not read the source');
  const sourceBytes = (await stat(source)).size;
  console.log(`source: ${probed.durationSeconds.toFixed(1)} s, ${probed.height} lines, ${probed.frameRate} fps, ${(sourceBytes / 1e6).toFixed(1)} MB`);

  const perMinute: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const ladder = join(folder, `ladder-${run}`);
    await rm(ladder, { recursive: true, force: true });
    await mkdir(ladder);
    const load = loadavg()[0]!.toFixed(1);
    const childrenBefore = childCpuSeconds();
    const started = performance.now();
    const renditions = await makeLadder(tools, source, ladder, probed);
    const wall = (performance.now() - started) / 1000;
    const cpu = childCpuSeconds() - childrenBefore;
    perMinute.push((wall / probed.durationSeconds) * 60);
    console.log(`run ${run} (load ${load}): ${wall.toFixed(1)} s for ${probed.durationSeconds.toFixed(0)} s of video = ${perMinute.at(-1)!.toFixed(1)} s per minute of video; CPU ${cpu.toFixed(1)} s`);
    let total = 0;
    for (const rendition of renditions) {
      const bytes = await folderBytes(join(ladder, rendition));
      total += bytes;
      const segments = (await readdir(join(ladder, rendition))).filter((name) => name.endsWith('.m4s')).length;
      console.log(`  ${rendition.padEnd(5)} ${(bytes / 1e6).toFixed(2)} MB (${((bytes * 8) / probed.durationSeconds / 1000).toFixed(0)} kbit/s, ${segments} segments)`);
    }
    console.log(`  ladder ${(total / 1e6).toFixed(2)} MB, ${(total / sourceBytes).toFixed(2)}× the source`);
  }
  const sorted = [...perMinute].sort((a, b) => a - b);
  console.log(`median: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} s of transcoding per minute of ${size} video`);
} finally {
  await rm(folder, { recursive: true, force: true });
}

async function folderBytes(path: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(path)) total += (await stat(join(path, name))).size;
  return total;
}

/** CPU seconds of this process's finished children (ffmpeg), from /proc: cutime and cstime. */
function childCpuSeconds(): number {
  try {
    const own = readFileSync('/proc/self/stat', 'utf8');
    const parts = own.slice(own.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 (cutime, cstime) are the 14th and 15th after the command's closing parenthesis.
    return (Number(parts[13]) + Number(parts[14])) / 100;
  } catch {
    return 0;
  }
}
