// Streaming a video: one ~200 MB MP4 (made by ffmpeg, uploaded through the gateway as the
// administrator does) read whole by one reader, then by 50 concurrent readers asking 1 MiB ranges at
// random places (a class seeking through a lesson), through the gateway → media by a signed URL, and
// from nginx (Debian's package) serving the very same file, in one run. Prints throughput and the
// ratio; the goal is at least 80 % of nginx. Auth, media and the gateway run as their own processes.
// BENCH_RANGES_PER_READER (20) and BENCH_WHOLE_READS (3) size the run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signMediaUrl } from '@learning/contracts';
import { startProcess, stopProcess, whenReady } from '../processes.js';

const readers = 50;
const rangeBytes = 1024 * 1024;
const rangesPerReader = Number(process.env.BENCH_RANGES_PER_READER ?? 20);
const wholeReads = Number(process.env.BENCH_WHOLE_READS ?? 3);
const secret = 'bench-media-signing-secret';
const admin = { email: 'bench-admin@test.mn', password: 'bench-admin-password' };
const ports = { auth: 4121, media: 4123, gateway: 8191, nginx: 8192 };
const urls = { auth: `http://127.0.0.1:${ports.auth}`, media: `http://127.0.0.1:${ports.media}`, gateway: `http://127.0.0.1:${ports.gateway}`, nginx: `http://127.0.0.1:${ports.nginx}` };

const nginxBinary = ['/usr/sbin/nginx', 'nginx'].find((candidate) => spawnSync(candidate, ['-v']).status === 0);
if (!nginxBinary) {
  console.error('bench/stream compares with nginx: install it with apt-get install -y nginx.');
  process.exit(1);
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-stream-'));
// nginx's workers read the file as another user unless it runs as root; let them.
await chmod(work, 0o755);
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
const children = [
  startProcess('services/auth/src/main.ts', { ...common, PORT: String(ports.auth), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, inherited),
  startProcess('services/media/src/main.ts', { ...common, PORT: String(ports.media), MEDIA_SIGNING_SECRET: secret, MEDIA_FILES_DIR: filesDir }, inherited),
  startProcess('gateway/src/main.ts', { ...common, PORT: String(ports.gateway), HOST: '127.0.0.1', MEDIA_URL: urls.media, PAYLOAD_SECRET: 'bench-payload-secret', RATE_LIMIT_AUTH: '1000' }, inherited),
];
let nginx: ReturnType<typeof spawn> | undefined;

try {
  await Promise.all([whenReady(`${urls.auth}/readyz`), whenReady(`${urls.media}/readyz`), whenReady(`${urls.gateway}/healthz`)]);
  const token = await signIn();
  const videoId = await upload(token);
  const signed = await signMediaUrl(secret, 'video', videoId, Math.floor(Date.now() / 1000) + 3600);
  const stored = path.join(filesDir, 'videos', videoId, 'video');
  if (!(await readFile(stored)).equals(bytes)) throw new Error('the stored file differs from the upload');
  nginx = await startNginx(path.dirname(stored));
  const targets = { gateway: `${urls.gateway}${signed}`, nginx: `${urls.nginx}/video`, media: `${urls.media}${signed}` };

  const agent = new http.Agent({ keepAlive: true, maxSockets: readers });
  const whole: Record<string, number[]> = { gateway: [], nginx: [], media: [] };
  const ranged: Record<string, number[]> = { gateway: [], nginx: [], media: [] };
  // Alternating, so a busy moment of the machine falls on both.
  for (let round = 0; round < wholeReads; round++) {
    for (const name of ['gateway', 'nginx', 'media'] as const) whole[name]!.push(await readWhole(targets[name], agent));
  }
  for (let round = 0; round < 2; round++) {
    for (const name of ['nginx', 'gateway', 'media'] as const) ranged[name]!.push(await readRanges(targets[name], agent));
  }
  agent.destroy();

  const best = (values: number[]) => Math.max(...values);
  const rows = [
    [`whole file (${mb(bytes.length).toFixed(0)} MB), 1 reader, best of ${wholeReads}`, best(whole.gateway!), best(whole.nginx!)],
    [`${readers} readers × ${rangesPerReader} ranges of 1 MiB, best of 2`, best(ranged.gateway!), best(ranged.nginx!)],
  ] as const;
  console.log('\nthroughput in MB/s        gateway → media     nginx      ratio');
  for (const [title, gateway, direct] of rows) {
    console.log(`${title}\n                              ${gateway.toFixed(0).padStart(8)}  ${direct.toFixed(0).padStart(9)}  ${((gateway / direct) * 100).toFixed(0).padStart(7)} %`);
  }
  console.log(`media alone (no gateway), for reference: whole ${best(whole.media!).toFixed(0)} MB/s, ranged ${best(ranged.media!).toFixed(0)} MB/s`);
  console.log(`\nall runs (MB/s): whole ${JSON.stringify(round(whole))}, ranged ${JSON.stringify(round(ranged))}; every answer checked byte for byte. Goal: ≥ 80 % of nginx.`);
} finally {
  if (nginx) await stopProcess(nginx);
  await Promise.all(children.map(stopProcess));
  await rm(work, { recursive: true, force: true });
}

function round(runs: Record<string, number[]>) {
  return Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, values.map((value) => Math.round(value))]));
}

async function signIn(): Promise<string> {
  // Sign in at the auth service itself: the gateway would seal the answer.
  const response = await fetch(`${urls.auth}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('video', new Blob([bytes]), 'lesson.mp4');
  const started = performance.now();
  const response = await fetch(`${urls.media}/v1/files/lesson-videos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  console.log(`uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s (spooled, hashed, probed, poster made)`);
  return ((await response.json()) as { _id: string })._id;
}

async function startNginx(root: string) {
  const conf = path.join(work, 'nginx.conf');
  await writeFile(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes auto;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  types { video/mp4 mp4; }
  default_type video/mp4;
  server { listen 127.0.0.1:${ports.nginx}; root ${root}; }
}
`,
  );
  const child = spawn(nginxBinary!, ['-c', conf, '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
  await whenReady(`${urls.nginx}/video`);
  return child;
}

/** Reads the whole file once; answers MB/s, after checking the bytes' hash. */
async function readWhole(url: string, agent: http.Agent): Promise<number> {
  const started = performance.now();
  const { status, body } = await get(url, agent, {}, true);
  const seconds = (performance.now() - started) / 1000;
  if (status !== 200 || !body!.equals(createHash('sha256').update(bytes).digest())) throw new Error(`${url}: whole read answered ${status} or other bytes`);
  return mb(bytes.length) / seconds;
}

/** 50 readers, each asking its ranges one after another; answers MB/s over all of them. The first range of each is checked. */
async function readRanges(url: string, agent: http.Agent): Promise<number> {
  let total = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
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
