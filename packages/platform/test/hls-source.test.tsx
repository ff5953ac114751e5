import { VideoPlayer } from '@learning/platform';
import { renderWithPlatform } from '@learning/platform/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseSource, isHlsPlaylist, loadHls, qualityChoices, renditionName } from '../src/ui/video/hls-source';

// hls.js cannot run in jsdom (no Media Source Extensions): the choice of source is tested as a
// function, and the player with a stand-in for hls.js's class, whose chunk is never loaded here.
jest.mock('../src/ui/video/hls-source', () => ({ ...jest.requireActual('../src/ui/video/hls-source'), loadHls: jest.fn() }));

const master = '/v1/media/hls/1900000000/c2lnbmF0dXJl/v1/master.m3u8';
const mp4 = '/v1/media/video/v1?expires=1900000000&signature=a';

describe('the choice of source', () => {
  const both = { mediaSource: true, nativeHls: true };
  const none = { mediaSource: false, nativeHls: false };

  it('plays a playlist through hls.js where Media Source Extensions are, natively where only the browser plays HLS', () => {
    expect(chooseSource(master, both)).toBe('hls.js');
    expect(chooseSource(master, { mediaSource: true, nativeHls: false })).toBe('hls.js');
    expect(chooseSource(master, { mediaSource: false, nativeHls: true })).toBe('native-hls');
    expect(chooseSource(master, none)).toBe('unplayable');
  });

  it('plays a file from src, whatever the browser offers', () => {
    expect(chooseSource(mp4, both)).toBe('file');
    expect(chooseSource(mp4, none)).toBe('file');
  });

  it('reads .m3u8 in the path only', () => {
    expect(isHlsPlaylist('https://cdn.example/v/master.M3U8?x=1')).toBe(true);
    expect(isHlsPlaylist('/v1/media/video/v1?next=master.m3u8')).toBe(false);
    expect(isHlsPlaylist('/v1/media/video/v1#master.m3u8')).toBe(false);
  });

  it('names the ladder’s renditions by their folder, highest first, audio only last', () => {
    const levels = [
      { url: ['https://site/v1/media/hls/1/s/v1/360p/playlist.m3u8'], height: 360 },
      { url: ['https://site/v1/media/hls/1/s/v1/720p/playlist.m3u8'], height: 720 },
      { url: ['https://site/v1/media/hls/1/s/v1/540p/playlist.m3u8'], height: 540 },
    ];
    expect(qualityChoices(levels, true)).toEqual(['auto', '720p', '540p', '360p', 'audio']);
    expect(qualityChoices(levels.slice(0, 1), false)).toEqual(['auto', '360p']);
    expect(renditionName({ height: 480 })).toBe('480p');
  });
});

