// The OpenAPI document (packages/contracts/src/openapi.ts, served at /openapi.json) says what the
// server answers: every operation of it is called here on the running platform, as the caller it names
// and on real ids, and so are the typical refusals (a guest at a signed-in call, a learner at the
// administrator's, an unknown id, a bad body). documented-calls.ts checks each answer: its status is
// declared for the operation, its JSON body valid against the declared schema, an error's code named
// for its status, a file of a declared media type. A refused body is one the document's schema refuses
// too, or whose rule it states in words. The last test names every operation no call reached.
import { randomUUID } from 'node:crypto';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { examRules, mediaUrlExpiry, payloadKey, sealPayload, signHlsUrl, signMediaUrl } from '@learning/contracts';
import { openApiDocument } from '@learning/contracts/openapi';
import {
  eventually,
  expectStatus,
  startTestPlatform,
  testMediaSigningSecret,
  testPayloadSecret,
  uniqueSuffix,
  type SignedInUser as Learner,
  type TestPlatform,
} from '@learning/testing';
import { catalogKnowsLearner, catalogKnowsVideo, type VideoKind } from '@learning/testing/catalog';
import { followToCallback, startGoogleStandIn, type GoogleStandIn } from '@learning/testing/google';
import { qpayEnv, startQpayStandIn, type QpayStandIn } from '@learning/testing/qpay';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';
import { makeMediaFiles, type MediaFiles } from '../../e2e/media-files.js';
import { documentedCalls, type DocumentedCalls } from './documented-calls.js';

const publicUrl = 'https://learn.test.mn';
/** Where Google sends the browser back; no browser here, so only its shape matters. */
const redirectUri = 'http://127.0.0.1:8080/callback/google';
/** Media's ffmpeg, behind a script that fails every ladder (HLS) run while this flag file exists. */
const failLadders = (files: MediaFiles) => join(files.folder, 'fail-ladders');
/** The document as /openapi.json serves it. */
const openApi = openApiDocument();
const startTimeoutMs = 180_000;
/** A guard against a hung transcoding, not a figure: ffmpeg on a busy two-core machine can be slow. */
const transcodingTimeoutMs = 90_000;

let smtp: TestSmtpServer;
let google: GoogleStandIn;
let qpay: QpayStandIn;
let files: MediaFiles;
let platform: TestPlatform;
let api: DocumentedCalls;
let admin: string;
/** Approved for the plan and the bundle: plays, reports, takes the exam, records aloud. */
let ana: Learner;
/** Approved for nothing: refused where approval is needed, and the learner at the administrator's calls. */
let bo: Learner;
/** Whose account's own calls are tried: password, reset, sign-out, role, deletion. */
let cy: Learner;
/** Per kind: a video retried into its HLS ladder, one played as uploaded, one to delete. */
const videos = { monsterplan: { ladder: '', plain: '', spare: '' }, lesson: { ladder: '', plain: '', spare: '' } };
let planId: string;
let lessonId: string;

beforeAll(async () => {
  [smtp, google, qpay, files] = await Promise.all([startSmtpServer(), startGoogleStandIn(), startQpayStandIn(), makeMediaFiles({ videoSeconds: 2 })]);
  google.allowRedirect(redirectUri);
  platform = await startTestPlatform({
    env: {
      SEED_DEMO: '1',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Төв <no-reply@test.mn>',
      PUBLIC_URL: publicUrl,
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      ...qpayEnv(qpay),
      FFMPEG_PATH: await ffmpegFailingLaddersWhileFlagged(files),
    },
  });
  qpay.callbacksReach = platform.url;
  api = await documentedCalls(openApi, platform.url);
  admin = await platform.adminToken();
  [ana, bo, cy] = await Promise.all([signUp('Ана'), signUp('Бат'), signUp('Цэцэг')]);
  await arrangeVideos();
  await arrangePlanAndBundle();
}, startTimeoutMs);

afterAll(async () => {
  await platform?.close();
  await Promise.all([smtp?.stop(), google?.close(), qpay?.close(), files?.remove()]);
}, startTimeoutMs);

async function ffmpegFailingLaddersWhileFlagged(media: MediaFiles): Promise<string> {
  const script = join(media.folder, 'ffmpeg-failing-ladders.sh');
  // A ladder run is the one that reports `-progress`; posters and mp3 renditions pass straight through.
  await writeFile(script, ['#!/bin/sh', 'case " $* " in *" -progress "*)', `  if [ -e '${failLadders(media)}' ]; then echo 'test: ladder refused' >&2; exit 1; fi;;`, 'esac', 'exec ffmpeg "$@"', ''].join('\n'));
  await chmod(script, 0o755);
  return script;
}

async function signUp(name: string): Promise<Learner> {
  const email = `openapi-${uniqueSuffix()}@test.mn`;
  const password = 'learner-password-1';
  const registered = expectStatus(await api.call('POST', '/v1/auth/register', { body: { email, name, password, repeatPassword: password } }), 201, 'registering');
  const signedIn = expectStatus(await api.call('POST', '/v1/auth/login', { body: { email, password } }), 200, 'signing in');
  await catalogKnowsLearner(platform, registered._id);
  return { id: registered._id, email, password, token: signedIn.token };
}

async function formWith(field: string, file: string, type: string, fields: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([await readFile(file)], { type }), basename(file));
  return form;
}

const subtitles = 'WEBVTT\n\n00:00.000 --> 00:01.500\nHello, world.\n';

async function uploadVideo(kind: VideoKind): Promise<string> {
  const form = await formWith('video', files.video, 'video/webm');
  return expectStatus(await api.call('POST', `/v1/files/${kind}-videos`, { token: admin, form }), 201, `uploading a ${kind} video`)._id;
}

/** The video's transcoding state, as the administrator's list shows it (asked without counting: it is a wait). */
async function transcodingIs(kind: VideoKind, id: string, state: string): Promise<void> {
  await eventually(
    async () => (await platform.call('GET', `/v1/files/${kind}-videos/${id}`, { token: admin })).body?.transcoding?.state === state,
    `the ${kind} video ${id}'s transcoding is ${state}`,
    transcodingTimeoutMs,
  );
}

/**
 * Three videos of each kind, uploaded while every ladder fails so that a retry can be asked for (202);
 * the first is retried into its ladder, the second stays a plain file (with subtitles for the plan's),
 * the third is the one to delete.
 */
async function arrangeVideos(): Promise<void> {
  await writeFile(failLadders(files), '');
  for (const kind of ['monsterplan', 'lesson'] as const) {
    const [ladder, plain, spare] = await Promise.all([uploadVideo(kind), uploadVideo(kind), uploadVideo(kind)]);
    videos[kind] = { ladder: ladder!, plain: plain!, spare: spare! };
  }
  await Promise.all((['monsterplan', 'lesson'] as const).flatMap((kind) => Object.values(videos[kind]).map((id) => transcodingIs(kind, id, 'failed'))));
  await rm(failLadders(files));

  const subtitle = join(files.folder, 'plain.vtt');
  await writeFile(subtitle, subtitles);
  const form = await formWith('subtitle', subtitle, 'text/vtt');
  expectStatus(await api.call('POST', `/v1/files/monsterplan-videos/${videos.monsterplan.plain}/subtitle`, { token: admin, form }), 200, 'putting subtitles');
  for (const kind of ['monsterplan', 'lesson'] as const) {
    for (const id of [videos[kind].ladder, videos[kind].plain]) {
      const body = { id, name: `Видео ${uniqueSuffix()}`, translateUrl: '' };
      expectStatus(await api.call('PUT', `/v1/files/${kind}-videos/${id}`, { token: admin, body }), 200, 'publishing a video');
      await catalogKnowsVideo(platform, id);
    }
    expectStatus(await api.call('POST', `/v1/files/${kind}-videos/${videos[kind].ladder}/transcoding`, { token: admin }), 202, 'retrying a transcoding');
  }
}

