import { payloadEncryptionHeader, payloadEncryptionScheme, payloadKey, progressRules, sealPayload, type VideoProgress } from '@learning/contracts';
import { setRuntimeConfig, tokenStore } from '@learning/platform';
import { setPlayback } from '@learning/platform/testing';
import { fireEvent, waitFor } from '@testing-library/react';
import { reportListening, type ListeningTarget } from '../src/listening';

interface SentReport {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  body: { monsterplan?: string; lesson?: string; ranges: Array<[number, number]>; position: number };
}

const heard = (overrides: Partial<VideoProgress> = {}): VideoProgress => ({ videoId: 'v1', durationSeconds: 120, listenedSeconds: 20, position: 20, status: 'in-progress', ...overrides });

/** A gateway that answers every report with `answer` (or fails when it is an Error), recording what was sent. */
function fakeReports(answer: () => { status?: number; body: unknown; headers?: Record<string, string> } | Error = () => ({ body: heard() })) {
  const sent: SentReport[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    sent.push({ url: String(url), init: init as SentReport['init'], body: JSON.parse(String(init.body)) });
    const given = answer();
    if (given instanceof Error) throw given;
    const { status = 200, body, headers = {} } = given;
    return { status, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null }, text: async () => JSON.stringify(body) } as unknown as Response;
  }) as typeof fetch;
  return sent;
}

const planVideo: ListeningTarget = { videoId: 'v1', monsterplan: 'p1' };
let stops: Array<() => void> = [];

function listenTo(target: ListeningTarget = planVideo, onReported = jest.fn()) {
  const video = document.createElement('video');
  document.body.append(video);
  setPlayback(video, { duration: 120, currentTime: 0, played: [], paused: true });
  const stop = reportListening(video, target, onReported);
  stops.push(stop);
  return { video, stop, onReported };
}

/** Lets the fetch promise and the answer's decoding settle. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
};

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  tokenStore.set('token-of-u1');
  setRuntimeConfig({ payloadSecret: null });
});

afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  setVisibility('visible');
  jest.useRealTimers();
});

describe('the listening reporter', () => {
  it(`reports the played ranges and the playhead every ${progressRules.reportEverySeconds} s while the video plays, with keepalive and the token`, async () => {
    const sent = fakeReports();
    const { video } = listenTo();
    setPlayback(video, { paused: false });
    fireEvent.playing(video);
    setPlayback(video, { played: [[0, 9.97]], currentTime: 9.97 });
    jest.advanceTimersByTime(progressRules.reportEverySeconds * 1000);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/v1/progress/videos/v1');
    expect(sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true, headers: { authorization: 'Bearer token-of-u1', 'content-type': 'application/json' } });
    expect(sent[0]!.body).toEqual({ monsterplan: 'p1', ranges: [[0, 9.97]], position: 9.97 });

    // At 2× and after a seek back, the ranges say what was heard, not how far the playhead went.
    setPlayback(video, { played: [[0, 25], [40, 44.5]], currentTime: 44.5 });
    jest.advanceTimersByTime(progressRules.reportEverySeconds * 1000);
    expect(sent[1]!.body).toEqual({ monsterplan: 'p1', ranges: [[0, 25], [40, 44.5]], position: 44.5 });
  });

  it('reports on pause and stops reporting until the video plays again', async () => {
    const sent = fakeReports();
    const { video } = listenTo();
    fireEvent.playing(video);
    setPlayback(video, { played: [[0, 4]], currentTime: 4 });
    fireEvent.pause(video);
    expect(sent.map((report) => report.body.position)).toEqual([4]);

    jest.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);

    fireEvent.playing(video);
    setPlayback(video, { played: [[0, 14]], currentTime: 14 });
    jest.advanceTimersByTime(progressRules.reportEverySeconds * 1000);
    expect(sent.map((report) => report.body.position)).toEqual([4, 14]);
  });

  it('reports when the video ends, and the pause the browser fires with it is not sent twice', async () => {
    const sent = fakeReports(() => ({ body: heard({ listenedSeconds: 120, position: 120, status: 'complete' }) }));
    const { video, onReported } = listenTo();
    fireEvent.playing(video);
    setPlayback(video, { played: [[0, 120]], currentTime: 120 });
    fireEvent.pause(video);
    fireEvent.ended(video);
    expect(sent).toHaveLength(1);
    await settle();
    expect(onReported).toHaveBeenCalledWith(heard({ listenedSeconds: 120, position: 120, status: 'complete' }), 'pause');
  });

  it('reports when the page is hidden or left, and when the video is closed', async () => {
    const sent = fakeReports();
    const { video, stop } = listenTo({ videoId: 'v1', lesson: 'l1' });
    fireEvent.playing(video);
    setPlayback(video, { played: [[0, 3]], currentTime: 3 });
    setVisibility('hidden');
    setPlayback(video, { played: [[0, 5]], currentTime: 5 });
    window.dispatchEvent(new Event('pagehide'));
    setPlayback(video, { played: [[0, 6]], currentTime: 6 });
    stop();

    expect(sent.map((report) => report.body)).toEqual([
      { lesson: 'l1', ranges: [[0, 3]], position: 3 },
      { lesson: 'l1', ranges: [[0, 5]], position: 5 },
      { lesson: 'l1', ranges: [[0, 6]], position: 6 },
    ]);
    expect(sent.every((report) => report.init.keepalive)).toBe(true);
    // Closed: nothing more, even when the page is hidden later.
    setPlayback(video, { played: [[0, 8]], currentTime: 8 });
    setVisibility('hidden');
    jest.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(3);
  });

  it('sends nothing before anything was heard, and nothing without a signed-in learner', async () => {
    const sent = fakeReports();
    const { video } = listenTo();
    fireEvent.pause(video);
    tokenStore.clear();
    setPlayback(video, { played: [[0, 3]], currentTime: 3 });
    fireEvent.pause(video);
    expect(sent).toHaveLength(0);
  });

  it('sends the same ranges again after a report that failed, since they are cumulative', async () => {
    let isDown = true;
    const sent = fakeReports(() => (isDown ? new TypeError('Failed to fetch') : { body: heard() }));
    const { video, onReported } = listenTo();
    setPlayback(video, { played: [[0, 7]], currentTime: 7 });
    fireEvent.pause(video);
    await settle();
    isDown = false;
    setVisibility('hidden');
    await settle();
    expect(sent.map((report) => report.body.ranges)).toEqual([[[0, 7]], [[0, 7]]]);
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(onReported).toHaveBeenCalledWith(heard(), 'hidden');
  });

  it('opens an answer the gateway sealed', async () => {
    const secret = 'secret-of-the-test';
    setRuntimeConfig({ payloadSecret: secret });
    jest.useRealTimers();
    const sealed = await sealPayload(await payloadKey(secret), JSON.stringify(heard({ listenedSeconds: 33.3 })));
    jest.useFakeTimers();
    fakeReports(() => ({ body: { payload: sealed }, headers: { [payloadEncryptionHeader]: payloadEncryptionScheme } }));
    const { video, onReported } = listenTo();
    setPlayback(video, { played: [[0, 33.3]], currentTime: 33.3 });
    fireEvent.pause(video);
    jest.useRealTimers();
    // WebCrypto opens the answer off the fake clock; on a loaded machine it can take a while.
    await waitFor(() => expect(onReported).toHaveBeenCalledWith(heard({ listenedSeconds: 33.3 }), 'pause'), { timeout: 10_000 });
  });
});
