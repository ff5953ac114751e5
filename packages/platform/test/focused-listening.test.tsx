import { VideoPlayer, type VideoPlayerProps } from '@learning/platform';
import { progress } from '@learning/contracts';
import { aUser, fakeSession, renderWithPlatform, type FakeCall } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// jsdom neither plays nor parses WebVTT: here a video plays and pauses, and its subtitle track has the
// cues a browser would have parsed, given once its <track> fires load. Real playback: e2e/listening.e2e.test.ts.
const cues = [
  { startTime: 1, endTime: 4, text: 'Hello, my friend.' },
  { startTime: 4, endTime: 6.5, text: 'Where is the station?' },
  { startTime: 8, endTime: 10, text: 'It is over there.' },
];
const playing = new WeakSet<HTMLMediaElement>();
const trackLists = new WeakMap<HTMLMediaElement, EventTarget & ArrayLike<{ kind: string; mode: string; cues: typeof cues | null }>>();
const prototype = HTMLMediaElement.prototype;
const original = {
  play: Object.getOwnPropertyDescriptor(prototype, 'play')!,
  pause: Object.getOwnPropertyDescriptor(prototype, 'pause')!,
  paused: Object.getOwnPropertyDescriptor(prototype, 'paused')!,
  textTracks: Object.getOwnPropertyDescriptor(prototype, 'textTracks')!,
};

beforeAll(() => {
  Object.defineProperties(prototype, {
    play: { configurable: true, value: jest.fn(function play(this: HTMLMediaElement) { playing.add(this); this.dispatchEvent(new Event('play')); return Promise.resolve(); }) },
    pause: { configurable: true, value: jest.fn(function pause(this: HTMLMediaElement) { playing.delete(this); this.dispatchEvent(new Event('pause')); }) },
    paused: { configurable: true, get(this: HTMLMediaElement) { return !playing.has(this); } },
    textTracks: {
      configurable: true,
      get(this: HTMLMediaElement) {
        if (!trackLists.has(this)) {
          const tracks = Array.from(this.querySelectorAll('track'), (element) => ({ kind: element.kind, mode: element.default ? 'showing' : 'disabled', cues: null }));
          trackLists.set(this, Object.assign(new EventTarget(), tracks, { length: tracks.length }));
        }
        return trackLists.get(this);
      },
    },
  });
});
afterAll(() => Object.defineProperties(prototype, original));
beforeEach(() => localStorage.clear());

async function renderWithLines(props: Partial<VideoPlayerProps> = {}, track: Array<{ startTime: number; endTime: number; text: string }> = cues) {
  renderWithPlatform(<VideoPlayer src="/v1/media/video/v1?signature=a" subtitles={{ src: '/v1/media/subtitle/v1?s', srcLang: 'en', label: 'Хадмал' }} onRetry={() => undefined} {...props} />);
  const video = await waitFor(() => {
    const element = document.querySelector('video');
    if (!element) throw new Error('no video yet');
    return element;
  });
  Object.defineProperty(video, 'duration', { configurable: true, value: 30 });
  fireEvent.loadedMetadata(video);
  // The browser has parsed the WebVTT file.
  act(() => {
    (video.textTracks[0] as unknown as { cues: typeof cues }).cues = track;
    video.querySelector('track')!.dispatchEvent(new Event('load'));
  });
  return video;
}

/** Playback reaches `time`, as the browser reports it. */
function playTo(video: HTMLVideoElement, time: number) {
  video.currentTime = time;
  fireEvent.timeUpdate(video);
}

const lineButton = (text: string) => screen.getByRole('button', { name: new RegExp(text) });