const bankQuestion = (n: number) => ({
  question: `Sentence ${n} has the word word${n} in it.`,
  niceWord: `word${n}`,
  answers: [`wrong-a-${n}`, `right-${n}`, `wrong-b-${n}`, `wrong-c-${n}`],
  correct: 2,
});

const examKnowsPlan = (id: string, hasExam = false) => {
  const examDb = platform.services.exam.context.db;
  return eventually(async () => {
    const plan = await examDb.selectFrom('monsterplan').select('has_exam').where('id', '=', id).executeTakeFirst();
    return plan && (!hasExam || plan.has_exam);
  }, `the exam service knows plan ${id}${hasExam ? ' has its exam' : ''}`);
};

/** The plan (its exam on, over a full bank) and the bundle, each asked for by Ана and approved. */
async function arrangePlanAndBundle(): Promise<void> {
  const planBody = { name: `Monster plan ${uniqueSuffix()}`, price: '49,000₮', videos: [videos.monsterplan.ladder, videos.monsterplan.plain] };
  const plan = expectStatus(await api.call('POST', '/v1/monsterplans', { token: admin, body: planBody }), 201, 'creating the plan');
  planId = plan._id;
  const lessonBody = { name: `Багц ${uniqueSuffix()}`, price: '59,000₮', videos: [videos.lesson.ladder, videos.lesson.plain] };
  lessonId = expectStatus(await api.call('POST', '/v1/lessons', { token: admin, body: lessonBody }), 201, 'creating the bundle')._id;

  await examKnowsPlan(planId);
  const questions = Array.from({ length: examRules.questionCount }, (_, n) => bankQuestion(n + 1));
  expectStatus(await api.call('POST', `/v1/monsterplans/${planId}/questions`, { token: admin, body: questions }), 201, 'filling the bank');
  await eventually(async () => (await platform.call('GET', `/v1/monsterplans/${planId}`)).body?.examQuestions?.count === examRules.questionCount, 'the catalog knows the bank');
  expectStatus(await api.call('PUT', `/v1/monsterplans/${planId}`, { token: admin, body: { ...planBody, exam: true } }), 200, 'switching the exam on');

  const planRequest = expectStatus(await api.call('POST', '/v1/monsterplan-requests', { token: ana.token, body: { monsterplan: planId } }), 201, 'asking for the plan');
  const lessonRequest = expectStatus(await api.call('POST', '/v1/lesson-requests', { token: ana.token, body: { lesson: lessonId } }), 201, 'asking for the bundle');
  expectStatus(await api.call('PUT', `/v1/monsterplan-requests/${planRequest._id}`, { token: admin }), 200, 'approving the plan');
  expectStatus(await api.call('PUT', `/v1/lesson-requests/${lessonRequest._id}`, { token: admin }), 200, 'approving the bundle');
  await examKnowsPlan(planId, true);
  const examDb = platform.services.exam.context.db;
  await eventually(
    () => examDb.selectFrom('approval').select('user_id').where('user_id', '=', ana.id).where('monsterplan_id', '=', planId).executeTakeFirst(),
    'the exam service knows Ана is approved',
  );
}

/** A bad body is refused 400, and the document's schema of the body refuses it too: it holds the rule. */
async function expectBodyRefused(method: string, path: string, token: string | undefined, body: unknown): Promise<void> {
  const answer = await api.call(method, path, { token, body });
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status: 400, code: 'validation_failed' });
  expect(api.requestBodyProblems(answer.operation, body)).not.toEqual([]);
}

/** A body refused for a rule JSON Schema has no word for: the document states the rule in words beside the body's schema. */
async function expectRuleStated(method: string, path: string, token: string | undefined, body: unknown, words: RegExp): Promise<void> {
  const answer = await api.call(method, path, { token, body });
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status: 400, code: 'validation_failed' });
  expect(JSON.stringify(api.requestBodySchema(answer.operation))).toMatch(words);
}

const passwordTypedAgain = /`repeatPassword` is `password` typed again/;

const status = async (answer: Promise<{ status: number }>) => (await answer).status;
/** A range no file here reaches: 416. */
const beyondTheEnd = 'bytes=900000000-900000009';

