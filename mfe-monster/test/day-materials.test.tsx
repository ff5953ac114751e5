import { aUser, fakeSession } from '@learning/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPlan, renderMonster } from './fixtures';

const words = 'greeting — мэндчилгээ\nneighbour — хөрш';
const plan = aPlan({ _id: 'p1' });
plan.populatedVideos[0]!.videos[1]!.monsterWords = words;
const approved = aUser({ monsterplans: ['p1'] });
const play = { url: '/v1/media/video/p1-v2?expires=1&signature=s', sub: null };
const answers = {
  'GET /v1/monsterplans/p1': { body: plan },
  'GET /v1/monsterplans/p1/play/p1-v2': { body: play },
  'GET /v1/monsterplans/p1/play/p1-v1': { body: play },
  'POST /v1/monsterplans/aloud': { status: 201, body: { _id: 'a1', createdAt: '2026-11-23T08:00:00.000Z' } },
};
/** jsdom's Blob has no text() or arrayBuffer(). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
const aloud = () => within(screen.getByRole('region', { name: 'Чанга уншлагын бичлэг' }));
const fileField = () => aloud().getByLabelText('Аудио файл сонгох') as HTMLInputElement;
const anAudioFile = () => new File([new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0])], 'reading.mp3', { type: 'audio/mpeg' });
// Files that the picker's accept="audio/*" would hide are still chosen here: the page must check them itself.
const user = () => userEvent.setup({ applyAccept: false });

let objectUrls: Blob[] = [];
beforeEach(() => {
  objectUrls = [];
  URL.createObjectURL = (blob: Blob) => `blob:http://localhost/${objectUrls.push(blob)}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

async function openDay(video: 'p1-v1' | 'p1-v2', options: { holdUploads?: boolean } = {}) {
  const gateway = fakeSession(approved, answers, options);
  renderMonster(`/product-monster-plan/p1?video=${video}`);
  await screen.findByRole('heading', { name: 'Өдрийн материал' });
  return gateway;
}

describe("a plan day's materials", () => {
  it('links the translation document and the read-aloud PDF, and downloads the words as a file', async () => {
    await openDay('p1-v2');
    const translation = screen.getByRole('link', { name: 'Орчуулга' });
    expect(translation).toHaveAttribute('href', 'https://docs.example.com/t2');
    expect(translation).toHaveAttribute('target', '_blank');
    expect(translation).toHaveAccessibleDescription('Шинэ цонхонд нээгдэнэ');
    const pdf = screen.getByRole('link', { name: 'Чанга унших материал' });
    expect(pdf).toHaveAttribute('href', '/v1/documents/monsterplans/p1/aloud/week-1-day-2.pdf');
    expect(pdf).toHaveAttribute('download');

    const clicked: Array<{ href: string; download: string }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Өдрийн үгс татах' }));
    click.mockRestore();
    expect(clicked).toEqual([{ href: 'blob:http://localhost/1', download: 'monster-words-week-1-day-2.txt' }]);
    const file = objectUrls[0]!;
    expect(file.type).toBe('text/plain;charset=utf-8');
    const bytes = await bytesOf(file);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('greeting — мэндчилгээ\r\nneighbour — хөрш\r\n');
  });

  it('exports the words of the days so far as a flash-card file for Anki and Quizlet', async () => {
    await openDay('p1-v2');
    const button = screen.getByRole('button', { name: 'Үгсийг Anki / Quizlet-д' });
    expect(button).toHaveAccessibleDescription('Өнөөдрийг хүртэлх 1 өдрийн үг, TSV файл');
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(button);
    click.mockRestore();
    const file = objectUrls[0] as File;
    expect(file.name).toMatch(/-words\.tsv$/);
    expect(new TextDecoder().decode(await bytesOf(file))).toBe(`#separator:tab\n#html:false\n#deck:${plan.name}\ngreeting\tмэндчилгээ\nneighbour\tхөрш\n`);
  });

  it.each(['//evil.example/t2', '/\\evil.example', 'javascript:alert(1)'])('offers no translation link for %j, a link that would leave the site or run', async (translateUrl) => {
    const stored = aPlan({ _id: 'p1' });
    stored.populatedVideos[0]!.videos[1]!.translateUrl = translateUrl;
    fakeSession(approved, { ...answers, 'GET /v1/monsterplans/p1': { body: stored } });
    renderMonster('/product-monster-plan/p1?video=p1-v2');
    await screen.findByRole('heading', { name: 'Өдрийн материал' });
    expect(screen.queryByRole('link', { name: 'Орчуулга' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Чанга унших материал' })).toBeInTheDocument();
  });

  it('offers no words or translation for a day that has none', async () => {
    await openDay('p1-v1');
    expect(screen.queryByRole('button', { name: 'Өдрийн үгс татах' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Орчуулга' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Чанга унших материал' })).toHaveAttribute('href', '/v1/documents/monsterplans/p1/aloud/week-1-day-1.pdf');
  });
});

describe('the read-aloud upload', () => {
  it("accepts audio only, sends the file in the field 'video' with a progress bar, and says 'Амжилттай хуулагдлаа'", async () => {
    const gateway = await openDay('p1-v2', { holdUploads: true });
    gateway.calls.length = 0;
    expect(fileField()).toHaveAttribute('accept', 'audio/*');
    const recording = anAudioFile();
    await user().upload(fileField(), recording);

    const [sent] = gateway.uploads;
    expect(sent?.call).toMatchObject({ method: 'POST', path: '/v1/monsterplans/aloud', headers: { authorization: 'Bearer token-of-u1' } });
    expect((sent?.call.body as FormData).get('video')).toMatchObject({ name: 'reading.mp3', type: 'audio/mpeg', size: recording.size });
    // The plan day it was made for, so the catalog can tell whether it came within 24 hours of the day's assignment.
    const form = sent?.call.body as FormData;
    expect([form.get('monsterplan'), form.get('week'), form.get('dayOfWeek')]).toEqual(['p1', '1', '2']);
    expect(fileField()).toBeDisabled();
    act(() => sent?.progress(40));
    const progress = aloud().getByRole('progressbar', { name: 'Бичлэг хуулж байна' });
    expect(progress).toHaveAttribute('value', '40');
    expect(aloud().getByText('40%')).toBeInTheDocument();

    act(() => gateway.uploads[0]?.finish());
    expect(await aloud().findByRole('status')).toHaveTextContent('Амжилттай хуулагдлаа');
    expect(aloud().queryByRole('progressbar')).not.toBeInTheDocument();
    expect(fileField().files).toHaveLength(0);
    expect(fileField()).toBeEnabled();
  });

  it('hides the success message and resets the field when an upload fails, with the server’s message', async () => {
    await openDay('p1-v2');
    await user().upload(fileField(), anAudioFile());
    expect(await aloud().findByText('Амжилттай хуулагдлаа')).toBeInTheDocument();

    // The next upload is refused by the service.
    const refusing = fakeSession(approved, { ...answers, 'POST /v1/monsterplans/aloud': { status: 415, body: { message: 'Зөвхөн аудио файл хүлээн авна.', code: 'not_audio' } } });
    await user().upload(fileField(), new File(['RIFF....WAVE'], 'reading.wav', { type: 'audio/wav' }));
    expect(await aloud().findByRole('alert')).toHaveTextContent('Зөвхөн аудио файл хүлээн авна.');
    expect(aloud().queryByText('Амжилттай хуулагдлаа')).not.toBeInTheDocument();
    expect(fileField().files).toHaveLength(0);
    expect(refusing.calls.filter((call) => call.path === '/v1/monsterplans/aloud')).toHaveLength(1);
  });

  it('resets the field when the connection breaks during the upload', async () => {
    const gateway = await openDay('p1-v2', { holdUploads: true });
    await user().upload(fileField(), anAudioFile());
    act(() => gateway.uploads[0]?.fail());
    expect(await aloud().findByRole('alert')).toHaveTextContent('Алдаа');
    expect(aloud().queryByText('Амжилттай хуулагдлаа')).not.toBeInTheDocument();
    expect(fileField().files).toHaveLength(0);
  });

  it('refuses a file that is not audio without sending it', async () => {
    const gateway = await openDay('p1-v2');
    await user().upload(fileField(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await aloud().findByRole('alert')).toHaveTextContent('Зөвхөн аудио файл илгээнэ үү.');
    expect(fileField().files).toHaveLength(0);
    expect(gateway.uploads).toHaveLength(0);
  });

  it('records in the browser with the microphone, plays it back, and sends it', async () => {
    const microphone = installMicrophone();
    const gateway = await openDay('p1-v2', { holdUploads: true });
    await userEvent.click(aloud().getByRole('button', { name: 'Бичиж эхлэх' }));
    expect(await aloud().findByRole('timer')).toHaveTextContent('Бичиж байна: 0:00');
    expect(microphone.recorder?.mimeType).toBe('audio/webm;codecs=opus');

    await userEvent.click(aloud().getByRole('button', { name: 'Бичлэг зогсоох' }));
    const playback = await waitFor(() => {
      const audio = aloud().getByLabelText('Таны бичлэг');
      return audio as HTMLAudioElement;
    });
    expect(playback).toHaveAttribute('src', 'blob:http://localhost/1');
    expect(microphone.isReleased()).toBe(true);

    await userEvent.click(aloud().getByRole('button', { name: 'Бичлэг илгээх' }));
    const sent = (gateway.uploads[0]?.call.body as FormData).get('video') as File;
    expect(sent.name).toMatch(/^aloud-\d{14}\.webm$/);
    expect(sent.type).toBe('audio/webm;codecs=opus');
    expect(new TextDecoder().decode(await bytesOf(sent))).toBe('opus-bytes');
    act(() => gateway.uploads[0]?.finish());
    expect(await aloud().findByText('Амжилттай хуулагдлаа')).toBeInTheDocument();
    expect(aloud().queryByLabelText('Таны бичлэг')).not.toBeInTheDocument();
    expect(aloud().getByRole('button', { name: 'Бичиж эхлэх' })).toBeEnabled();
  });

  it('says so when the microphone is refused, and the file can still be chosen', async () => {
    installMicrophone({ isRefused: true });
    await openDay('p1-v2');
    await userEvent.click(aloud().getByRole('button', { name: 'Бичиж эхлэх' }));
    expect(await aloud().findByRole('alert')).toHaveTextContent(/Микрофон ашиглах зөвшөөрөл олдсонгүй/);
    expect(fileField()).toBeEnabled();
  });

  it('offers only the file where the browser cannot record', async () => {
    await openDay('p1-v2');
    expect(fileField()).toBeInTheDocument();
    expect(aloud().queryByRole('button', { name: 'Бичиж эхлэх' })).not.toBeInTheDocument();
  });
});

/**
 * jsdom has no microphone: a MediaRecorder and getUserMedia that behave as Chromium's do (a stream
 * whose track is stopped to release it; data, then 'stop', when stopped). The real one is used in
 * the browser journeys.
 */
function installMicrophone({ isRefused = false } = {}) {
  const track = { stopped: false, stop() { this.stopped = true; } };
  const state: { recorder: FakeMediaRecorder | null } = { recorder: null };
  class FakeMediaRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
    state: 'inactive' | 'recording' = 'inactive';
    constructor(readonly stream: unknown, readonly options: { mimeType?: string } = {}) {
      super();
      state.recorder = this;
    }
    get mimeType() {
      return this.options.mimeType ?? '';
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob(['opus-bytes'], { type: this.mimeType }) }));
      this.dispatchEvent(new Event('stop'));
    }
  }
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (isRefused) throw new DOMException('Permission denied', 'NotAllowedError');
        return { getTracks: () => [track] };
      },
    },
  });
  return {
    get recorder() {
      return state.recorder;
    },
    isReleased: () => track.stopped,
  };
}
