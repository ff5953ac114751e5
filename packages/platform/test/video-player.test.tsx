import { VideoPlayer, type VideoPlayerProps } from '@learning/platform';
import { renderWithPlatform } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// jsdom has no media pipeline: a video here has a duration, plays and pauses, and lists its <track>
// children as text tracks, as a browser does. Real playback is in e2e/media.e2e.test.ts.
const playing = new WeakSet<HTMLMediaElement>();
const trackLists = new WeakMap<HTMLMediaElement, EventTarget & ArrayLike<{ kind: string; mode: string }>>();
const prototype = HTMLMediaElement.prototype;
const original = {
  play: Object.getOwnPropertyDescriptor(prototype, 'play')!,
  pause: Object.getOwnPropertyDescriptor(prototype, 'pause')!,
  paused: Object.getOwnPropertyDescriptor(prototype, 'paused')!,
  textTracks: Object.getOwnPropertyDescriptor(prototype, 'textTracks')!,
};

beforeAll(() => {
  Object.defineProperties(prototype, {
    play: { configurable: true, value: jest.fn(function play(this: HTMLMediaElement) { playing.add(this); return Promise.resolve(); }) },
    pause: { configurable: true, value: jest.fn(function pause(this: HTMLMediaElement) { playing.delete(this); }) },
    paused: { configurable: true, get(this: HTMLMediaElement) { return !playing.has(this); } },
    textTracks: {
      configurable: true,
      get(this: HTMLMediaElement) {
        if (!trackLists.has(this)) {
          const tracks = Array.from(this.querySelectorAll('track'), (element) => ({ kind: element.kind, mode: element.default ? 'showing' : 'disabled' }));
          trackLists.set(this, Object.assign(new EventTarget(), tracks, { length: tracks.length }));
        }
        return trackLists.get(this);
      },
    },
  });
});

afterAll(() => Object.defineProperties(prototype, original));

beforeEach(() => localStorage.clear());

const subtitles = { src: '/v1/media/subtitle/v1?signature=s', srcLang: 'en', label: 'Хадмал' };

async function renderPlayer(props: Partial<VideoPlayerProps> = {}) {
  const onRetry = jest.fn();
  const view = renderWithPlatform(<VideoPlayer src="/v1/media/video/v1?signature=a" subtitles={subtitles} onRetry={onRetry} {...props} />);
  const video = await waitFor(() => {
    const element = document.querySelector('video');
    if (!element) throw new Error('no video yet');
    return element;
  });
  return { ...view, video, onRetry };
}

/** The video's metadata arrives (duration known), as a browser reports it. */
function loadMetadata(video: HTMLVideoElement, duration = 120) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(video);
}

const speedButton = (speed: string) => screen.getByRole('button', { name: `Хурд ${speed}×` });
const subtitlesButton = () => screen.getByRole('button', { name: /Хадмал/ });