describe('auth', () => {
  it('the sign-in steps, registration, the token keys, Google\'s switch and the centre answer as documented', async () => {
    expect((await api.call('POST', '/v1/auth/check-email', { body: { email: ana.email } })).body).toMatchObject({ _id: ana.id });
    expect((await api.call('POST', '/v1/auth/check-email', { body: { email: `nobody-${uniqueSuffix()}@test.mn` } })).body.code).toBe('account_not_found');
    await expectBodyRefused('POST', '/v1/auth/check-email', undefined, { email: 'not an address' });

    const taken = { email: ana.email, name: 'Ана', password: 'another-password-2', repeatPassword: 'another-password-2' };
    expect((await api.call('POST', '/v1/auth/register', { body: taken })).body.code).toBe('email_taken');
    await expectBodyRefused('POST', '/v1/auth/register', undefined, { ...taken, email: `new-${uniqueSuffix()}@test.mn`, password: 'short', repeatPassword: 'short' });
    await expectRuleStated('POST', '/v1/auth/register', undefined, { ...taken, email: `new-${uniqueSuffix()}@test.mn`, repeatPassword: 'another-password-3' }, passwordTypedAgain);
    expect((await api.call('POST', '/v1/auth/login', { body: { email: ana.email, password: 'wrong-password-1' } })).body.code).toBe('invalid_credentials');

    expect((await api.call('GET', '/v1/auth/jwks')).body.keys.length).toBeGreaterThan(0);
    expect((await api.call('GET', '/v1/auth/google')).body).toEqual({ isConfigured: true });
    expect(await status(api.call('GET', '/v1/centre'))).toBe(200);
  });

  it('sign-in with Google starts, comes back with a code and signs in; the same state twice is refused', async () => {
    const start = expectStatus(await api.call('POST', '/v1/auth/google/start', { body: { redirectUri } }), 200, 'starting with Google');
    google.signInAs({ sub: randomUUID(), email: `g-${uniqueSuffix()}@gmail.test`, email_verified: true, name: 'Гэрэл' });
    const { code, state, iss } = await followToCallback(start.authorizationUrl, redirectUri);
    const body = { code, state, ...(iss ? { iss } : {}) };
    expect(expectStatus(await api.call('POST', '/v1/auth/login-google', { body }), 200, 'signing in with Google').token).toEqual(expect.any(String));
    expect(await status(api.call('POST', '/v1/auth/login-google', { body }))).toBe(401);
    await expectBodyRefused('POST', '/v1/auth/google/start', undefined, {});
    await expectBodyRefused('POST', '/v1/auth/google/start', undefined, { redirectUri: 'http://127.0.0.1:8080/elsewhere' });
  });

  it('a forgotten password is reset through the mailed link, which then is used', async () => {
    expect(await status(api.call('POST', '/v1/auth/password-reset', { body: { email: cy.email } }))).toBe(202);
    const link = await eventually(
      () => smtp.mailsTo(cy.email).flatMap((mail) => mail.links).find((candidate) => candidate.startsWith(`${publicUrl}/reset-password#token=`)),
      'the reset mail arrives',
    );
    const token = new URL(link).hash.replace('#token=', '');
    expect((await api.call('POST', '/v1/auth/password-reset/check', { body: { token } })).body).toEqual({ email: cy.email });
    const password = 'a-fresh-start-42';
    await expectRuleStated('POST', '/v1/auth/password-reset/confirm', undefined, { token, password, repeatPassword: 'a-fresh-start-43' }, passwordTypedAgain);
    const reset = expectStatus(await api.call('POST', '/v1/auth/password-reset/confirm', { body: { token, password, repeatPassword: password } }), 200, 'resetting');
    cy = { ...cy, password, token: reset.token };
    expect(await status(api.call('POST', '/v1/auth/password-reset/check', { body: { token } }))).toBe(410);
    await expectBodyRefused('POST', '/v1/auth/password-reset/check', undefined, { token: 'short' });
  });

  it('the signed-in user\'s own calls: who they are, their mails, their password, signing out', async () => {
    expect((await api.call('GET', '/v1/auth/me', { token: ana.token })).body).toMatchObject({ _id: ana.id, monsterplans: [planId] });
    expect(await status(api.call('GET', '/v1/auth/me'))).toBe(401);
    expect(await status(api.call('GET', '/v1/auth/mail-preferences', { token: ana.token }))).toBe(200);
    expect((await api.call('PUT', '/v1/auth/mail-preferences', { token: ana.token, body: { weeks: false } })).body).toMatchObject({ weeks: false });
    await expectBodyRefused('PUT', '/v1/auth/mail-preferences', ana.token, { weeks: 'no' });
    expect((await api.call('PUT', '/v1/auth/reminders', { token: ana.token, body: { dailyAt: '20:30' } })).body).toEqual({ dailyAt: '20:30', aloudWindow: false });
    expect((await api.call('GET', '/v1/auth/reminders', { token: ana.token })).body).toEqual({ dailyAt: '20:30', aloudWindow: false });
    await expectBodyRefused('PUT', '/v1/auth/reminders', ana.token, { dailyAt: '25:00' });
    expect(await status(api.call('GET', '/v1/auth/reminders'))).toBe(401);
    expect((await api.call('GET', '/v1/auth/push-key')).body).toEqual({ publicKey: null });
    // A device as a browser subscribes it; no push is sent here (Web Push is off on this platform).
    const device = { endpoint: 'https://push.example.mn/send/device-1', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
    expect(await status(api.call('PUT', '/v1/auth/push-subscriptions', { token: ana.token, body: device }))).toBe(204);
    await expectBodyRefused('PUT', '/v1/auth/push-subscriptions', ana.token, { ...device, keys: { p256dh: 'x', auth: 'y' } });
    expect(await status(api.call('DELETE', '/v1/auth/push-subscriptions', { token: ana.token, body: { endpoint: device.endpoint } }))).toBe(204);
    expect(await status(api.call('DELETE', '/v1/auth/push-subscriptions', { token: ana.token, body: { endpoint: device.endpoint } }))).toBe(404);

    const password = 'a-second-start-43';
    expect(await status(api.call('PUT', '/v1/auth/password', { token: cy.token, body: { currentPassword: 'wrong-password-9', password, repeatPassword: password } }))).toBe(403);
    await expectRuleStated('PUT', '/v1/auth/password', cy.token, { currentPassword: cy.password, password, repeatPassword: `${password}!` }, passwordTypedAgain);
    const changed = expectStatus(await api.call('PUT', '/v1/auth/password', { token: cy.token, body: { currentPassword: cy.password, password, repeatPassword: password } }), 200, 'changing the password');
    cy = { ...cy, password, token: changed.token };

    const otherDevice = await platform.signIn(cy.email, cy.password);
    expect(await status(api.call('POST', '/v1/auth/logout', { token: otherDevice }))).toBe(204);
    expect((await api.call('GET', '/v1/auth/me', { token: otherDevice })).body.code).toBe('token_revoked');
  });

  it('a mail\'s unsubscribe link switches its topic off without signing in; a forged one is refused', async () => {
    const link = await eventually(
      () => smtp.mailsTo(ana.email).flatMap((mail) => mail.links).find((candidate) => candidate.startsWith(`${publicUrl}/unsubscribe#token=`)),
      'a notification mail with its unsubscribe link arrives',
    );
    const token = new URL(link).hash.replace('#token=', '');
    expect((await api.call('POST', '/v1/auth/unsubscribe', { body: { token } })).body).toMatchObject({ email: ana.email });
    expect((await api.call('POST', '/v1/auth/unsubscribe', { body: { token: `${token.slice(0, -2)}xx` } })).body.code).toBe('unsubscribe_link_invalid');
  });

  it('the administrator\'s users: found, read, made an administrator and back; their own role is theirs to keep', async () => {
    const adminId = expectStatus(await api.call('GET', '/v1/auth/me', { token: admin }), 200, 'the administrator')._id;
    expect((await api.call('GET', `/v1/users?search=${encodeURIComponent(cy.email)}`, { token: admin })).body.total).toBe(1);
    expect((await api.call('GET', '/v1/users?perPage=100', { token: admin })).body.result.some((user: any) => user.googleId !== null)).toBe(true);
    expect((await api.call('GET', `/v1/users/${cy.id}`, { token: admin })).body.email).toBe(cy.email);
    expect((await api.call('PUT', `/v1/users/${cy.id}/admin`, { token: admin, body: { isAdmin: true } })).body.isAdmin).toBe(true);
    expect((await api.call('PUT', `/v1/users/${cy.id}/admin`, { token: admin, body: { isAdmin: false } })).body.isAdmin).toBe(false);
    expect((await api.call('PUT', `/v1/users/${adminId}/admin`, { token: admin, body: { isAdmin: false } })).body.code).toBe('own_administrator_role');
    await expectBodyRefused('PUT', `/v1/users/${cy.id}/admin`, admin, { isAdmin: 'yes' });
  });

  it('a learner\'s notifications are listed, counted and marked read', async () => {
    await eventually(async () => (await platform.call('GET', '/v1/notifications', { token: ana.token })).body.total > 0, 'Ана\'s approval is among her notifications');
    const page = expectStatus(await api.call('GET', '/v1/notifications', { token: ana.token }), 200, 'listing notifications');
    expect(await status(api.call('GET', '/v1/notifications/unread-count', { token: ana.token }))).toBe(200);
    expect((await api.call('PUT', `/v1/notifications/${page.result[0]._id}/read`, { token: ana.token })).body.isRead).toBe(true);
    expect((await api.call('PUT', `/v1/notifications/${randomUUID()}/read`, { token: ana.token })).body.code).toBe('notification_not_found');
    expect((await api.call('PUT', '/v1/notifications/read', { token: ana.token })).body).toEqual({ count: 0 });
  });

  it('an account is deleted by its owner with the password typed again', async () => {
    // Signed in again: the role's change ended every earlier token.
    cy = { ...cy, token: await platform.signIn(cy.email, cy.password) };
    expect(await status(api.call('DELETE', '/v1/auth/me', { token: cy.token, body: { password: 'wrong-password-9' } }))).toBe(403);
    expect(await status(api.call('DELETE', '/v1/auth/me', { token: cy.token, body: { password: cy.password } }))).toBe(204);
  });
});

describe('lesson bundles and Monster plans', () => {
  it('anyone lists and reads them; only a learner approved for the bundle gets its play URLs', async () => {
    expect((await api.call('GET', '/v1/lessons')).body.map((lesson: any) => lesson._id)).toContain(lessonId);
    expect((await api.call('GET', '/v1/monsterplans')).body.map((plan: any) => plan._id)).toContain(planId);
    expect((await api.call('GET', `/v1/lessons/${lessonId}`)).body.populatedVideos.map((video: any) => video.url)).toEqual([null, null]);
    expect((await api.call('GET', `/v1/lessons/${lessonId}`, { token: ana.token })).body.populatedVideos.map((video: any) => typeof video.url)).toEqual(['string', 'string']);
    expect((await api.call('GET', `/v1/monsterplans/${planId}`)).body).toMatchObject({ exam: true, examQuestions: { count: examRules.questionCount } });
    expect((await api.call('GET', `/v1/lessons/${randomUUID()}`)).body.code).toBe('lesson_not_found');
    expect((await api.call('GET', `/v1/monsterplans/${randomUUID()}`)).body.code).toBe('monsterplan_not_found');
  });

  it('the administrator creates, changes and deletes them; videos of the other kind and an exam without a bank are refused', async () => {
    const lessonBody = { name: 'Түр багц', price: 'Үнэгүй', videos: [videos.lesson.plain] };
    const lesson = expectStatus(await api.call('POST', '/v1/lessons', { token: admin, body: lessonBody }), 201, 'creating a bundle');
    expect((await api.call('PUT', `/v1/lessons/${lesson._id}`, { token: admin, body: { ...lessonBody, name: 'Өөр нэр' } })).body.name).toBe('Өөр нэр');
    expect(await status(api.call('DELETE', `/v1/lessons/${lesson._id}`, { token: admin }))).toBe(204);
    expect((await api.call('POST', '/v1/lessons', { token: admin, body: { ...lessonBody, videos: [videos.monsterplan.plain] } })).body.code).toBe('video_wrong_kind');
    await expectBodyRefused('POST', '/v1/lessons', admin, { ...lessonBody, videos: [] });

    const planBody = { name: 'Түр Monster plan', price: '1₮', videos: [videos.monsterplan.plain] };
    const plan = expectStatus(await api.call('POST', '/v1/monsterplans', { token: admin, body: planBody }), 201, 'creating a plan');
    expect((await api.call('PUT', `/v1/monsterplans/${plan._id}`, { token: admin, body: { ...planBody, isActive: false } })).body.isActive).toBe(false);
    expect((await api.call('PUT', `/v1/monsterplans/${plan._id}`, { token: admin, body: { ...planBody, exam: true } })).body.code).toBe('exam_bank_short');
    expect(await status(api.call('DELETE', `/v1/monsterplans/${plan._id}`, { token: admin }))).toBe(204);
    expect((await api.call('POST', '/v1/monsterplans', { token: admin, body: { ...planBody, videos: [videos.lesson.plain] } })).body.code).toBe('video_wrong_kind');
    await expectBodyRefused('POST', '/v1/monsterplans', admin, { ...planBody, name: '' });
  });

  it('the administrator takes a learner\'s access away, pending or approved; none left is not found', async () => {
    expectStatus(await api.call('POST', '/v1/lesson-requests', { token: bo.token, body: { lesson: lessonId } }), 201, 'asking for the bundle');
    expect(await status(api.call('DELETE', `/v1/lessons/${lessonId}/learners/${bo.id}`, { token: admin }))).toBe(204);
    expect((await api.call('DELETE', `/v1/lessons/${lessonId}/learners/${bo.id}`, { token: admin })).body.code).toBe('access_not_found');
    expectStatus(await api.call('POST', '/v1/monsterplan-requests', { token: bo.token, body: { monsterplan: planId } }), 201, 'asking for the plan');
    expect(await status(api.call('DELETE', `/v1/monsterplans/${planId}/learners/${bo.id}`, { token: admin }))).toBe(204);
  });
});

describe('requests', () => {
  it.each(['lesson', 'monsterplan'] as const)('a %s request is listed, counted and read, and cancelled by the administrator while pending', async (kind) => {
    const base = `/v1/${kind}-requests`;
    const asked = { [kind]: kind === 'lesson' ? lessonId : planId };
    const request = expectStatus(await api.call('POST', base, { token: bo.token, body: asked }), 201, 'asking');
    expect((await api.call('POST', base, { token: bo.token, body: asked })).body.code).toBe('request_pending');
    expect((await api.call('POST', base, { token: ana.token, body: asked })).body.code).toBe('already_approved');
    await expectBodyRefused('POST', base, bo.token, { [kind]: '' });

    const page = expectStatus(await api.call('GET', `${base}?perPage=100&currentPage=1`, { token: admin }), 200, 'listing');
    expect((await api.call('GET', `${base}/total-new-requests`, { token: admin })).body.count).toBeGreaterThan(0);
    expect((await api.call('GET', `${base}/${request._id}`, { token: admin })).body).toMatchObject({ _id: request._id, isApproved: false });
    expect(await status(api.call('DELETE', `${base}/${request._id}`, { token: admin }))).toBe(204);
    expect((await api.call('GET', `${base}/${request._id}`, { token: admin })).body.code).toBe('request_not_found');
    const approved = page.result.find((candidate: any) => candidate.user._id === ana.id);
    expect((await api.call('DELETE', `${base}/${approved._id}`, { token: admin })).body.code).toBe('request_approved');
  });
});

describe('playing, progress and read-aloud recordings', () => {
  let played: { url: string; sub: string | null };

  it('a learner approved for the plan plays its video (the day assigned) by signed URLs; another learner is refused', async () => {
    played = expectStatus(await api.call('GET', `/v1/monsterplans/${planId}/play/${videos.monsterplan.plain}`, { token: ana.token }), 200, 'playing');
    expect(played).toEqual({ url: expect.stringContaining(`/v1/media/video/${videos.monsterplan.plain}?`), sub: expect.stringContaining('/v1/media/subtitle/') });
    expect((await api.call('GET', `/v1/monsterplans/${planId}/play/${videos.monsterplan.plain}`, { token: bo.token })).body.code).toBe('monsterplan_not_approved');
    expect((await api.call('GET', `/v1/monsterplans/${planId}/play/${randomUUID()}`, { token: ana.token })).body.code).toBe('video_not_in_monsterplan');
  });

  it('a signed URL sends the video whole, a range of it or "not modified", and its subtitles; a tampered one is refused', async () => {
    const whole = await api.call('GET', played.url);
    expect(whole.status).toBe(200);
    expect(await status(api.call('GET', played.url, { headers: { range: 'bytes=0-99' } }))).toBe(206);
    expect(await status(api.call('GET', played.url, { headers: { 'if-none-match': whole.headers.get('etag')! } }))).toBe(304);
    expect(await status(api.call('GET', played.url, { headers: { range: beyondTheEnd } }))).toBe(416);
    expect((await api.call('GET', played.sub!)).body).toBe(subtitles);
    const tampered = played.url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await api.call('GET', tampered)).body.code).toBe('media_url_invalid');
    const expired = await signMediaUrl(testMediaSigningSecret, 'video', videos.monsterplan.plain, Math.floor(Date.now() / 1000) - 60);
    expect((await api.call('GET', expired)).body.code).toBe('media_url_expired');
  });

  it('a video whose transcoding was retried plays its HLS ladder through one signed path', async () => {
    await transcodingIs('monsterplan', videos.monsterplan.ladder, 'ready');
    const master = await eventually(async () => {
      const { url } = (await platform.call('GET', `/v1/monsterplans/${planId}/play/${videos.monsterplan.ladder}`, { token: ana.token })).body;
      return url.includes('/v1/media/hls/') && url;
    }, 'play answers the ladder');
    expectStatus(await api.call('GET', `/v1/monsterplans/${planId}/play/${videos.monsterplan.ladder}`, { token: ana.token }), 200, 'playing the ladder');
    const playlists = (await api.call('GET', master)).body as string;
    const rendition = new URL(playlists.split('\n').find((line) => line.endsWith('.m3u8'))!, new URL(master, platform.url)).pathname;
    const segments = (await api.call('GET', rendition)).body as string;
    const segment = new URL(segments.split('\n').find((line) => line.endsWith('.m4s'))!, new URL(rendition, platform.url)).pathname;
    const whole = await api.call('GET', segment);
    expect(whole.status).toBe(200);
    expect(await status(api.call('GET', segment, { headers: { range: 'bytes=0-9' } }))).toBe(206);
    expect(await status(api.call('GET', segment, { headers: { 'if-none-match': whole.headers.get('etag')! } }))).toBe(304);
    expect(await status(api.call('GET', segment, { headers: { range: beyondTheEnd } }))).toBe(416);
  }, startTimeoutMs);

  it('listening and dictation are reported for the plan, and the learner\'s progress is read by them and by the administrator', async () => {
    const video = videos.monsterplan.plain;
    expect((await api.call('POST', `/v1/progress/videos/${video}`, { token: ana.token, body: { monsterplan: planId, ranges: [[0, 1]], position: 1 } })).body.videoId).toBe(video);
    await expectBodyRefused('POST', `/v1/progress/videos/${video}`, ana.token, { monsterplan: planId, lesson: lessonId, ranges: [], position: 0 });
    await expectRuleStated('POST', `/v1/progress/videos/${video}`, ana.token, { monsterplan: planId, ranges: [[1, 0.5]], position: 1 }, /its start not after its end/);
    expect((await api.call('POST', `/v1/progress/videos/${video}`, { token: bo.token, body: { monsterplan: planId, ranges: [], position: 0 } })).body.code).toBe('progress_not_approved');
    const dictation = { monsterplan: planId, lines: 1, correctWords: 2, totalWords: 3 };
    expect((await api.call('PUT', `/v1/progress/videos/${video}/dictation`, { token: ana.token, body: dictation })).body).toMatchObject({ correctWords: 2 });
    expect((await api.call('GET', `/v1/progress/monsterplans/${planId}`, { token: ana.token })).body.monsterplanId).toBe(planId);
    expect((await api.call('GET', `/v1/progress/monsterplans/${planId}`, { token: bo.token })).body.code).toBe('progress_not_approved');
    expect((await api.call('GET', `/v1/progress/lessons/${lessonId}`, { token: ana.token })).body.lessonId).toBe(lessonId);
    expect((await api.call('GET', '/v1/progress/mine', { token: ana.token })).body.monsterplans.map((plan: any) => plan._id)).toEqual([planId]);
    expect((await api.call('GET', `/v1/progress/users/${ana.id}`, { token: admin })).body.lessons.map((lesson: any) => lesson._id)).toEqual([lessonId]);
  });

  it('a read-aloud recording is sent for the plan day, and the administrator lists and hears it', async () => {
    const form = await formWith('video', files.audio, 'audio/mpeg', { monsterplan: planId, week: '1', dayOfWeek: '2' });
    expect(await status(api.call('POST', '/v1/monsterplans/aloud', { token: ana.token, form }))).toBe(201);
    const halfDay = await formWith('video', files.audio, 'audio/mpeg', { week: '1' });
    expect((await api.call('POST', '/v1/monsterplans/aloud', { token: ana.token, form: halfDay })).body.code).toBe('validation_failed');
    const page = expectStatus(await api.call('GET', `/v1/monsterplans/aloud?user=${ana.id}`, { token: admin }), 200, 'listing recordings');
    const [recording] = page.result[0].alouds;
    expect(recording).toMatchObject({ monsterplanId: planId, week: 1, dayOfWeek: 2 });
    expect((await api.call('GET', recording.url)).status).toBe(200);
  });
});