/** A stand-in for hls.js's class: records what the player asks of it and sends the events a ladder would. */
class FakeHls {
  static isSupported = () => true;
  static Events = { MANIFEST_LOADED: 'manifestLoaded', MANIFEST_PARSED: 'manifestParsed', ERROR: 'hlsError' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
  static instances: FakeHls[] = [];
  readonly config: unknown;
  readonly handlers = new Map<string, Array<(event: string, data: unknown) => void>>();
  levels: Array<{ url: string[]; height: number }> = [];
  currentLevel = -1;
  loadLevel = -1;
  media: HTMLVideoElement | null = null;
  source: string | null = null;
  attachMedia = jest.fn((media: HTMLVideoElement) => (this.media = media));
  loadSource = jest.fn((url: string) => (this.source = url));
  startLoad = jest.fn();
  recoverMediaError = jest.fn();
  destroy = jest.fn();
  constructor(config: unknown) {
    this.config = config;
    FakeHls.instances.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }
  /** The master as media writes it: 360p, 540p, 720p and audio only (hls.js keeps the pictures as its levels). */
  readLadder() {
    const base = 'https://site/v1/media/hls/1900000000/c2lnbmF0dXJl/v1';
    const parsed = ['360p', '540p', '720p'].map((name) => ({ url: `${base}/${name}/playlist.m3u8`, height: Number.parseInt(name), width: 1, videoCodec: 'avc1.4d401e', audioCodec: 'mp4a.40.2' }));
    this.levels = parsed.map(({ url, height }) => ({ url: [url], height }));
    // As hls.js does: PARSED from within its own handling of LOADED, so before the player hears LOADED.
    this.emit(FakeHls.Events.MANIFEST_PARSED, { levels: this.levels });
    this.emit(FakeHls.Events.MANIFEST_LOADED, { levels: [...parsed, { url: `${base}/audio/playlist.m3u8`, audioCodec: 'mp4a.40.2' }] });
  }
}

const loadHlsMock = loadHls as jest.MockedFunction<typeof loadHls>;
const scope = globalThis as { MediaSource?: unknown };

beforeEach(() => {
  localStorage.clear();
  FakeHls.instances = [];
  loadHlsMock.mockReset();
  loadHlsMock.mockResolvedValue(FakeHls as unknown as Awaited<ReturnType<typeof loadHls>>);
  scope.MediaSource = { isTypeSupported: () => true };
  // jsdom has no media pipeline: pausing (before a switch to audio only) does nothing.
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  delete scope.MediaSource;
  jest.restoreAllMocks();
});

const subtitles = { src: '/v1/media/subtitle/v1?signature=s', srcLang: 'en', label: 'Хадмал' };

async function renderPlayer(src: string) {
  const onRetry = jest.fn();
  const view = renderWithPlatform(<VideoPlayer src={src} subtitles={subtitles} onRetry={onRetry} />);
  const video = await waitFor(() => {
    const element = document.querySelector('video');
    if (!element) throw new Error('no video yet');
    return element;
  });
  return { ...view, video, onRetry };
}

describe('the player with an HLS ladder', () => {
  it('plays a file from src and never loads hls.js', async () => {
    const { video } = await renderPlayer(mp4);
    expect(video).toHaveAttribute('src', mp4);
    expect(loadHlsMock).not.toHaveBeenCalled();
  });

  it('plays a playlist natively where the browser has no Media Source Extensions but plays HLS', async () => {
    delete scope.MediaSource;
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const { video } = await renderPlayer(master);
    expect(video).toHaveAttribute('src', master);
    expect(loadHlsMock).not.toHaveBeenCalled();
  });

  it('says a playlist cannot play where the browser has neither', async () => {
    delete scope.MediaSource;
    renderWithPlatform(<VideoPlayer src={master} subtitles={subtitles} onRetry={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Видеог ачаалж чадсангүй.');
    expect(loadHlsMock).not.toHaveBeenCalled();
  });

  it('loads hls.js for a playlist, keeps the subtitles a <track>, offers the ladder’s qualities and remembers the one chosen', async () => {
    const { video, unmount } = await renderPlayer(master);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    expect(loadHlsMock).toHaveBeenCalledTimes(1);
    expect(video).not.toHaveAttribute('src');
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
    expect(hls.loadSource).toHaveBeenCalledWith(master);
    expect(hls.config).toMatchObject({ enableWorker: false });
    expect(video.querySelector('track')).toHaveAttribute('src', subtitles.src);
    expect(screen.queryByLabelText('Чанар')).not.toBeInTheDocument();

    act(() => hls.readLadder());
    const menu = screen.getByRole('combobox', { name: /Чанар/ });
    expect(Array.from((menu as HTMLSelectElement).options, (option) => option.text)).toEqual(['Автомат', '720p', '540p', '360p', 'Зөвхөн дуу']);
    expect(menu).toHaveValue('auto');

    await userEvent.selectOptions(menu, '540p');
    expect(hls.currentLevel).toBe(1);
    expect(screen.getByText('Чанар: 540p')).toBeInTheDocument();
    await userEvent.selectOptions(menu, 'auto');
    expect(hls.currentLevel).toBe(-1);
    await userEvent.selectOptions(menu, '360p');
    expect(localStorage.getItem('lp.video.quality')).toBe('360p');

    // Audio only is a playlist of its own, opened at the same moment.
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 12 });
    await userEvent.selectOptions(menu, 'audio');
    expect(hls.destroy).toHaveBeenCalled();
    const audio = FakeHls.instances[1]!;
    expect(audio.loadSource).toHaveBeenCalledWith('https://site/v1/media/hls/1900000000/c2lnbmF0dXJl/v1/audio/playlist.m3u8');
    expect(audio.config).toMatchObject({ startPosition: 12 });

    unmount();
    expect(audio.destroy).toHaveBeenCalled();
  });

  it('starts at the quality remembered', async () => {
    localStorage.setItem('lp.video.quality', '720p');
    await renderPlayer(master);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    act(() => FakeHls.instances[0]!.readLadder());
    expect(FakeHls.instances[0]!.loadLevel).toBe(2);
    expect(screen.getByRole('combobox', { name: /Чанар/ })).toHaveValue('720p');
  });

  it('retries a fatal network error once, recovers a media error once, then shows the error and asks for a fresh address', async () => {
    const { onRetry } = await renderPlayer(master);
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    const hls = FakeHls.instances[0]!;
    act(() => hls.readLadder());
    act(() => hls.emit(FakeHls.Events.ERROR, { fatal: false, type: FakeHls.ErrorTypes.NETWORK_ERROR }));
    expect(hls.startLoad).not.toHaveBeenCalled();
    act(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR }));
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    act(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.MEDIA_ERROR }));
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Видеог ачаалж чадсангүй.');
    expect(hls.destroy).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Дахин оролдох' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
