import { payloadKey, sealPayload } from '@learning/contracts';
import { ApiError, tokenStore, upload } from '@learning/platform';
import { fakeGateway } from '@learning/platform/testing';

const secret = 'test-payload-secret';
const encrypted = { 'x-payload-encryption': 'aes-256-gcm' };

function aForm() {
  const form = new FormData();
  form.append('video', new Blob(['not really a video'], { type: 'video/mp4' }), 'lesson.mp4');
  return form;
}

describe('upload with progress', () => {
  beforeEach(() => localStorage.clear());

  it('sends the form with the bearer token and reports the progress 0 to 100 as the body goes', async () => {
    const gateway = fakeGateway({ 'POST /v1/files/lesson-videos': { status: 201, body: { _id: 'v1', name: 'lesson.mp4' } } }, { holdUploads: true });
    globalThis.XMLHttpRequest = gateway.XMLHttpRequest;
    tokenStore.set('abc');
    const seen: number[] = [];
    const form = aForm();
    const answer = upload('/v1/files/lesson-videos', form, { onProgress: (percent) => seen.push(percent) });

    const [sent] = gateway.uploads;
    expect(sent?.call).toMatchObject({ method: 'POST', path: '/v1/files/lesson-videos', headers: { authorization: 'Bearer abc' } });
    expect(sent?.call.body).toBe(form);
    sent?.progress(12.5);
    sent?.progress(40);
    sent?.progress(40);
    sent?.finish();
    await expect(answer).resolves.toEqual({ _id: 'v1', name: 'lesson.mp4' });
    expect(seen).toEqual([0, 12, 40, 100]);
  });

  it('opens an encrypted answer, as every other call does', async () => {
    const body = { payload: await sealPayload(await payloadKey(secret), JSON.stringify({ _id: 'v2' })) };
    const gateway = fakeGateway({ 'POST /v1/files/monsterplan-videos': { status: 201, body, headers: encrypted } }, { payloadSecret: secret });
    globalThis.XMLHttpRequest = gateway.XMLHttpRequest;
    await expect(upload('/v1/files/monsterplan-videos', aForm())).resolves.toEqual({ _id: 'v2' });
  });

  it("fails with the server's message, or 'Алдаа' when the connection breaks", async () => {
    const refused = fakeGateway({ 'POST /v1/files/lesson-videos': { status: 415, body: { message: 'Видео файл биш байна.', code: 'not_a_video' } } });
    globalThis.XMLHttpRequest = refused.XMLHttpRequest;
    const error = await upload('/v1/files/lesson-videos', aForm()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, message: 'Видео файл биш байна.', code: 'not_a_video' });

    const broken = fakeGateway({}, { holdUploads: true });
    globalThis.XMLHttpRequest = broken.XMLHttpRequest;
    const answer = upload('/v1/files/lesson-videos', aForm());
    broken.uploads[0]?.fail();
    await expect(answer).rejects.toMatchObject({ status: 0, message: 'Алдаа', code: 'network_error' });
  });

  it('stops when aborted, as fetch does', async () => {
    const gateway = fakeGateway({}, { holdUploads: true });
    globalThis.XMLHttpRequest = gateway.XMLHttpRequest;
    const controller = new AbortController();
    const answer = upload('/v1/files/lesson-videos', aForm(), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