describe('the exam and the question bank', () => {
  it('a learner approved for the plan sits its exam one question at a time, passes, and cannot sit it again', async () => {
    expect((await api.call('GET', `/v1/monsterplans/${planId}/exam`, { token: ana.token })).body).toEqual([]);
    expect((await api.call('GET', `/v1/monsterplans/${planId}/exam/attempt`, { token: ana.token })).body.status).toBe('not-started');
    const bank = expectStatus(await api.call('GET', `/v1/monsterplans/${planId}/questions?perPage=100`, { token: admin }), 200, 'the bank').result;
    const correctOf = new Map<string, string>(bank.map((question: any) => [question._id, question.correctAnswer]));
    const answers: Array<{ question: string; answer: string }> = [];
    for (let number = 1; number <= examRules.questionCount; number++) {
      const { question } = expectStatus(await api.call('POST', `/v1/monsterplans/${planId}/exam/questions/${number}`, { token: ana.token }), 200, `revealing ${number}`);
      const answer = correctOf.get(question.identifier)!;
      expectStatus(await api.call('POST', `/v1/monsterplans/${planId}/exam/questions/${number}/answer`, { token: ana.token, body: { answer } }), 200, `answering ${number}`);
      answers.push({ question: question.identifier, answer });
    }
    expect((await api.call('GET', `/v1/monsterplans/${planId}/exam`, { token: ana.token })).body).toHaveLength(examRules.questionCount);
    const data = await sealPayload(await payloadKey(testPayloadSecret), JSON.stringify(answers));
    expect((await api.call('POST', `/v1/monsterplans/${planId}/exam`, { token: ana.token, body: { id: planId, user: ana.id, data } })).body.passed).toBe(true);
    expect((await api.call('POST', `/v1/monsterplans/${planId}/exam/questions/1`, { token: ana.token })).body.code).toBe('exam_taken');
    expect((await api.call('GET', `/v1/monsterplans/${planId}/exam/attempt`, { token: ana.token })).body.status).toBe('finished');
  });

  it('an attempt keeps its order: a question out of turn, an answer before its question, an unknown option and unreadable answers are refused', async () => {
    const di = await signUp('Дулмаа');
    const request = expectStatus(await api.call('POST', '/v1/monsterplan-requests', { token: di.token, body: { monsterplan: planId } }), 201, 'asking');
    expectStatus(await api.call('PUT', `/v1/monsterplan-requests/${request._id}`, { token: admin }), 200, 'approving');
    const examDb = platform.services.exam.context.db;
    await eventually(() => examDb.selectFrom('approval').select('user_id').where('user_id', '=', di.id).executeTakeFirst(), 'the exam service knows Дулмаа is approved');
    const exam = `/v1/monsterplans/${planId}/exam`;
    expect(await status(api.call('POST', `${exam}/questions/2`, { token: di.token }))).toBe(409);
    expectStatus(await api.call('POST', `${exam}/questions/1`, { token: di.token }), 200, 'revealing the first');
    expect((await api.call('POST', `${exam}/questions/2/answer`, { token: di.token, body: { answer: 'x' } })).body.code).toBe('exam_question_not_revealed');
    expect((await api.call('POST', `${exam}/questions/1/answer`, { token: di.token, body: { answer: 'no-such-option' } })).body.code).toBe('exam_answer_unknown_option');
    expect((await api.call('POST', exam, { token: di.token, body: { data: 'not-a-sealed-token' } })).body.code).toBe('exam_answers_unreadable');
  });

  it('a learner not approved for the plan is refused its exam', async () => {
    expect((await api.call('GET', `/v1/monsterplans/${planId}/exam`, { token: bo.token })).body.code).toBe('exam_not_approved');
    await expectBodyRefused('POST', `/v1/monsterplans/${planId}/exam/questions/1/answer`, ana.token, { answer: '' });
  });

  it('the administrator lists every result', async () => {
    const results = expectStatus(await api.call('GET', '/v1/monsterplans/exam-results?perPage=100', { token: admin }), 200, 'listing results');
    expect(results.result.map((row: any) => row.user._id)).toContain(ana.id);
  });

  it('the administrator fills a bank from a file, replaces it with CSV, edits and deletes a question and empties it', async () => {
    const plan = expectStatus(await api.call('POST', '/v1/monsterplans', { token: admin, body: { name: 'Асуултын план', price: '1₮', videos: [videos.monsterplan.plain] } }), 201, 'a plan');
    await examKnowsPlan(plan._id);
    const path = `/v1/monsterplans/${plan._id}/questions`;
    const form = await formWith('file', files.questions, 'text/csv');
    expect((await api.call('POST', path, { token: admin, form })).body).toEqual({ count: 3, imported: 3 });
    const csv = ['question,niceWord,answer1,answer2,answer3,answer4,correct', ...[1, 2].map((n) => `We say hello${n} here,hello${n},a${n},b${n},c${n},d${n},1`)].join('\n');
    expect((await api.call('PUT', path, { token: admin, text: { type: 'text/csv', content: csv } })).body).toEqual({ count: 2, imported: 2 });
    expect((await api.call('POST', path, { token: admin, text: { type: 'text/csv', content: 'question,niceWord\n' } })).status).toBe(400);
    const [first, second] = expectStatus(await api.call('GET', path, { token: admin }), 200, 'the bank').result;
    expect((await api.call('PUT', `${path}/${first._id}`, { token: admin, body: bankQuestion(7) })).body.niceWord).toBe('word7');
    await expectBodyRefused('PUT', `${path}/${first._id}`, admin, { ...bankQuestion(8), answers: ['one', 'two', 'three'] });
    await expectRuleStated('PUT', `${path}/${first._id}`, admin, { ...bankQuestion(8), correct: 5 }, /number \(1–4\) or its exact text/);
    await expectRuleStated('PUT', `${path}/${first._id}`, admin, { ...bankQuestion(8), answers: ['one', 'One', 'two', 'three'], correct: 3 }, /`answers` differ/);
    await expectRuleStated('PUT', `${path}/${first._id}`, admin, { ...bankQuestion(8), niceWord: 'absent' }, /`niceWord` occurs in `question`/);
    expect(await status(api.call('DELETE', `${path}/${second._id}`, { token: admin }))).toBe(204);
    expect((await api.call('DELETE', `${path}/${second._id}`, { token: admin })).body.code).toBe('question_not_found');
    expect(await status(api.call('DELETE', path, { token: admin }))).toBe(204);
  });
});

