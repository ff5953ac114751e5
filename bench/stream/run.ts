// Streaming a video: one ~200 MB MP4 (made by ffmpeg, uploaded as the administrator does) read whole
// by one reader, then by 50 concurrent readers asking 1 MiB ranges at random places (a class seeking
// through a lesson), in one run, along four paths, against nginx (Debian's package) serving the very
// same file:
//   - the embedded start (`npm start`, one process): media checks the signed URL and the gateway beside
//     it sends the file it hands over (X-Accel-Redirect), one HTTP hop for the bytes;
//   - gateway → media as separate processes: the bytes relayed by Node (docker-compose without nginx,
//     and the embedded start before it sent the files itself);
//   - nginx → gateway → media with MEDIA_ACCEL_REDIRECT: media checks the signed URL and nginx sends
//     the bytes (the production arrangement, services/media/test/nginx.test.ts);
//   - media alone, for reference;
//   - Node alone (node-file-server.ts): node:http piping a file stream, no framework: Node's ceiling.
// Each ranged reader is a learner with a play URL of their own. Prints the median and the best
// throughput of each path and their shares of nginx alone's; the goal is at least 80 %. The reader is
// one Node process on the same two cores, so single runs swing: the medians are what to compare.
// Auth, media and the gateway run as their own processes. BENCH_RANGES_PER_READER (20),
// BENCH_WHOLE_READS (3) and BENCH_RANGED_RUNS (5) size the run.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPayload, payloadKey, signMediaUrl } from '@learning/contracts';
import { findNginx, mediaFilesLocation, startNginx, type RunningNginx } from '../../scripts/nginx.js';
import { startProcess, stopProcess, whenReady } from '../processes.js';

const readers = 50;
const rangeBytes = 1024 * 1024;
const rangesPerReader = Number(process.env.BENCH_RANGES_PER_READER ?? 20);
const wholeReads = Number(process.env.BENCH_WHOLE_READS ?? 3);
const rangedRuns = Number(process.env.BENCH_RANGED_RUNS ?? 5);
const secret = 'bench-media-signing-secret';
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const payloadSecret = 'bench-payload-secret';
const ports = { auth: 4121, media: 4123, gateway: 8191, nginx: 8192, nginxInFront: 8193, embedded: 8194, node: 8195 };
const urls = {
  auth: `http://127.0.0.1:${ports.auth}`,
  media: `http://127.0.0.1:${ports.media}`,
  gateway: `http://127.0.0.1:${ports.gateway}`,
  embedded: `http://127.0.0.1:${ports.embedded}`,
};

