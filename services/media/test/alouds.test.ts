// Read-aloud recordings: a signed-in learner sends audio (field `video`), checked by content; the
// administrator lists them grouped by learner, one learner per page by default, each with an mp3.
// A recording names the plan day it was sent for (all three fields or none) and is told to the catalog
// as `aloud.recorded`, recorded in the upload's transaction.
import { readFile } from 'node:fs/promises';
import { sniff } from '../src/content-types.js';
import { deleteOwnAccount } from '@learning/testing';
import { eventually, expectStatus, startMediaFixture, type MediaFixture, startTimeoutMs } from './fixture.js';

let fixture: MediaFixture;
beforeAll(async () => {
  fixture = await startMediaFixture();
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

const learnerKnown = (userId: string) =>
  eventually(() => fixture.platform.services.media.context.db.selectFrom('learner').select('email').where('user_id', '=', userId).executeTakeFirst(), 'media knows the learner');

it('takes every accepted audio format from a signed-in learner, and serves each as mp3 to the administrator', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  for (const [format, file] of Object.entries(fixture.media.recordings)) {
    const answer = await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file, token: learner.token });
    expect([format, answer.status]).toEqual([format, 201]);
    expect(answer.body).toEqual({ _id: expect.any(String), createdAt: expect.any(String) });
  }
  const page = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?perPage=10&currentPage=1', { token: fixture.admin }), 200, 'the list');
  const entry = page.result.find((row: { user: { email: string } }) => row.user.email === learner.email);
  expect(entry.alouds).toHaveLength(5);
  for (const aloud of entry.alouds) {
    const audio = await fixture.fetchBytes(aloud.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(sniff(audio.bytes)).toEqual({ category: 'audio', contentType: 'audio/mpeg' });
  }
  // Newest first.
  const times = entry.alouds.map((aloud: { createdAt: string }) => Date.parse(aloud.createdAt));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});

it('keeps an mp3 as it was sent', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.mp3, token: learner.token }), 201, 'sending');
  const page = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?perPage=1&currentPage=1', { token: fixture.admin }), 200, 'the list');
  expect(page.result[0].user.email).toBe(learner.email);
  const audio = await fixture.fetchBytes(page.result[0].alouds[0].url);
  expect(audio.bytes.equals(await readFile(fixture.media.recordings.mp3))).toBe(true);
});

it('refuses anything that is not audio with a clear message', async () => {
  const learner = await fixture.platform.learner();
  for (const file of [fixture.media.video, fixture.media.webmVideo, fixture.media.textAsMp4, fixture.media.pdf]) {
    const answer = await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file, token: learner.token, name: 'aloud.mp3' });
    expect([file, answer.status, answer.body.message]).toEqual([file, 415, 'Зөвхөн аудио файл (mp3, m4a, webm, ogg, wav) илгээнэ үү.']);
  }
});

it('lists one learner per page by default, the learner who recorded last first, with the total of learners', async () => {
  const [first, second] = [await fixture.platform.learner(), await fixture.platform.learner()];
  await Promise.all([learnerKnown(first.id), learnerKnown(second.id)]);
  expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.ogg, token: first.token }), 201, 'first');
  expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.wav, token: second.token }), 201, 'second');
  expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.m4a, token: second.token }), 201, 'second again');
  const page1 = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud', { token: fixture.admin }), 200, 'page 1');
  expect(page1.result).toHaveLength(1);
  expect(page1.result[0].user).toEqual({ _id: second.id, email: second.email });
  expect(page1.result[0].alouds).toHaveLength(2);
  const page2 = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?currentPage=2', { token: fixture.admin }), 200, 'page 2');
  expect(page2.result[0].user).toEqual({ _id: first.id, email: first.email });
  expect(page1.total).toBe(page2.total);
  const all = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?perPage=100', { token: fixture.admin }), 200, 'all');
  expect(all.result).toHaveLength(all.total);
});

it("a deleted learner's recordings go, files and all, and leave the administrator's list; other learners' stay", async () => {
  const [deleted, stays] = await Promise.all([fixture.platform.learner(), fixture.platform.learner()]);
  await Promise.all([learnerKnown(deleted.id), learnerKnown(stays.id)]);
  for (const learner of [deleted, stays]) {
    expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.ogg, token: learner.token }), 201, 'recording');
  }
  const recordingsOf = (userId: string) => fixture.platform.services.media.context.db.selectFrom('aloud').select('id').where('user_id', '=', userId).execute();
  const [recording] = await recordingsOf(deleted.id);
  const filesOf = async (aloudId: string) => (await fixture.storedFiles()).filter((file) => file.includes(aloudId));
  expect(await filesOf(recording!.id)).not.toEqual([]);

  await deleteOwnAccount(fixture.platform, deleted);
  await eventually(async () => (await recordingsOf(deleted.id)).length === 0, 'the recordings are gone');
  await eventually(async () => (await filesOf(recording!.id)).length === 0, 'their files are gone');
  const page = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?perPage=100&currentPage=1', { token: fixture.admin }), 200, 'the list');
  const emails = page.result.map((entry: { user: { email: string } }) => entry.user.email);
  expect(emails).toContain(stays.email);
  expect(emails).not.toContain(deleted.email);
  expect(await fixture.platform.services.media.context.db.selectFrom('learner').select('user_id').where('user_id', '=', deleted.id).execute()).toEqual([]);
});

