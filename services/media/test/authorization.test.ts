// Who may call what: every media route, called by a guest, the learner it concerns, another learner
// and the administrator. Signed URLs answer whoever holds them (the catalog signs only for learners
// approved for the video), and nobody without a valid signature.
import { signHlsUrl, signMediaUrl } from '@learning/contracts';
import { answerOnceHeard, deleteOwnAccount, promotedAdministrator, setAdministrator } from '@learning/testing';
import { expectStatus, mediaSigningSecret, startMediaFixture, startTimeoutMs, type MediaFixture } from './fixture.js';
import { makeTestLadder, storeLadder } from './ladders.js';

type Learner = Awaited<ReturnType<MediaFixture['platform']['learner']>>;
let fixture: MediaFixture;
let learner: Learner;
let otherLearner: Learner;
beforeAll(async () => {
  fixture = await startMediaFixture();
  [learner, otherLearner] = await Promise.all([fixture.platform.learner(), fixture.platform.learner()]);
}, startTimeoutMs);
afterAll(() => fixture?.close(), startTimeoutMs);

type Caller = 'guest' | 'learner' | 'otherLearner' | 'admin';
const callers: Caller[] = ['guest', 'learner', 'otherLearner', 'admin'];

interface Call {
  path: string;
  body?: unknown;
  upload?: { field: string; file: keyof MediaFixture['media'] | `recordings.${string}` };
}

interface Route {
  method: string;
  path: string;
  /** Makes what the call needs, fresh for each caller (some calls delete what they act on). */
  prepare: () => Promise<Call>;
  expected: Record<Caller, number>;
}

const anyone = (status: number) => ({ guest: status, learner: status, otherLearner: status, admin: status });
const adminOnly = (status: number) => ({ guest: 401, learner: 403, otherLearner: 403, admin: status });
const signedIn = (status: number) => ({ guest: 401, learner: status, otherLearner: status, admin: status });
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const uploadedVideo = async (kind: string) =>
  expectStatus(await fixture.upload(`/v1/files/${kind}-videos`, { field: 'video', file: fixture.media.video, token: fixture.admin }), 201, 'uploading');

async function subtitledVideo(kind: string) {
  const video = await uploadedVideo(kind);
  expectStatus(await fixture.upload(`/v1/files/${kind}-videos/${video._id}/subtitle`, { field: 'subtitle', file: fixture.media.srt, token: fixture.admin }), 200, 'subtitles');
  return video;
}

/**
 * A video whose transcoding failed: its job, queued with the upload, is marked failed in media's table
 * (a real failure needs a broken ffmpeg). Not waited for: the jobs of this file's many uploads run one
 * at a time, and a worker that had claimed this one drops it (its attempt is no longer current).
 */
async function failedTranscoding(kind: string) {
  const video = await uploadedVideo(kind);
  const db = fixture.platform.services.media.context.db;
  const failed = await db.updateTable('transcoding').set({ state: 'failed', reason: 'Видеог хөрвүүлж чадсангүй.' }).where('video_id', '=', video._id).executeTakeFirst();
  expect(failed.numUpdatedRows).toBe(1n);
  return video;
}

let ladder: ReturnType<typeof makeTestLadder> | undefined;

/** A video id with a stored ladder, as media's transcoding job stores one (no upload: no job of its own runs meanwhile). */
async function videoWithLadder(): Promise<string> {
  const videoId = crypto.randomUUID();
  await storeLadder(fixture.platform, videoId, 'lesson', await (ladder ??= makeTestLadder()));
  return videoId;
}