if (!findNginx()) {
  console.error('bench/stream compares with nginx: install it with apt-get install -y nginx.');
  process.exit(1);
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-stream-'));
const filesDir = path.join(work, 'media');
const video = path.join(work, 'lesson.mp4');
console.log('making a ~200 MB video with ffmpeg…');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=7', '-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-movflags', '+faststart', video]);
const bytes = await readFile(video);
const mb = (count: number) => count / 1e6;
console.log(`video: ${mb(bytes.length).toFixed(1)} MB`);

// Embedded databases and no bus (nothing here consumes events): the file's path is what is measured.
const common: Record<string, string> = { LOG_LEVEL: 'warn', DATA_DIR: work, AUTH_URL: urls.auth };
const inherited = { ...process.env, AMQP_URL: undefined, DATABASE_URL: undefined };
const startMedia = (env: Record<string, string> = {}) =>
  startProcess('services/media/src/main.ts', { ...common, PORT: String(ports.media), MEDIA_SIGNING_SECRET: secret, MEDIA_FILES_DIR: filesDir, ...env }, inherited);
let media = startMedia();
const others = [
  startProcess('services/auth/src/main.ts', { ...common, PORT: String(ports.auth), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, inherited),
  startProcess('gateway/src/main.ts', { ...common, PORT: String(ports.gateway), HOST: '127.0.0.1', MEDIA_URL: urls.media, PAYLOAD_SECRET: payloadSecret, RATE_LIMIT_AUTH: '1000' }, inherited),
];
const nginxes: RunningNginx[] = [];

type Path = 'embedded' | 'gateway' | 'accel' | 'nginx' | 'media' | 'node';
const whole: Record<Path, number[]> = { embedded: [], gateway: [], accel: [], nginx: [], media: [], node: [] };
const ranged: Record<Path, number[]> = { embedded: [], gateway: [], accel: [], nginx: [], media: [], node: [] };

try {
  await Promise.all([whenReady(`${urls.auth}/readyz`), whenReady(`${urls.media}/readyz`), whenReady(`${urls.gateway}/healthz`)]);
  const token = await signIn(urls.auth);
  const videoId = await upload(urls.media, token);
  // Each reader is a learner with a play URL of their own, as the catalog signs one per play call.
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const signedUrls = await Promise.all(Array.from({ length: readers }, (_, reader) => signMediaUrl(secret, 'video', videoId, expires + reader)));
  const signed = (reader: number) => signedUrls[reader]!;
  const stored = path.join(filesDir, 'videos', videoId, 'video');
  if (!(await readFile(stored)).equals(bytes)) throw new Error('the stored file differs from the upload');
  const alone = await startNginx({ workDir: work, port: ports.nginx, locations: [`location / { root ${path.dirname(stored)}; }`] });
  nginxes.push(alone);
  // Without the tracing register: the ceiling is Node's, with nothing of the platform's.
  const nodeAlone = spawn(process.execPath, ['--import', 'tsx', 'bench/stream/node-file-server.ts'], { env: { ...process.env, FILE: stored, PORT: String(ports.node) }, stdio: ['ignore', 'ignore', 'inherit'] });
  others.push(nodeAlone);
  const nodeUrl = `http://127.0.0.1:${ports.node}`;
  await whenReady(nodeUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: readers });

  // Alternating, so a busy moment of the machine falls on each path.
  const measure = async (targets: Partial<Record<Path, UrlOfReader>>) => {
    const names = Object.keys(targets) as Path[];
    // One ranged run of each, not counted: Node's paths warm up (the JIT, each reader's first call
    // through media), so the rounds measure the steady state, as a class watching for an hour sees it.
    for (const name of names) await readRanges(targets[name]!, agent);
    for (let round = 0; round < wholeReads; round++) {
      for (const name of names) whole[name].push(await readWhole(targets[name]!, agent));
    }
    for (let round = 0; round < rangedRuns; round++) {
      for (const name of names) ranged[name].push(await readRanges(targets[name]!, agent));
    }
  };
  const nginxAlone = () => `${alone.url}/video`;
  await measure({ gateway: (reader) => urls.gateway + signed(reader), nginx: nginxAlone, media: (reader) => urls.media + signed(reader), node: () => nodeUrl });

  // Media again, now handing the bytes to an nginx in front of the gateway.
  await stopProcess(media);
  media = startMedia({ MEDIA_ACCEL_REDIRECT: mediaFilesLocation });
  await whenReady(`${urls.media}/readyz`);
  const inFront = await startNginx({ workDir: work, port: ports.nginxInFront, inFrontOf: { gatewayUrls: [urls.gateway], mediaFilesDir: filesDir } });
  nginxes.push(inFront);
  await measure({ accel: (reader) => inFront.url + signed(reader), nginx: nginxAlone });
  await stopProcess(media);
  await Promise.all(others.map(stopProcess));

  // The embedded start as `npm start` runs it (the front-ends are not built: no page is asked for).
  const embedded = startProcess(
    'scripts/start.ts',
    { ...common, DATA_DIR: path.join(work, 'embedded'), PORT: String(ports.embedded), HOST: '127.0.0.1', STATIC_DIR: work, MEDIA_SIGNING_SECRET: secret, PAYLOAD_SECRET: payloadSecret, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: '0', RATE_LIMIT_AUTH: '1000' },
    inherited,
  );
  others.push(embedded);
  await whenReady(`${urls.embedded}/readyz`);
  const embeddedVideoId = await upload(urls.embedded, await signIn(urls.embedded));
  const embeddedUrls = await Promise.all(Array.from({ length: readers }, (_, reader) => signMediaUrl(secret, 'video', embeddedVideoId, expires + reader)));
  await measure({ embedded: (reader) => urls.embedded + embeddedUrls[reader]!, nginx: nginxAlone });
  agent.destroy();

  const titles: Record<Path, string> = {
    nginx: 'nginx alone',
    embedded: 'npm start: gateway sends what media hands over',
    gateway: 'gateway → media (Node relays the bytes)',
    accel: 'nginx → gateway → media, X-Accel-Redirect',
    media: 'media alone, for reference',
    node: 'Node alone: node:http pipes a file stream',
  };
  const column = 13;
  const cells = (runs: Record<Path, number[]>, name: Path) =>
    [median, best]
      .map((figure) => {
        const value = figure(runs[name]);
        const ratio = name === 'nginx' ? '' : ` ${((value / figure(runs.nginx)) * 100).toFixed(0)} %`;
        return `${value.toFixed(0)}${ratio}`.padEnd(column);
      })
      .join('');
  const heading = (title: string) => title.padEnd(column * 2);
  console.log(`
${''.padEnd(48)}${heading(`whole ${mb(bytes.length).toFixed(0)} MB, 1 reader`)}${readers} readers × ${rangesPerReader} ranges of 1 MiB
${'MB/s, and the share of nginx alone\'s'.padEnd(48)}${heading('median'.padEnd(column) + 'best')}${'median'.padEnd(column)}best`);
  for (const name of ['nginx', 'embedded', 'gateway', 'accel', 'media', 'node'] as const) console.log(`${titles[name].padEnd(48)}${cells(whole, name)}${cells(ranged, name)}`);
  console.log(`${wholeReads} whole reads and ${rangedRuns} ranged runs of each path, taken in turn with nginx alone's, after one ranged run of each not counted.`);
  console.log(`\nall runs (MB/s): whole ${JSON.stringify(round(whole))}, ranged ${JSON.stringify(round(ranged))}; every answer checked byte for byte. Goal: ≥ 80 % of nginx (median against median).`);
} finally {
  await Promise.all(nginxes.map((nginx) => nginx.stop()));
  await Promise.all([media, ...others].map(stopProcess));
  await rm(work, { recursive: true, force: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

function best(values: number[]): number {
  return Math.max(...values);
}

function round(runs: Record<string, number[]>) {
  return Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, values.map((value) => Math.round(value))]));
}

/** At the auth service itself, or through a gateway (which seals the answer). */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return ((await answerOf(response)) as { token: string }).token;
}

