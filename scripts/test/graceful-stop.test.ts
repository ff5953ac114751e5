// SIGTERM to `npm start`'s process (scripts/start.ts on embedded PGlite in a temporary DATA_DIR) while
// requests are under way: an upload whose bytes still trickle in and a sign-in whose body is half sent
// both finish and are kept whole; an upload that stalls is cut at the deadline and leaves no spool
// file, no stored file and no row; the process takes no new connections and exits 0 within the bound.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openPayload, payloadKey } from '@learning/contracts';
import { cutRequestsSettleMs, stopGraceMs } from '@learning/kit/service';
import { eventually, testPayloadSecret } from '@learning/testing';
import { launchSettings } from '../launch-settings.js';
import { startPlatform } from '../platform.js';
import { launch, untilReady, type Launched } from './launched.js';

(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(240_000);

const admin = { email: 'admin@stop.mn', password: 'admin-password-1' };
/** The gateway's, then the services' cut requests may each take the settle time; a few seconds for the bus and databases. */
const stopBoundMs = stopGraceMs + 2 * cutRequestsSettleMs + 5000;

let dataDir: string;
let started: Launched;
let film: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'graceful-stop-'));
  const filmFile = join(dataDir, 'film.mp4');
  const made = spawnSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=4:size=320x180:rate=15', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', filmFile]);
  if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
  film = await readFile(filmFile);
  await rm(filmFile);

  started = await launch('scripts/start.ts', dataDir, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  await untilReady(started);
}, 240_000);

afterAll(async () => {
  if (started?.child.exitCode === null) {
    started.child.kill('SIGKILL');
    await started.closed;
  }
  await rm(dataDir, { recursive: true, force: true });
});

it('on SIGTERM finishes the upload and the sign-in under way, cuts a stalled upload leaving nothing, and exits 0 within the bound', async () => {
  const key = await payloadKey(testPayloadSecret);
  const opened = async (answer: Answer) => JSON.parse(answer.headers['x-payload-encryption'] ? await openPayload(key, JSON.parse(answer.body).payload) : answer.body);
  const signIn = JSON.stringify(admin);
  const token = (await opened(await send('POST', '/v1/auth/login', { 'content-type': 'application/json' }, signIn))).token as string;

  // A sign-in whose body is half sent, begun first: by the signal, long after, the platform has taken it.
  const signingIn = startRequest('POST', '/v1/auth/login', { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(signIn)) });
  signingIn.request.write(signIn.slice(0, 10));
  await connected(signingIn.request);

  const spool = join(dataDir, 'media-files', '.spool');
  const spooled = async () => (await readdir(spool).catch(() => [])).filter((name) => !name.endsWith('.jpg'));
  const whole = startUpload(token, 'whole.mp4');
  whole.request.write(whole.head);
  whole.request.write(film.subarray(0, 20_000));
  await eventually(async () => (await spooled()).length === 1, 'the first upload reaches the spool');
  const stalled = startUpload(token, 'stalled.mp4');
  stalled.request.write(stalled.head);
  stalled.request.write(film.subarray(0, 20_000));
  await eventually(async () => (await spooled()).length === 2, 'the second upload reaches the spool');

  const signalled = Date.now();
  started.child.kill('SIGTERM');
  const exitCode = started.closed;

  // No new connection is taken.
  await eventually(async () => fetch(`${started.url}/healthz`).then(() => false, () => true), 'new connections are refused', 5000);
  // The requests under way go on: the sign-in's body ends, the upload's bytes keep coming.
  signingIn.request.end(signIn.slice(10));
  const signedIn = await signingIn.answer;
  expect([signedIn.status, signedIn.headers.connection]).toEqual([200, 'close']);
  expect((await opened(signedIn)).token).toEqual(expect.any(String));
  for (let sent = 20_000; sent < film.length; sent += 16_000) {
    whole.request.write(film.subarray(sent, Math.min(sent + 16_000, film.length)));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  whole.request.end(whole.tail);
  const uploaded = await whole.answer;
  expect([uploaded.status, uploaded.headers.connection]).toEqual([201, 'close']);
  const video = await opened(uploaded);
  expect(video).toMatchObject({ name: 'whole', size: film.length, isPublished: false });

  // The stalled upload is cut at the deadline; the process then closes everything and exits.
  const cut = await stalled.answer.then((answer) => answer.status, (error: Error) => error.message);
  expect(cut).not.toBe(201);
  expect(await exitCode).toBe(0);
  const tookMs = Date.now() - signalled;
  expect(tookMs).toBeGreaterThanOrEqual(stopGraceMs - 1000);
  expect(tookMs).toBeLessThan(stopBoundMs);
  expect(started.output()).toContain('"msg":"stopped"');

  // Nothing half-written: no spool file (looked at before a start would clear the spool), and on
  // disk exactly the files whose rows say they are kept, the finished upload's among them, whole.
  expect(await readdir(spool)).toEqual([]);
  const filesDir = join(dataDir, 'media-files');
  const onDisk = (await filesUnder(filesDir)).map((file) => relative(filesDir, file)).sort();
  const platform = await startPlatform({ env: { ...launchSettings(started.env).settings, PORT: '0', LOG_LEVEL: 'silent' } });
  try {
    const db = platform.services.media.context.db;
    const videos = await db.selectFrom('video').select(['id', 'name', 'file_key']).execute();
    expect(videos).toEqual([expect.objectContaining({ id: video._id, name: 'whole' })]);
    const stored = await db.selectFrom('stored_file').select(['key', 'size']).execute();
    expect(stored.map((file) => file.key).sort()).toEqual(onDisk);
    for (const file of stored) expect((await stat(join(filesDir, file.key))).size).toBe(Number(file.size));
    expect(stored.find((file) => file.key === videos[0]!.file_key)?.size).toEqual(film.length);
  } finally {
    await platform.close();
  }
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A request the test writes itself, over its own connection; `answer` rejects when the connection is cut first. */
function startRequest(method: string, path: string, headers: Record<string, string>): { request: ClientRequest; answer: Promise<Answer> } {
  const sent = request(new URL(path, started.url), { method, headers, agent: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    sent.once('error', reject);
    sent.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.once('error', reject);
    });
  });
  answer.catch(() => undefined);
  return { request: sent, answer };
}

function connected(sent: ClientRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    sent.once('error', reject);
    const whenOpen = (socket: Socket) => (socket.connecting ? socket.once('connect', () => resolve()) : resolve());
    if (sent.socket) whenOpen(sent.socket as Socket);
    else sent.once('socket', whenOpen);
  });
}

function send(method: string, path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const { request: sent, answer } = startRequest(method, path, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  sent.end(body);
  return answer;
}

/** A multipart upload of the film as a lesson video, its length announced, its bytes written by the test. */
function startUpload(token: string, name: string) {
  const boundary = `graceful-stop-${name}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + film.length + Buffer.byteLength(tail);
  const upload = startRequest('POST', '/v1/files/lesson-videos', {
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(length),
  });
  return { ...upload, head, tail };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