describe('refunds', () => {
  it('the passed exam and the recording on time earn refunds, which the administrator reads, marks paid and undoes', async () => {
    const refunds = await eventually(async () => {
      const { result } = (await platform.call('GET', `/v1/refunds?user=${ana.id}`, { token: admin })).body;
      return result.length === 2 && result;
    }, 'both of Ана\'s refunds are earned');
    expect((await api.call('GET', `/v1/refunds?user=${ana.id}`, { token: admin })).body.result.map((refund: any) => refund.kind).sort()).toEqual(['aloud', 'exam']);
    const aloud = refunds.find((refund: any) => refund.kind === 'aloud');
    expect((await api.call('GET', `/v1/refunds/alouds?ids=${aloud.aloud.aloudId}`, { token: admin })).body.result).toEqual([expect.objectContaining({ isOnTime: true })]);
    expect((await api.call('GET', `/v1/monsterplans/${planId}/refunds`, { token: admin })).body.result[0].user._id).toBe(ana.id);
    expect((await api.call('GET', `/v1/monsterplans/${planId}/refunds.csv`, { token: admin })).body).toContain(ana.email);
    // Ана gives her account: her claims are ready to pay, in the JSON and the bank's file.
    expect((await api.call('GET', '/v1/me/bank-account', { token: bo.token })).body.code).toBe('bank_account_not_found');
    expect((await api.call('PUT', '/v1/me/bank-account', { token: ana.token, body: { bankName: 'Хаан банк', accountNumber: '', accountHolder: 'Ана' } })).body.code).toBe('validation_failed');
    const account = { bankName: 'Хаан банк', accountNumber: '5012 345 678', accountHolder: 'Ана Бат' };
    expect((await api.call('PUT', '/v1/me/bank-account', { token: ana.token, body: account })).body.accountNumber).toBe('5012345678');
    expect((await api.call('GET', '/v1/me/bank-account', { token: ana.token })).body.accountHolder).toBe('Ана Бат');
    expect((await api.call('GET', '/v1/me/refunds', { token: ana.token })).body.result.map((claim: any) => claim.state)).toEqual(['details_given', 'details_given']);
    expect((await api.call('GET', '/v1/refunds/payable?perPage=10&currentPage=1', { token: admin })).body.total).toBe(2);
    expect((await api.call('GET', '/v1/refunds/payable.csv', { token: admin })).body).toContain('5012345678');
    expect((await api.call('PUT', `/v1/refunds/${aloud._id}/paid`, { token: admin, body: { method: 'cash' } })).body.code).toBe('validation_failed');
    expect((await api.call('PUT', `/v1/refunds/${aloud._id}/paid`, { token: admin, body: { method: 'qpay_refund' } })).body.paidVia).toBe('qpay_refund');
    expect((await api.call('DELETE', `/v1/refunds/${aloud._id}/paid`, { token: admin })).body.paidAt).toBeNull();
    expect((await api.call('PUT', `/v1/refunds/${aloud._id}/paid`, { token: admin })).body.paidAt).toEqual(expect.any(String));
    expect((await api.call('GET', `/v1/refunds/${aloud._id}/history`, { token: admin })).body.result.map((change: any) => change.action)).toEqual([
      'earned',
      'details_given',
      'paid',
      'payment_undone',
      'paid',
    ]);
    expect((await api.call('DELETE', `/v1/refunds/${aloud._id}/paid`, { token: admin })).body.paidAt).toBeNull();
    // What the learner sees of it all: the result among her grants, and a notice of each kind.
    expect((await api.call('GET', '/v1/auth/me', { token: ana.token })).body.monsterplanExam).toEqual([expect.objectContaining({ correctQuestions: examRules.questionCount })]);
    const kinds = ['request-approved', 'exam-result', 'refund-earned'];
    const typesOf = (page: any) => new Set(page.result.map((notice: any) => notice.type));
    await eventually(async () => {
      const types = typesOf((await platform.call('GET', '/v1/notifications?perPage=100', { token: ana.token })).body);
      return kinds.every((type) => types.has(type));
    }, 'Ана is told of her approvals, her result and her refunds');
    expect([...typesOf((await api.call('GET', '/v1/notifications?perPage=100', { token: ana.token })).body)]).toEqual(expect.arrayContaining(kinds));
    expect((await api.call('GET', '/v1/refunds?user=not-a-uuid', { token: admin })).body.code).toBe('validation_failed');
  });
});