async function upload(baseUrl: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('video', new Blob([bytes]), 'lesson.mp4');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/files/lesson-videos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  console.log(`uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s (spooled, hashed, probed, poster made)`);
  return ((await answerOf(response)) as { _id: string })._id;
}

async function answerOf(response: Response): Promise<unknown> {
  const body = (await response.json()) as { payload?: string };
  return response.headers.get('x-payload-encryption') ? JSON.parse(await openPayload(await payloadKey(payloadSecret), body.payload!)) : body;
}

/** The URL a reader (0…49) asks for. */
type UrlOfReader = (reader: number) => string;

/** Reads the whole file once; answers MB/s, after checking the bytes' hash. */
async function readWhole(urlOf: UrlOfReader, agent: http.Agent): Promise<number> {
  const url = urlOf(0);
  const started = performance.now();
  const { status, body } = await get(url, agent, {}, true);
  const seconds = (performance.now() - started) / 1000;
  if (status !== 200 || !body!.equals(createHash('sha256').update(bytes).digest())) throw new Error(`${url}: whole read answered ${status} or other bytes`);
  return mb(bytes.length) / seconds;
}

/** 50 readers, each asking its ranges one after another; answers MB/s over all of them. The first range of each is checked. */
async function readRanges(urlOf: UrlOfReader, agent: http.Agent): Promise<number> {
  let total = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      const url = urlOf(reader);
      for (let index = 0; index < rangesPerReader; index++) {
        const start = Math.floor(Math.random() * (bytes.length - rangeBytes));
        const end = start + rangeBytes - 1;
        const isChecked = index === 0;
        const { status, length, body } = await get(url, agent, { range: `bytes=${start}-${end}` }, isChecked);
        if (status !== 206 || length !== rangeBytes) throw new Error(`${url}: reader ${reader} got ${status} with ${length} bytes`);
        if (isChecked && !body!.equals(createHash('sha256').update(bytes.subarray(start, end + 1)).digest())) throw new Error(`${url}: wrong bytes`);
        total += length;
      }
    }),
  );
  return mb(total) / ((performance.now() - started) / 1000);
}

function get(url: string, agent: http.Agent, headers: Record<string, string>, isHashed: boolean): Promise<{ status: number; length: number; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let length = 0;
        const hash = isHashed ? createHash('sha256') : undefined;
        res.on('data', (chunk: Buffer) => {
          length += chunk.length;
          hash?.update(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, length, ...(hash ? { body: hash.digest() } : {}) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
