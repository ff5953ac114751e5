import type { VideoProgress } from '@learning/contracts';
import { aUser, fakeSession, setPlayback } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aPlan, aPlanProgress, renderMonster } from './fixtures';

const plan = aPlan({ _id: 'p1' });
const approved = aUser({ monsterplans: ['p1'] });
const playOf = (videoId: string) => ({ body: { url: `/v1/media/video/${videoId}?signature=s`, sub: null } });
const schedule = () => within(screen.getByRole('region', { name: 'Хичээлийн хуваарь' }));
const progressCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.method === 'GET' && call.path === '/v1/progress/monsterplans/p1');

/** Day 1 heard to the end, day 2 heard to 0:20. */
const halfway = aPlanProgress(
  'p1',
  {
    'p1-v1': { listenedSeconds: 60, position: 60, status: 'complete' },
    'p1-v2': { listenedSeconds: 20, position: 20, status: 'in-progress' },
  },
  { videoId: 'p1-v2', week: 1, dayOfWeek: 2, position: 20 },
);

async function theVideo(src: string) {
  await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', src));
  return document.querySelector('video')!;
}

describe("a plan's listening progress", () => {
  it('shows N of M minutes listened, names the 1000-minute goal, and marks each day and week in words', async () => {
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan }, 'GET /v1/progress/monsterplans/p1': { body: halfway } });
    renderMonster('/product-monster-plan/p1');

    expect(await screen.findByText('3 минутаас 1 минут сонссон')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '3 минутаас 1 минут сонссон' })).toHaveAttribute('value', '80');
    expect(screen.getByText('Хөтөлбөрийн зорилго: 1000 минут англи хэл сонсох.')).toBeInTheDocument();

    const week1 = schedule().getByRole('region', { name: '1-р долоо хоног' });
    // The week's mark follows its title; the sign beside the word is hidden from screen readers.
    expect(week1).toHaveTextContent(/^1-р долоо хоног◐Үргэлжилж байна1-р өдөр/);
    expect(within(week1).getByRole('button', { name: /1-р өдөр/ })).toHaveTextContent('Дууссан');
    expect(within(week1).getByRole('button', { name: /2-р өдөр/ })).toHaveTextContent('Үргэлжилж байна');
    const week2 = schedule().getByRole('region', { name: '2-р долоо хоног' });
    expect(week2).toHaveTextContent(/^2-р долоо хоног○Эхлээгүй/);
    expect(within(week2).getByRole('button', { name: /1-р өдөр/ })).toHaveTextContent('Эхлээгүй');
  });

  it('offers to continue day N at mm:ss: choosing it puts the video in the address and opens it there before play', async () => {
    fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { body: halfway },
      'GET /v1/monsterplans/p1/play/p1-v2': playOf('p1-v2'),
    });
    renderMonster('/product-monster-plan/p1', { inBrowser: true });

    await userEvent.click(await screen.findByRole('button', { name: 'Үргэлжлүүлэх: 2-р өдөр, 0:20 (1-р долоо хоног)' }));
    expect(address()).toHaveTextContent('/product-monster-plan/p1?video=p1-v2');
    const video = await theVideo('/v1/media/video/p1-v2?signature=s');
    setPlayback(video, { duration: 60, currentTime: 0, paused: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(20);
    expect(video.paused).toBe(true);
    expect(screen.getByText('Өмнө зогссон газраас (0:20) үргэлжлүүллээ.', { exact: false })).toBeInTheDocument();
    // Playing it, the offer goes: the learner is there.
    expect(screen.queryByRole('button', { name: /Үргэлжлүүлэх/ })).not.toBeInTheDocument();

    // Back leaves the video, as the address says.
    act(() => window.history.back());
    await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1$/));
    expect(await screen.findByText('Үзэх өдрөө хуваарийн жагсаалтаас сонгоно уу.')).toBeInTheDocument();
  });

  it("opens a day chosen by its link at that video's saved position, over what this browser remembers", async () => {
    fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { body: aPlanProgress('p1', { 'p1-v3': { listenedSeconds: 30, position: 42.5, status: 'in-progress' } }) },
      'GET /v1/monsterplans/p1/play/p1-v3': playOf('p1-v3'),
    });
    localStorage.setItem('lp.video.position.monsterplan:p1:p1-v3', '12.0');
    renderMonster('/product-monster-plan/p1?video=p1-v3');
    const video = await theVideo('/v1/media/video/p1-v3?signature=s');
    setPlayback(video, { duration: 60, currentTime: 0, paused: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42.5);
  });

  it("shows the learner's latest dictation of the day's video, kept with their progress", async () => {
    const progress = aPlanProgress('p1');
    progress.videos[2]!.dictation = { lines: 3, correctWords: 11, totalWords: 14, at: '2026-11-26T08:00:00.000Z' };
    fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { body: progress },
      'GET /v1/monsterplans/p1/play/p1-v3': playOf('p1-v3'),
      'GET /v1/monsterplans/p1/play/p1-v1': playOf('p1-v1'),
    });
    renderMonster('/product-monster-plan/p1?video=p1-v3');
    expect(await screen.findByText(/Диктант: 14 үгнээс 11 зөв \(3 өгүүлбэр\)/)).toBeInTheDocument();
  });

  it('reports what is heard of the day, and refreshes the marks and minutes when the video stops', async () => {
    let shown = aPlanProgress('p1');
    const reported: VideoProgress = { videoId: 'p1-v1', durationSeconds: 60, listenedSeconds: 30, position: 30, status: 'in-progress' };
    const gateway = fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': () => ({ body: shown }),
      'GET /v1/monsterplans/p1/play/p1-v1': playOf('p1-v1'),
      'POST /v1/progress/videos/p1-v1': () => {
        shown = aPlanProgress('p1', { 'p1-v1': { listenedSeconds: 30, position: 30, status: 'in-progress' } }, { videoId: 'p1-v1', week: 1, dayOfWeek: 1, position: 30 });
        return { body: reported };
      },
    });
    renderMonster('/product-monster-plan/p1?video=p1-v1');
    const video = await theVideo('/v1/media/video/p1-v1?signature=s');
    expect(await screen.findByText('3 минутаас 0 минут сонссон')).toBeInTheDocument();
    setPlayback(video, { duration: 60, currentTime: 0, paused: true });
    fireEvent.loadedMetadata(video);
    fireEvent.playing(video);
    setPlayback(video, { played: [[0, 30]], currentTime: 30, paused: true });
    fireEvent.pause(video);

    await waitFor(() => expect(screen.getByText('3 минутаас 1 минут сонссон')).toBeInTheDocument());
    const report = gateway.calls.find((call) => call.method === 'POST' && call.path === '/v1/progress/videos/p1-v1')!;
    expect(report.body).toEqual({ monsterplan: 'p1', ranges: [[0, 30]], position: 30 });
    expect(report.headers.authorization).toBe('Bearer token-of-u1');
    expect(schedule().getByRole('button', { name: /1-р өдөр Өглөөний/ })).toHaveTextContent('Үргэлжилж байна');
    expect(progressCalls(gateway)).toHaveLength(2);
  });

  it('still plays the day, from where this browser remembers, when the progress cannot be had', async () => {
    fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } },
      'GET /v1/monsterplans/p1/play/p1-v1': playOf('p1-v1'),
    });
    localStorage.setItem('lp.video.position.monsterplan:p1:p1-v1', '12.0');
    renderMonster('/product-monster-plan/p1?video=p1-v1');
    const video = await theVideo('/v1/media/video/p1-v1?signature=s');
    setPlayback(video, { duration: 60, currentTime: 0, paused: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(12);
    expect(screen.queryByText(/минут сонссон/)).not.toBeInTheDocument();
  });

  it('asks no progress of a visitor who is not approved', async () => {
    const gateway = fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText(/Таны хүсэлт хүлээгдэж байна/)).toBeInTheDocument();
    expect(progressCalls(gateway)).toHaveLength(0);
    expect(screen.queryByText('Дууссан')).not.toBeInTheDocument();
  });
});