describe('payments', () => {
  it('a learner pays a request by QPay, which approves it; the administrator reads the payments and cancels an invoice', async () => {
    expect((await api.call('GET', '/v1/payments/qpay')).body).toEqual({ isEnabled: true });
    const payer = await signUp('Дорж');
    expectStatus(await api.call('POST', '/v1/monsterplan-requests', { token: payer.token, body: { monsterplan: planId } }), 201, 'asking');
    const invoice = expectStatus(await api.call('POST', '/v1/payments/qpay/invoices', { token: payer.token, body: { monsterplan: planId } }), 201, 'the invoice');
    expect((await api.call('POST', '/v1/payments/qpay/invoices', { token: payer.token, body: { monsterplan: planId } })).status).toBe(200);
    expect((await api.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token: payer.token })).body.status).toBe('open');
    expect((await api.call('GET', `/v1/payments/qpay/invoices/${invoice._id}`, { token: bo.token })).body.code).toBe('invoice_not_found');
    await expectBodyRefused('POST', '/v1/payments/qpay/invoices', payer.token, { monsterplan: 'plan' });
    // QPay's callback, as QPay makes it and through the documented calls.
    expect((await api.call('POST', `/v1/payments/qpay/callback/${invoice._id}`)).status).toBe(200);
    await qpay.pay(qpay.invoiceOf(invoice.request._id)!.invoiceId, { callback: 'never' });
    expect((await api.call('GET', `/v1/payments/qpay/callback/${invoice._id}`)).status).toBe(200);
    const paid = await eventually(async () => {
      const { result } = (await api.call('GET', '/v1/payments?perPage=100', { token: admin })).body;
      return result.find((payment: any) => payment.invoiceId === invoice._id && payment.outcome === 'approved');
    }, 'the payment approved');
    expect(paid.user._id).toBe(payer.id);
    expect((await api.call('GET', '/v1/payments/qpay/receipts', { token: payer.token })).body.result).toEqual([expect.objectContaining({ invoiceId: invoice._id })]);
    expect((await api.call('GET', '/v1/payments.csv', { token: admin })).body).toContain(paid.paymentId);
    expect((await api.call('GET', '/v1/payments?from=not-a-day', { token: admin })).body.code).toBe('validation_failed');

    // Another learner's invoice, cancelled by the administrator.
    const other = await signUp('Оюун');
    expectStatus(await api.call('POST', '/v1/lesson-requests', { token: other.token, body: { lesson: lessonId } }), 201, 'asking');
    const open = expectStatus(await api.call('POST', '/v1/payments/qpay/invoices', { token: other.token, body: { lesson: lessonId } }), 201, 'the invoice');
    expect((await api.call('DELETE', `/v1/payments/qpay/invoices/${open._id}`, { token: admin })).body.status).toBe('cancelled');
    expect((await api.call('DELETE', `/v1/payments/qpay/invoices/${open._id}`, { token: admin })).body.code).toBe('invoice_not_open');
  });
});