async function aloudOfLearner(): Promise<string> {
  expectStatus(await fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.ogg, token: learner.token }), 201, 'recording');
  const row = await fixture.platform.services.media.context.db.selectFrom('aloud').select('id').where('user_id', '=', learner.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

async function putDocument(name: string) {
  expectStatus(await fixture.upload(`/v1/documents/${name}`, { field: 'document', file: fixture.media.pdf, token: fixture.admin, method: 'PUT' }), 200, 'putting a document');
}

const routes: Route[] = [
  ...['monsterplan', 'lesson'].flatMap((kind): Route[] => {
    const base = `/v1/files/${kind}-videos`;
    return [
      { method: 'GET', path: base, prepare: async () => ({ path: `${base}?perPage=10&currentPage=1` }), expected: adminOnly(200) },
      { method: 'POST', path: base, prepare: async () => ({ path: base, upload: { field: 'video', file: 'video' } }), expected: adminOnly(201) },
      { method: 'GET', path: `${base}/{id}`, prepare: async () => ({ path: `${base}/${(await uploadedVideo(kind))._id}` }), expected: adminOnly(200) },
      {
        method: 'PUT',
        path: `${base}/{id}`,
        prepare: async () => {
          const { _id } = await uploadedVideo(kind);
          return { path: `${base}/${_id}`, body: { id: _id, name: 'Нэр', translateUrl: '' } };
        },
        expected: adminOnly(200),
      },
      { method: 'DELETE', path: `${base}/{id}`, prepare: async () => ({ path: `${base}/${(await uploadedVideo(kind))._id}` }), expected: adminOnly(204) },
      {
        method: 'POST',
        path: `${base}/{id}/subtitle`,
        prepare: async () => ({ path: `${base}/${(await uploadedVideo(kind))._id}/subtitle`, upload: { field: 'subtitle', file: 'srt' } }),
        expected: adminOnly(200),
      },
      { method: 'DELETE', path: `${base}/{id}/subtitle`, prepare: async () => ({ path: `${base}/${(await subtitledVideo(kind))._id}/subtitle` }), expected: adminOnly(200) },
      { method: 'GET', path: `${base}/{id}/poster`, prepare: async () => ({ path: `${base}/${(await uploadedVideo(kind))._id}/poster` }), expected: adminOnly(200) },
      { method: 'POST', path: `${base}/{id}/transcoding`, prepare: async () => ({ path: `${base}/${(await failedTranscoding(kind))._id}/transcoding` }), expected: adminOnly(202) },
    ];
  }),

  {
    method: 'GET',
    path: '/v1/media/video/{id} (signed)',
    prepare: async () => ({ path: await signMediaUrl(mediaSigningSecret, 'video', (await uploadedVideo('lesson'))._id, inAnHour()) }),
    expected: anyone(200),
  },
  { method: 'GET', path: '/v1/media/video/{id} (unsigned)', prepare: async () => ({ path: `/v1/media/video/${(await uploadedVideo('lesson'))._id}` }), expected: anyone(403) },
  {
    method: 'GET',
    path: '/v1/media/subtitle/{id} (signed)',
    prepare: async () => ({ path: await signMediaUrl(mediaSigningSecret, 'subtitle', (await subtitledVideo('monsterplan'))._id, inAnHour()) }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    path: '/v1/media/subtitle/{id} (signed for the video, not its subtitles)',
    prepare: async () => {
      const { _id } = await subtitledVideo('monsterplan');
      return { path: (await signMediaUrl(mediaSigningSecret, 'video', _id, inAnHour())).replace('/video/', '/subtitle/') };
    },
    expected: anyone(403),
  },
  {
    method: 'GET',
    path: '/v1/media/hls/{expires}/{signature}/{videoId}/{file} (signed)',
    prepare: async () => ({ path: await signHlsUrl(mediaSigningSecret, await videoWithLadder(), inAnHour()) }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    path: '/v1/media/hls/{expires}/{signature}/{videoId}/{file} (signed for another video)',
    prepare: async () => {
      const [videoId, other] = [await videoWithLadder(), crypto.randomUUID()];
      return { path: (await signHlsUrl(mediaSigningSecret, other, inAnHour())).replace(other, videoId) };
    },
    expected: anyone(403),
  },
  { method: 'GET', path: '/v1/media/aloud/{id} (signed)', prepare: async () => ({ path: await signMediaUrl(mediaSigningSecret, 'aloud', await aloudOfLearner(), inAnHour()) }), expected: anyone(200) },
  { method: 'GET', path: '/v1/media/aloud/{id} (unsigned)', prepare: async () => ({ path: `/v1/media/aloud/${await aloudOfLearner()}` }), expected: anyone(403) },

  { method: 'POST', path: '/v1/monsterplans/aloud', prepare: async () => ({ path: '/v1/monsterplans/aloud', upload: { field: 'video', file: 'recordings.mp3' } }), expected: signedIn(201) },
  { method: 'GET', path: '/v1/monsterplans/aloud', prepare: async () => ({ path: '/v1/monsterplans/aloud?perPage=1&currentPage=1' }), expected: adminOnly(200) },
  { method: 'GET', path: '/v1/monsterplans/aloud?user={id}', prepare: async () => ({ path: `/v1/monsterplans/aloud?user=${learner.id}` }), expected: adminOnly(200) },

  { method: 'GET', path: '/v1/documents', prepare: async () => ({ path: '/v1/documents' }), expected: adminOnly(200) },
  {
    method: 'GET',
    path: '/v1/documents/{name}',
    prepare: async () => (await putDocument('introduction.pdf'), { path: '/v1/documents/introduction.pdf' }),
    expected: anyone(200),
  },
  { method: 'PUT', path: '/v1/documents/{name}', prepare: async () => ({ path: '/v1/documents/brochure-1.pdf', upload: { field: 'document', file: 'pdf' } }), expected: adminOnly(200) },
  {
    method: 'DELETE',
    path: '/v1/documents/{name}',
    prepare: async () => (await putDocument('workshop.pdf'), { path: '/v1/documents/workshop.pdf' }),
    expected: adminOnly(204),
  },
];

function tokenOf(caller: Caller): string | undefined {
  return { guest: undefined, learner: learner.token, otherLearner: otherLearner.token, admin: fixture.admin }[caller];
}

function fileOf(name: string): string {
  const [group, format] = name.split('.');
  const media = fixture.media as unknown as Record<string, string | Record<string, string>>;
  return format ? (media[group!] as Record<string, string>)[format]! : (media[group!] as string);
}

describe.each(routes)('$method $path', (route) => {
  it.each(callers)('answers %s as the rules say', async (caller) => {
    const call = await route.prepare();
    const token = tokenOf(caller);
    const answer = call.upload
      ? await fixture.upload(call.path, { field: call.upload.field, file: fileOf(call.upload.file), token, method: route.method })
      : await fetch(fixture.platform.url + call.path, {
          method: route.method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(call.body ? { 'content-type': 'application/json' } : {}) },
          ...(call.body ? { body: JSON.stringify(call.body) } : {}),
        });
    expect({ caller, status: answer.status }).toEqual({ caller, status: route.expected[caller] });
  });
});

describe('a token that is no longer valid is answered 401', () => {
  const aloudUpload = (token: string) => fixture.upload('/v1/monsterplans/aloud', { field: 'video', file: fixture.media.recordings.ogg, token });
  const videoList = (token: string) => fixture.call('GET', '/v1/files/lesson-videos?perPage=10&currentPage=1', { token });
  // Media hears of sign-outs, role changes and deletions through auth's events: a read call shows when it has.

  it('after sign-out: the learner can no longer upload a recording', async () => {
    const signedOut = await fixture.platform.learner();
    await fixture.call('POST', '/v1/auth/logout', { token: signedOut.token });
    await answerOnceHeard(() => videoList(signedOut.token), 403);
    const answer = await aloudUpload(signedOut.token);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'token_revoked' });
  });

  it("after the role was removed: the former administrator's earlier token; their next sign-in is a learner's", async () => {
    const other = await promotedAdministrator(fixture.platform);
    expect((await videoList(other.token)).status).toBe(200);
    await setAdministrator(fixture.platform, other.id, false);
    const refused = await answerOnceHeard(() => videoList(other.token), 200);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'token_revoked' });
    expect((await videoList(await fixture.platform.signIn(other.email, other.password))).status).toBe(403);
  });

  it('after the account was deleted: the learner can no longer upload a recording', async () => {
    const deleted = await fixture.platform.learner();
    await deleteOwnAccount(fixture.platform, deleted);
    await answerOnceHeard(() => videoList(deleted.token), 403);
    const answer = await aloudUpload(deleted.token);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'token_revoked' });
  });
});