describe('listening sentence by sentence', () => {
  it('lists the subtitle lines beside the video, marks the one heard, and plays from a tapped line', async () => {
    const video = await renderWithLines();
    const list = screen.getByRole('region', { name: 'Өгүүлбэрүүд' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['0:01Hello, my friend.', '0:04Where is the station?', '0:08It is over there.']);

    playTo(video, 5);
    await waitFor(() => expect(lineButton('Where is the station')).toHaveAttribute('aria-current', 'true'));
    expect(lineButton('Hello')).not.toHaveAttribute('aria-current');

    await userEvent.click(lineButton('It is over there'));
    expect(video.currentTime).toBe(8);
    expect(video.paused).toBe(false);
    expect(lineButton('It is over there')).toHaveAttribute('aria-current', 'true');
  });

  it('goes to the previous, the same and the next sentence by button and by key, at any speed', async () => {
    const video = await renderWithLines();
    await userEvent.click(screen.getByRole('combobox', { name: 'Удаан хурд' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Удаан хурд' }), '0.5');
    expect(video.playbackRate).toBe(0.5);

    playTo(video, 5.8);
    await userEvent.click(screen.getByRole('button', { name: 'Өгүүлбэрийг дахин тоглуулах' }));
    expect(video.currentTime).toBe(4);
    expect(video.playbackRate).toBe(0.5);
    await userEvent.click(screen.getByRole('button', { name: 'Дараагийн өгүүлбэр' }));
    expect(video.currentTime).toBe(8);
    await userEvent.click(screen.getByRole('button', { name: 'Өмнөх өгүүлбэр' }));
    expect(video.currentTime).toBe(4);

    video.focus();
    await userEvent.keyboard('.');
    expect(video.currentTime).toBe(8);
    playTo(video, 9.5);
    await userEvent.keyboard('r');
    expect(video.currentTime).toBe(8);
    await userEvent.keyboard(',');
    expect(video.currentTime).toBe(4);
  });

  it('loops the sentence with the chosen pause and count, and keeps the toggles for the learner', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const video = await renderWithLines();
      await user.click(screen.getByText('Давталтын тохиргоо'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Завсар' }), '2');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Давтах тоо' }), '1');
      await user.click(screen.getByRole('button', { name: /Өгүүлбэр давтах/ }));
      expect(screen.getByRole('button', { name: /Өгүүлбэр давтах/ })).toHaveAttribute('aria-pressed', 'true');

      await user.click(lineButton('Hello'));
      playTo(video, 4.1);
      expect(video.paused).toBe(true);
      act(() => jest.advanceTimersByTime(2000));
      expect(video.currentTime).toBe(1);
      expect(video.paused).toBe(false);
      playTo(video, 4.1);
      // One repeat asked: it plays on.
      expect(video.paused).toBe(false);
    } finally {
      jest.useRealTimers();
    }
    expect(JSON.parse(localStorage.getItem('lp.video.listening.guest')!)).toMatchObject({ isLooping: true, pauseSeconds: 2, repeats: 1 });
  });

  it('pauses after every sentence when auto-pause is on (key P)', async () => {
    const video = await renderWithLines();
    video.focus();
    await userEvent.keyboard('p');
    expect(screen.getByRole('button', { name: /Өгүүлбэр бүрд зогсох/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(lineButton('Hello'));
    playTo(video, 3);
    expect(video.paused).toBe(false);
    playTo(video, 4.05);
    expect(video.paused).toBe(true);
  });

  it('loops a stretch marked A and B on the timeline until it is cleared', async () => {
    const video = await renderWithLines();
    await userEvent.click(screen.getByText('Давталтын тохиргоо'));
    await userEvent.click(screen.getByRole('button', { name: 'Өгүүлбэр давтах' }));
    playTo(video, 2);
    await userEvent.click(screen.getByRole('button', { name: 'A цэгийг энд тэмдэглэх' }));
    playTo(video, 5);
    await userEvent.click(screen.getByRole('button', { name: 'B цэгийг энд тэмдэглэх' }));
    expect(screen.getByText('A–B давталт: 0:02–0:05')).toBeInTheDocument();
    expect(video.currentTime).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'A–B цуцлах' }));
    expect(screen.getByText('A–B давталт цуцлагдлаа')).toBeInTheDocument();
  });

  it('takes dictation: subtitles hidden, a pause after the line, the answer marked word by word and scored', async () => {
    const onDictationChecked = jest.fn();
    const video = await renderWithLines({ onDictationChecked });
    await userEvent.click(screen.getByRole('button', { name: /Диктант/ }));
    expect(video.textTracks[0]?.mode).toBe('hidden');
    expect(screen.queryByText('Hello, my friend.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1-р өгүүлбэр, 0:01' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '1-р өгүүлбэр, 0:01' }));
    playTo(video, 4.1);
    expect(video.paused).toBe(true);
    const answer = await screen.findByRole('textbox', { name: '1-р өгүүлбэрт сонссоноо бичнэ үү' });
    expect(answer).toHaveFocus();
    await userEvent.type(answer, 'hello my fiend{Enter}');
    expect(screen.getByText('3 үгнээс 2 зөв')).toBeInTheDocument();
    expect(screen.getByText('Нийт: 3 үгнээс 2 зөв (1 өгүүлбэр)')).toBeInTheDocument();
    expect(screen.getByText('friend.', { exact: false })).toBeInTheDocument();
    expect(onDictationChecked).toHaveBeenCalledWith({ lines: 1, correctWords: 2, totalWords: 3, line: 0 });

    await userEvent.click(screen.getByRole('button', { name: 'Үргэлжлүүлэх' }));
    expect(video.paused).toBe(false);
  });

  it('leaves the track’s title and its sounds out of the lines: dictation goes on through them and asks first for the first line said', async () => {
    const video = await renderWithLines({}, [
      { startTime: 0, endTime: 1, text: 'Week 1 Day 2' },
      { startTime: 1, endTime: 1.5, text: '[Music]' },
      ...cues,
      { startTime: 10, endTime: 11, text: '♪ ♪' },
    ]);
    const list = screen.getByRole('region', { name: 'Өгүүлбэрүүд' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['0:01Hello, my friend.', '0:04Where is the station?', '0:08It is over there.']);

    await userEvent.click(screen.getByRole('button', { name: /Диктант/ }));
    video.focus();
    await userEvent.keyboard('k');
    playTo(video, 0.5);
    playTo(video, 1.02);
    playTo(video, 1.4);
    playTo(video, 1.6);
    expect(video.paused).toBe(false);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    playTo(video, 3);
    playTo(video, 4.1);
    expect(video.paused).toBe(true);
    await userEvent.type(await screen.findByRole('textbox', { name: '1-р өгүүлбэрт сонссоноо бичнэ үү' }), 'hello my friend{Enter}');
    expect(screen.getByText('Өгүүлбэр: Hello, my friend.')).toBeInTheDocument();
  });

  it('lists the day’s words beside the video and marks those in the line heard', async () => {
    const video = await renderWithLines({ words: ['station', 'friend', 'over there'] });
    const words = screen.getByRole('region', { name: 'Өдрийн үгс' });
    playTo(video, 5);
    await waitFor(() => expect(within(words).getByText('station')).toHaveClass('lp-words__word--heard'));
    expect(within(words).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['station (энэ өгүүлбэрт байна)', 'friend', 'over there']);
    expect(within(words).getByText('friend')).not.toHaveClass('lp-words__word--heard');
    expect(within(screen.getByRole('region', { name: 'Өгүүлбэрүүд' })).getByText('station?', { selector: 'mark' })).toBeInTheDocument();
    playTo(video, 9);
    await waitFor(() => expect(within(words).getByText('over there')).toHaveClass('lp-words__word--heard'));
  });

  it('offers the finer slow speeds in a menu beside the spec’s four, and lists the new keys', async () => {
    await renderWithLines();
    const menu = screen.getByRole('combobox', { name: 'Удаан хурд' });
    expect(Array.from((menu as HTMLSelectElement).options, (option) => option.value)).toEqual(['', '0.5', '0.6', '0.8', '0.9']);
    await userEvent.click(screen.getByText('Товчлуурууд'));
    expect(screen.getByText('Өмнөх / дараагийн өгүүлбэр')).toBeVisible();
  });
});

describe('a dictation’s score kept with the learner’s progress', () => {
  const planVideo = { videoId: 'v1', monsterplan: 'p1' };
  const savePath = '/v1/progress/videos/v1/dictation';
  const savesIn = (calls: FakeCall[]) => calls.filter((call) => call.path === savePath);
  const saved = (call: FakeCall) => ({ body: { ...(call.body as object), at: '2025-03-01T10:00:00.000Z' } });

  /** Dictation on, the first line heard to its end, `answer` written for it and checked. */
  async function writeFirstLine(answer: string) {
    const video = await renderWithLines({ listening: planVideo });
    await userEvent.click(screen.getByRole('button', { name: /Диктант/ }));
    await userEvent.click(screen.getByRole('button', { name: '1-р өгүүлбэр, 0:01' }));
    playTo(video, 4.1);
    await userEvent.type(await screen.findByRole('textbox', { name: '1-р өгүүлбэрт сонссоноо бичнэ үү' }), `${answer}{Enter}`);
    return video;
  }

  it('sends the video’s score so far after each line checked: PUT /v1/progress/videos/{videoId}/dictation with the plan and the counts', async () => {
    const gateway = fakeSession(aUser({ monsterplans: ['p1'] }), { [`PUT ${savePath}`]: saved });
    const video = await writeFirstLine('hello my fiend');
    expect(screen.getByText('3 үгнээс 2 зөв')).toBeInTheDocument();
    expect(screen.getByText('Таны бичсэн: hello my fiend')).toBeInTheDocument();
    expect(screen.getByText('Өгүүлбэр: Hello, my friend.')).toBeInTheDocument();

    await waitFor(() => expect(savesIn(gateway.calls)).toHaveLength(1));
    const [first] = savesIn(gateway.calls);
    expect(first).toMatchObject({ method: 'PUT', headers: { authorization: 'Bearer token-of-u1' } });
    expect(first!.body).toEqual({ monsterplan: 'p1', lines: 1, correctWords: 2, totalWords: 3 });
    // What the catalog's route parses it with.
    expect(progress.dictationReport.parse(first!.body)).toEqual(first!.body);

    // The next line's save holds the whole score so far.
    await userEvent.click(screen.getByRole('button', { name: 'Үргэлжлүүлэх' }));
    playTo(video, 5);
    playTo(video, 6.6);
    await userEvent.type(await screen.findByRole('textbox', { name: '2-р өгүүлбэрт сонссоноо бичнэ үү' }), 'where is the station{Enter}');
    await waitFor(() => expect(savesIn(gateway.calls)).toHaveLength(2));
    expect(savesIn(gateway.calls)[1]!.body).toEqual({ monsterplan: 'p1', lines: 2, correctWords: 6, totalWords: 7 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says in Mongolian when the score could not be saved, keeps the answer and the score, and sends the same score again on request', async () => {
    let isServerDown = true;
    const gateway = fakeSession(aUser({ monsterplans: ['p1'] }), {
      [`PUT ${savePath}`]: (call) => (isServerDown ? { status: 503, body: { message: 'Үйлчилгээ түр ажиллахгүй байна.', code: 'unavailable' } } : saved(call)),
    });
    await writeFirstLine('hello my fiend');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Диктантын оноо сервер дээр хадгалагдсангүй. Юу ч алга болоогүй: дахин хадгалж үзнэ үү.');
    // Nothing lost: the answer as written, its marks and the score so far stay on the screen.
    expect(screen.getByText('Таны бичсэн: hello my fiend')).toBeInTheDocument();
    expect(screen.getByText('3 үгнээс 2 зөв')).toBeInTheDocument();
    expect(screen.getByText('Нийт: 3 үгнээс 2 зөв (1 өгүүлбэр)')).toBeInTheDocument();

    isServerDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Дахин хадгалах' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(savesIn(gateway.calls).map((call) => call.body)).toEqual([
      { monsterplan: 'p1', lines: 1, correctWords: 2, totalWords: 3 },
      { monsterplan: 'p1', lines: 1, correctWords: 2, totalWords: 3 },
    ]);
    expect(screen.getByText('Таны бичсэн: hello my fiend')).toBeInTheDocument();
  });
});