describe('documents', () => {
  it('anyone downloads a document whole, in a range or "not modified"; the administrator lists, puts and deletes them', async () => {
    const whole = await api.call('GET', '/v1/documents/introduction.pdf');
    expect(whole.status).toBe(200);
    expect(await status(api.call('GET', '/v1/documents/introduction.pdf', { headers: { range: 'bytes=0-99' } }))).toBe(206);
    expect(await status(api.call('GET', '/v1/documents/introduction.pdf', { headers: { 'if-none-match': whole.headers.get('etag')! } }))).toBe(304);
    expect(await status(api.call('GET', '/v1/documents/introduction.pdf', { headers: { range: beyondTheEnd } }))).toBe(416);
    expect((await api.call('GET', '/v1/documents?perPage=100', { token: admin })).body.total).toBeGreaterThan(0);

    const pdf = join(files.folder, 'workshop.pdf');
    await writeFile(pdf, whole.bytes);
    expect((await api.call('PUT', '/v1/documents/workshop.pdf', { token: admin, form: await formWith('document', pdf, 'application/pdf') })).body.name).toBe('workshop.pdf');
    expect((await api.call('PUT', '/v1/documents/notes.pdf', { token: admin, form: await formWith('document', pdf, 'application/pdf') })).body.code).toBe('bad_document_name');
    expect(await status(api.call('DELETE', '/v1/documents/brochure-3.pdf', { token: admin }))).toBe(204);
    expect((await api.call('GET', '/v1/documents/brochure-3.pdf')).body.code).toBe('document_not_found');
  });
});

describe('the administrator\'s videos', () => {
  it.each(['monsterplan', 'lesson'] as const)('%s videos are listed and read, given subtitles and have them removed, and deleted', async (kind) => {
    const base = `/v1/files/${kind}-videos`;
    const { spare } = videos[kind];
    expect((await api.call('GET', `${base}?perPage=100`, { token: admin })).body.result.map((video: any) => video._id)).toContain(spare);
    expect((await api.call('GET', `${base}/${spare}`, { token: admin })).body.transcoding.state).toBe('failed');
    const subtitle = join(files.folder, `${kind}.vtt`);
    await writeFile(subtitle, subtitles);
    expect((await api.call('POST', `${base}/${spare}/subtitle`, { token: admin, form: await formWith('subtitle', subtitle, 'text/vtt') })).body.hasSubtitle).toBe(true);
    expect((await api.call('DELETE', `${base}/${spare}/subtitle`, { token: admin })).body.hasSubtitle).toBe(false);
    await expectBodyRefused('PUT', `${base}/${spare}`, admin, { name: '', translateUrl: '' });
    await expectRuleStated('PUT', `${base}/${spare}`, admin, { name: 'Видео', translateUrl: 'javascript:alert(1)' }, /a path of this site/);
    expect(await status(api.call('DELETE', `${base}/${spare}`, { token: admin }))).toBe(204);
    expect((await api.call('GET', `${base}/${spare}`, { token: admin })).body.code).toBe('video_not_found');
  });

  it.each(['monsterplan', 'lesson'] as const)('a %s video\'s poster is sent whole, in a range and "not modified"; a retry of a transcoding that did not fail is refused', async (kind) => {
    const poster = `/v1/files/${kind}-videos/${videos[kind].plain}/poster`;
    const whole = await api.call('GET', poster, { token: admin });
    expect(whole.status).toBe(200);
    expect(await status(api.call('GET', poster, { token: admin, headers: { range: 'bytes=0-9' } }))).toBe(206);
    expect(await status(api.call('GET', poster, { token: admin, headers: { 'if-none-match': whole.headers.get('etag')! } }))).toBe(304);
    expect(await status(api.call('GET', poster, { token: admin, headers: { range: beyondTheEnd } }))).toBe(416);
    await transcodingIs(kind, videos[kind].ladder, 'ready');
    expect((await api.call('POST', `/v1/files/${kind}-videos/${videos[kind].ladder}/transcoding`, { token: admin })).body.code).toBe('transcoding_not_failed');
  }, startTimeoutMs);

  it('anyone sees a published video\'s poster frame, whole, in a range or "not modified"; a draft\'s is not found', async () => {
    const poster = `/v1/posters/${videos.lesson.plain}`;
    const whole = await api.call('GET', poster);
    expect(whole.status).toBe(200);
    expect(await status(api.call('GET', poster, { headers: { range: 'bytes=0-9' } }))).toBe(206);
    expect(await status(api.call('GET', poster, { headers: { 'if-none-match': whole.headers.get('etag')! } }))).toBe(304);
    expect(await status(api.call('GET', poster, { headers: { range: beyondTheEnd } }))).toBe(416);
    expect((await api.call('GET', `/v1/posters/${videos.monsterplan.spare}`)).body.code).toBe('poster_not_found');
  });

  it('the centre\'s logo is uploaded, sent whole or "not modified", shown by /v1/centre and removed; what is not a picture is refused', async () => {
    const picture = join(files.folder, 'logo.jpg');
    await writeFile(picture, Buffer.from(await (await fetch(`${platform.url}/v1/posters/${videos.lesson.plain}`)).arrayBuffer()));
    const { logoUrl } = expectStatus(await api.call('PUT', '/v1/centre/logo', { token: admin, form: await formWith('file', picture, 'image/jpeg') }), 200, 'uploading the logo');
    const whole = await api.call('GET', logoUrl);
    expect(whole.status).toBe(200);
    expect(await status(api.call('GET', logoUrl, { headers: { 'if-none-match': whole.headers.get('etag')! } }))).toBe(304);
    expect((await api.call('GET', '/v1/centre')).body.logoUrl).toBe(logoUrl);
    expect((await api.call('PUT', '/v1/centre/logo', { token: admin, form: await formWith('file', files.questions, 'image/png') })).body.code).toBe('logo_not_image');
    expect((await api.call('PUT', '/v1/centre/logo', { token: admin, body: {} })).body.code).toBe('multipart_expected');
    expect(expectStatus(await api.call('DELETE', '/v1/centre/logo', { token: admin }), 200, 'removing the logo').logoUrl).toBeNull();
    expect((await api.call('GET', '/v1/centre/logo')).body.code).toBe('logo_not_found');
  });

  it('uploads that are not what the call takes are refused: another field, no form, a broken form, an empty file, the wrong kind of file', async () => {
    const codeOf = async (method: string, path: string, options: Parameters<DocumentedCalls['call']>[2]) => (await api.call(method, path, options)).body.code;
    const empty = join(files.folder, 'empty.mp3');
    await writeFile(empty, '');
    expect(await codeOf('POST', '/v1/files/lesson-videos', { token: admin, form: await formWith('file', files.video, 'video/webm') })).toBe('unexpected_file');
    expect(await codeOf('POST', '/v1/files/lesson-videos', { token: admin, body: { video: 'film.webm' } })).toBe('multipart_expected');
    expect(await codeOf('POST', '/v1/files/lesson-videos', { token: admin, text: { type: 'multipart/form-data; boundary=cut', content: '--cut\r\nContent-Disposition: form-data; name="video"; filename="a.webm"\r\n\r\nabc' } })).toBe('bad_form');
    expect(await codeOf('POST', '/v1/files/lesson-videos', { token: admin, form: await formWith('video', files.questions, 'video/mp4') })).toBe('unsupported_content');
    const subtitlePath = `/v1/files/lesson-videos/${videos.lesson.plain}/subtitle`;
    expect(await codeOf('POST', subtitlePath, { token: admin, form: await formWith('subtitle', files.audio, 'text/vtt') })).toBe('unsupported_content');
    expect(await codeOf('POST', subtitlePath, { token: admin, form: await formWith('subtitle', files.questions, 'text/vtt') })).toBe('not_subtitles');
    expect(await codeOf('PUT', '/v1/documents/workshop.pdf', { token: admin, form: await formWith('document', files.audio, 'application/pdf') })).toBe('unsupported_content');
    expect(await codeOf('POST', '/v1/monsterplans/aloud', { token: ana.token, form: await formWith('video', files.video, 'audio/webm') })).toBe('unsupported_content');
    expect(await codeOf('POST', '/v1/monsterplans/aloud', { token: ana.token, form: await formWith('video', empty, 'audio/mpeg') })).toBe('file_empty');
  });
});

