// The demo content (SEED_DEMO): a small real video with subtitles and a poster frame under every demo
// video id, which the demo plans play and their cards show; the introduction, workshop, brochure and per-day read-aloud PDFs; all of it
// small.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { demoDaysPerWeek, demoMonsterplanIds, demoMonsterplanVideos, demoVideos } from '@learning/contracts/demo';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { aloudDocumentName } from '../src/documents.js';
import { seedDemo } from '../src/demo/seed.js';
import { eventually, expectStatus, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';

let fixture: MediaFixture;
beforeAll(async () => {
  fixture = await startMediaFixture({ env: { SEED_DEMO: '1' } });
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

const demoFolder = fileURLToPath(new URL('../demo/', import.meta.url));

it('keeps every demo video, published, with subtitles, under the ids the catalog seeds', async () => {
  for (const kind of ['monsterplan', 'lesson'] as const) {
    const page = expectStatus(await fixture.call('GET', `/v1/files/${kind}-videos?perPage=100`, { token: fixture.admin }), 200, 'the videos');
    const expected = demoVideos.filter((video) => video.kind === kind);
    expect(page.total).toBe(expected.length);
    expect(new Set(page.result.map((video: { _id: string }) => video._id))).toEqual(new Set(expected.map((video) => video.id)));
    for (const video of page.result) expect(video).toMatchObject({ isPublished: true, hasSubtitle: true, contentType: 'video/mp4', duration: 8 });
  }
});

it("plays a demo plan's day: the video is one of the committed clips, the subtitles name the day", async () => {
  const planId = demoMonsterplanIds[0]!;
  const day = demoMonsterplanVideos[0]![2]!;
  const learner = await fixture.platform.learner();
  const request = expectStatus(await fixture.call('POST', '/v1/monsterplan-requests', { token: learner.token, body: { monsterplan: planId } }), 201, 'requesting');
  expectStatus(await fixture.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: fixture.admin }), 200, 'approving');
  const played = await eventually(async () => {
    const answer = await fixture.call('GET', `/v1/monsterplans/${planId}/play/${day.id}`, { token: learner.token });
    return answer.status === 200 && answer.body;
  }, 'the learner may play the day');
  const video = await fixture.fetchBytes(played.url);
  const clips = await Promise.all([1, 2, 3].map((number) => readFile(`${demoFolder}demo-${number}.mp4`)));
  expect(clips.some((clip) => clip.equals(video.bytes))).toBe(true);
  const subtitles = (await fixture.fetchBytes(played.sub)).bytes.toString();
  expect(subtitles.startsWith('WEBVTT\n')).toBe(true);
  expect(subtitles).toContain(day.name);
});

it('shows a poster frame of every demo video to anyone, for the cards and the days: a real 640×360 JPEG, one of the committed frames', async () => {
  const frames = await Promise.all([1, 2, 3].map((number) => readFile(`${demoFolder}demo-${number}.jpg`)));
  for (const video of demoVideos) {
    const poster = await fixture.fetchBytes(`/v1/posters/${video.id}`);
    expect([video.id, poster.status, poster.headers.get('content-type')]).toEqual([video.id, 200, 'image/jpeg']);
    expect(frames.some((frame) => frame.equals(poster.bytes))).toBe(true);
  }
  const probed = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', `${demoFolder}demo-1.jpg`]).toString().trim();
  expect(probed).toBe('mjpeg,640,360');
});

it('serves the introduction, the workshop brochure, three brochures and each demo day’s read-aloud text as real PDFs', async () => {
  const names = ['introduction.pdf', 'workshop.pdf', 'brochure-1.pdf', 'brochure-2.pdf', 'brochure-3.pdf'];
  demoMonsterplanIds.forEach((planId, plan) =>
    demoMonsterplanVideos[plan]!.forEach((_, index) => names.push(aloudDocumentName(planId, Math.floor(index / demoDaysPerWeek) + 1, (index % demoDaysPerWeek) + 1))),
  );
  for (const name of names) {
    const answer = await fixture.fetchBytes(`/v1/documents/${name}`);
    expect([name, answer.status, answer.headers.get('content-type')]).toEqual([name, 200, 'application/pdf']);
    const pdf = await getDocument({ data: new Uint8Array(answer.bytes), isEvalSupported: false, verbosity: 0 }).promise;
    expect(pdf.numPages).toBeGreaterThanOrEqual(1);
    const text = await (await pdf.getPage(1)).getTextContent();
    expect(text.items.length).toBeGreaterThan(1);
  }
  const workshop = await getDocument({ data: new Uint8Array((await fixture.fetchBytes('/v1/documents/workshop.pdf')).bytes), verbosity: 0 }).promise;
  expect(workshop.numPages).toBe(3); // pages to turn on /boosterz
});

it('stays under 1 MB in all, and is seeded once', async () => {
  const committed = await Promise.all((await readdir(demoFolder)).map(async (name) => (await stat(`${demoFolder}${name}`)).size));
  const documents = expectStatus(await fixture.call('GET', '/v1/documents?perPage=100', { token: fixture.admin }), 200, 'documents');
  const generated = documents.result.reduce((sum: number, document: { size: number }) => sum + document.size, 0);
  expect(committed.reduce((sum, size) => sum + size, 0) + generated).toBeLessThan(1024 * 1024);
  const { db } = fixture.platform.services.media.context;
  const files = fixture.platform.mediaFilesDir;
  expect(await seedDemo(db, { storage: { putBytes: () => Promise.reject(new Error('seeded twice')) } as never, tools: {} as never, conversions: {} as never, spoolDir: files })).toBe(false);
});