describe('the video player', () => {
  it('offers the speeds 0.7, 1, 1.5 and 2, plays at the one chosen, and keeps it for the next video', async () => {
    const { video, unmount } = await renderPlayer();
    const speeds = screen.getByRole('group', { name: 'Хурд' });
    expect(Array.from(speeds.querySelectorAll('button'), (button) => button.textContent)).toEqual(['0.7×', '1×', '1.5×', '2×']);
    expect(speedButton('1')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(speedButton('0.7'));
    expect(video.playbackRate).toBe(0.7);
    expect(speedButton('0.7')).toHaveAttribute('aria-pressed', 'true');
    expect(speedButton('1')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Хурд: 0.7×')).toBeInTheDocument();
    unmount();

    const next = await renderPlayer({ src: '/v1/media/video/v2?signature=b' });
    loadMetadata(next.video);
    expect(next.video.playbackRate).toBe(0.7);
    expect(speedButton('0.7')).toHaveAttribute('aria-pressed', 'true');
  });

  it('follows a speed chosen in the browser’s own menu', async () => {
    const { video } = await renderPlayer();
    act(() => {
      video.playbackRate = 2;
    });
    await waitFor(() => expect(speedButton('2')).toHaveAttribute('aria-pressed', 'true'));
  });

  it('shows subtitles by default, turns them off and on, and remembers the choice', async () => {
    const { video, unmount } = await renderPlayer();
    expect(video.querySelector('track')).toHaveAttribute('src', subtitles.src);
    expect(subtitlesButton()).toHaveAttribute('aria-pressed', 'true');
    expect(video.textTracks[0]?.mode).toBe('showing');

    await userEvent.click(subtitlesButton());
    expect(subtitlesButton()).toHaveAttribute('aria-pressed', 'false');
    expect(video.textTracks[0]?.mode).toBe('hidden');
    expect(screen.getByText('Хадмал унтраалттай')).toBeInTheDocument();
    unmount();

    const next = await renderPlayer();
    expect(subtitlesButton()).toHaveAttribute('aria-pressed', 'false');
    expect(next.video.textTracks[0]?.mode).toBe('hidden');
    await userEvent.click(subtitlesButton());
    expect(next.video.textTracks[0]?.mode).toBe('showing');
  });

  it('has no subtitles button for a video without subtitles', async () => {
    const { video } = await renderPlayer({ subtitles: null });
    expect(video.querySelector('track')).toBeNull();
    expect(screen.queryByRole('button', { name: /Хадмал/ })).not.toBeInTheDocument();
  });

  it('is controlled from the keyboard: play and pause, seek, speed, subtitles, mute, jump', async () => {
    const { video } = await renderPlayer();
    loadMetadata(video, 120);
    video.focus();
    // Each step: the keys pressed, then what the video shows.
    const steps: Array<[string, Partial<Pick<HTMLVideoElement, 'paused' | 'currentTime' | 'playbackRate'>>]> = [
      [' ', { paused: false }],
      ['k', { paused: true }],
      ['{ArrowRight}', { currentTime: 35 }],
      ['{ArrowLeft}{ArrowLeft}', { currentTime: 25 }],
      ['l', { currentTime: 35 }],
      ['jjjj', { currentTime: 0 }],
      ['5', { currentTime: 60 }],
      ['>', { playbackRate: 1.5 }],
      ['>>', { playbackRate: 2 }],
      // The keys step through the finer slow speeds too.
      ['<<<', { playbackRate: 0.9 }],
      ['<<', { playbackRate: 0.7 }],
      ['<<<', { playbackRate: 0.5 }],
      ['<', { playbackRate: 0.5 }],
    ];
    video.currentTime = 30;
    for (const [keys, expected] of steps) {
      await userEvent.keyboard(keys);
      expect({ keys, ...pick(video, expected) }).toEqual({ keys, ...expected });
    }

    await userEvent.keyboard('c');
    expect(subtitlesButton()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('m');
    expect(video.muted).toBe(true);
  });

  it('plays once, then pauses once, for each Space pressed on the focused video, though the browser’s own controls answer Space too', async () => {
    const { video } = await renderPlayer();
    loadMetadata(video);
    // The browser's own controls, as Chromium's act on a focused <video controls>: Space's keyup plays
    // or pauses, unless the event was cancelled before it reached the video.
    video.addEventListener('keyup', (event) => {
      if (event.key !== ' ' || event.defaultPrevented) return;
      if (video.paused) void video.play();
      else video.pause();
    });
    const play = jest.mocked(prototype.play);
    const pause = jest.mocked(prototype.pause);
    play.mockClear();
    pause.mockClear();
    video.focus();

    await userEvent.keyboard(' ');
    expect({ plays: play.mock.calls.length, pauses: pause.mock.calls.length, paused: video.paused }).toEqual({ plays: 1, pauses: 0, paused: false });
    await userEvent.keyboard(' ');
    expect({ plays: play.mock.calls.length, pauses: pause.mock.calls.length, paused: video.paused }).toEqual({ plays: 1, pauses: 1, paused: true });
  });

  it('lets Space press a focused button of the player instead of playing', async () => {
    const { video } = await renderPlayer();
    speedButton('2').focus();
    await userEvent.keyboard(' ');
    expect(video.playbackRate).toBe(2);
    expect(video.paused).toBe(true);
  });

  it('resumes where the learner stopped, per video, and starts over on request', async () => {
    const first = await renderPlayer({ resumeKey: 'lesson:v1' });
    loadMetadata(first.video, 120);
    first.video.currentTime = 42.4;
    fireEvent.timeUpdate(first.video);
    first.unmount();

    const other = await renderPlayer({ resumeKey: 'lesson:v2' });
    loadMetadata(other.video, 120);
    expect(other.video.currentTime).toBe(0);
    other.unmount();

    // A fresh signed address of the same video.
    const again = await renderPlayer({ resumeKey: 'lesson:v1', src: '/v1/media/video/v1?signature=c' });
    loadMetadata(again.video, 120);
    expect(again.video.currentTime).toBe(42.4);
    expect(screen.getByText('Өмнө зогссон газраас (0:42) үргэлжлүүллээ.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Эхнээс нь үзэх' }));
    expect(again.video.currentTime).toBe(0);
    expect(screen.queryByText(/Өмнө зогссон газраас/)).not.toBeInTheDocument();
  });

  it('resumes, at the chosen speed, a video whose metadata came before the player was in the page (a cached video)', async () => {
    localStorage.setItem('lp.video.position.lesson:v1', '42');
    localStorage.setItem('lp.video.speed', '1.5');
    const jsdoms = { readyState: Object.getOwnPropertyDescriptor(prototype, 'readyState')!, duration: Object.getOwnPropertyDescriptor(prototype, 'duration')! };
    Object.defineProperties(prototype, { readyState: { configurable: true, get: () => HTMLMediaElement.HAVE_METADATA }, duration: { configurable: true, get: () => 120 } });
    try {
      const { video } = await renderPlayer({ resumeKey: 'lesson:v1' });
      await waitFor(() => expect(video.currentTime).toBe(42));
      expect(video.playbackRate).toBe(1.5);
      // The event that comes after changes nothing twice.
      video.currentTime = 50;
      fireEvent.loadedMetadata(video);
      expect(video.currentTime).toBe(50);
    } finally {
      Object.defineProperties(prototype, jsdoms);
    }
  });

  it('starts from the beginning a video that was watched to its end', async () => {
    const { video, unmount } = await renderPlayer({ resumeKey: 'lesson:v1' });
    loadMetadata(video, 120);
    video.currentTime = 80;
    fireEvent.pause(video);
    Object.defineProperty(video, 'ended', { configurable: true, value: true });
    video.currentTime = 120;
    fireEvent.ended(video);
    unmount();

    const again = await renderPlayer({ resumeKey: 'lesson:v1' });
    loadMetadata(again.video, 120);
    expect(again.video.currentTime).toBe(0);
  });

  it('tells the playlist when the video ends', async () => {
    const onEnded = jest.fn();
    const { video } = await renderPlayer({ onEnded });
    fireEvent.ended(video);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('says when the video cannot be loaded and asks for a fresh address on retry', async () => {
    const { video, onRetry } = await renderPlayer();
    fireEvent.error(video);
    expect(await screen.findByRole('alert')).toHaveTextContent('Видеог ачаалж чадсангүй.');
    await userEvent.click(screen.getByRole('button', { name: 'Дахин оролдох' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lists its keys for the learner', async () => {
    const { video } = await renderPlayer();
    expect(video).toHaveAttribute('aria-keyshortcuts', expect.stringContaining('ArrowLeft'));
    await userEvent.click(screen.getByText('Товчлуурууд'));
    expect(screen.getByText('Тоглуулах / зогсоох')).toBeVisible();
  });
});

function pick<T extends object>(from: T, like: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.keys(like).map((key) => [key, from[key as keyof T]])) as Partial<T>;
}