const mediaDb = () => fixture.platform.services.media.context.db;
const recordedEvents = async (userId: string) =>
  (await mediaDb().selectFrom('outbox').select('data').where('type', '=', 'aloud.recorded').orderBy('position').execute())
    .map((row) => row.data as { userId: string })
    .filter((data) => data.userId === userId);
const planDay = { monsterplan: '6f1c2a10-0d3e-4b7a-9a55-2d7f0f1b9c01', week: '2', dayOfWeek: '3' };

it('keeps the plan day a recording was sent for, lists it, and records aloud.recorded for the catalog', async () => {
  const learner = await fixture.platform.learner();
  await learnerKnown(learner.id);
  const withDay = expectStatus(
    await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.mp3, token: learner.token, fields: planDay }),
    201,
    'sending with the plan day',
  );
  const withoutDay = expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.ogg, token: learner.token }), 201, 'sending without');

  const page = expectStatus(await fixture.call('GET', `/v1/monsterplans/aloud?user=${learner.id}&perPage=10`, { token: fixture.admin }), 200, 'the learner');
  expect(page.total).toBe(1);
  expect(page.result).toHaveLength(1);
  expect(page.result[0].user).toEqual({ _id: learner.id, email: learner.email });
  expect(page.result[0].alouds).toEqual([
    { _id: withoutDay._id, createdAt: withoutDay.createdAt, url: expect.any(String), monsterplanId: null, week: null, dayOfWeek: null },
    { _id: withDay._id, createdAt: withDay.createdAt, url: expect.any(String), monsterplanId: planDay.monsterplan, week: 2, dayOfWeek: 3 },
  ]);

  expect(await recordedEvents(learner.id)).toEqual([
    { aloudId: withDay._id, userId: learner.id, monsterplanId: planDay.monsterplan, week: 2, dayOfWeek: 3, recordedAt: withDay.createdAt },
    { aloudId: withoutDay._id, userId: learner.id, monsterplanId: null, week: null, dayOfWeek: null, recordedAt: withoutDay.createdAt },
  ]);
});

it('refuses a plan day given in part or out of range with 400 validation_failed, keeping nothing', async () => {
  const learner = await fixture.platform.learner();
  const wrong: Array<Record<string, string>> = [
    { monsterplan: planDay.monsterplan },
    { week: '2', dayOfWeek: '3' },
    { ...planDay, monsterplan: 'not-a-plan' },
    { ...planDay, week: '0' },
    { ...planDay, dayOfWeek: '8' },
    { ...planDay, week: 'two' },
  ];
  for (const fields of wrong) {
    const answer = await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.mp3, token: learner.token, fields });
    expect([fields, answer.status, answer.body.code, /[\u0400-\u04FF]/.test(answer.body.message)]).toEqual([fields, 400, 'validation_failed', true]);
  }
  expect(await mediaDb().selectFrom('aloud').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
  expect(await recordedEvents(learner.id)).toEqual([]);
  expect((await fixture.storedFiles()).filter((file) => file.startsWith('.spool'))).toEqual([]);
});

it("lists one learner's recordings for the administrator with user=, and nobody's for an unknown learner", async () => {
  const [learner, other] = [await fixture.platform.learner(), await fixture.platform.learner()];
  await Promise.all([learnerKnown(learner.id), learnerKnown(other.id)]);
  for (const who of [learner, other]) {
    expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.ogg, token: who.token }), 201, 'recording');
  }
  const page = expectStatus(await fixture.call('GET', `/v1/monsterplans/aloud?user=${other.id}`, { token: fixture.admin }), 200, 'one learner');
  expect(page.result.map((entry: { user: { _id: string } }) => entry.user._id)).toEqual([other.id]);
  const nobody = expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?user=00000000-0000-4000-8000-000000000000', { token: fixture.admin }), 200, 'unknown');
  expect(nobody).toEqual({ result: [], total: 0 });
  expect(expectStatus(await fixture.call('GET', '/v1/monsterplans/aloud?user=nobody', { token: fixture.admin }), 400, 'not an id').code).toBe('validation_failed');
});