/** A path parameter no record has: a new id, or for the others a value of the right shape. */
function unknownValueOf(parameter: string): string {
  switch (parameter) {
    case 'number': return '1';
    case 'kind': return 'video';
    case 'name': return `monsterplans/${randomUUID()}/aloud/week-9-day-1.pdf`;
    case 'file': return 'master.m3u8';
    case 'expires': return '4102444800';
    case 'signature': return 'A'.repeat(43);
    default: return randomUUID();
  }
}
const withUnknownIds = (path: string) => path.replace(/\{(\w+)\}/g, (_match, parameter: string) => unknownValueOf(parameter));
const documented = () =>
  Object.entries(openApi.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
  );
const isSignedIn = (operation: any) => operation.security.length > 0 && operation.security.every((requirement: object) => Object.keys(requirement).length > 0);
const isAdministrators = (operation: any) => String(operation.description).startsWith('**The administrator only.**');

describe('refusals across the document', () => {
  it('a guest at any signed-in call is refused 401', async () => {
    const seen: Record<string, number> = {};
    for (const { key, method, path } of documented().filter(({ operation }) => isSignedIn(operation))) {
      seen[key] = (await api.call(method, withUnknownIds(path))).status;
    }
    expect(Object.entries(seen).filter(([, answered]) => answered !== 401)).toEqual([]);
  });

  it('a learner at any of the administrator\'s calls is refused 403', async () => {
    const seen: Record<string, number> = {};
    for (const { key, method, path } of documented().filter(({ operation }) => isAdministrators(operation))) {
      seen[key] = (await api.call(method, withUnknownIds(path), { token: bo.token })).status;
    }
    expect(Object.keys(seen).length).toBeGreaterThan(40);
    expect(Object.entries(seen).filter(([, answered]) => answered !== 403)).toEqual([]);
  });

  it('a call that takes JSON refuses a body that is not JSON (400) and one in another charset (415)', async () => {
    const seen: Record<string, string[]> = {};
    const takesJson = documented().filter(({ operation }) => operation.requestBody?.content?.['application/json']);
    expect(takesJson.length).toBeGreaterThan(25);
    for (const { key, method, path } of takesJson) {
      const broken = await api.call(method, withUnknownIds(path), { text: { type: 'application/json', content: '{"unclosed": ' } });
      const latin1 = await api.call(method, withUnknownIds(path), { text: { type: 'application/json; charset=latin1', content: '{}' } });
      seen[key] = [`${broken.status} ${broken.body.code}`, `${latin1.status} ${latin1.body.code}`];
    }
    expect(Object.entries(seen).filter(([, answered]) => answered.join() !== '400 malformed_json,415 unsupported_encoding')).toEqual([]);
  });

  it('an unknown id is not found, as the caller the call names and with a body it takes', async () => {
    const seen: Record<string, string> = {};
    const expires = mediaUrlExpiry(3600);
    // Signed for an id no file has, as the play call would sign it: the signature passes, the file is not there.
    const signedUrls: Record<string, () => Promise<string>> = {
      'GET /v1/media/{kind}/{id}': () => signMediaUrl(testMediaSigningSecret, 'video', randomUUID(), expires),
      'GET /v1/media/hls/{expires}/{signature}/{videoId}/{file}': () => signHlsUrl(testMediaSigningSecret, randomUUID(), expires),
    };
    for (const { key, method, path, operation } of documented().filter(({ path }) => path.includes('{'))) {
      const token = isAdministrators(operation) ? admin : isSignedIn(operation) ? ana.token : undefined;
      const called = await api.call(method, (await signedUrls[key]?.()) ?? withUnknownIds(path), { token, ...api.acceptedBodies.get(key) });
      seen[key] = `${called.status} ${called.body?.code ?? ''}`.trim();
    }
    expect(Object.fromEntries(Object.entries(seen).filter(([, answered]) => !answered.startsWith('404 ')))).toEqual({
      // An unknown learner has no plans or bundles: empty lists, as the document says.
      'GET /v1/progress/users/{userId}': '200',
      // A name no document has yet is put.
      'PUT /v1/documents/{name}': '200',
    });
  });
});

it('every operation of the document was called, and answered its success at least once', () => {
  const neverCalled = api.operations.filter((operation) => !api.answered.has(operation));
  const neverSucceeded = api.operations.filter((operation) => ![...(api.answered.get(operation) ?? [])].some((answered) => answered < 400));
  expect({ neverCalled, neverSucceeded }).toEqual({ neverCalled: [], neverSucceeded: [] });
});
