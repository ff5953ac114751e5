import { aUser, fakeSession, setPlayback } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aLesson, aLessonProgress, renderLessons, withAddresses } from './fixtures';

const lesson = aLesson({ _id: 'l1', name: 'IELTS сонсгол' });
const approved = aUser({ lessons: lesson.videos });
const dialog = () => screen.findByRole('dialog', { name: 'IELTS сонсгол' });
const videoSrc = (videoId: string) => `/v1/media/video/${videoId}?expires=1&signature=s`;

/** Lecture 1 heard to the end, lecture 2 to 0:35. */
const halfway = aLessonProgress(
  'l1',
  { 'l1-v1': { listenedSeconds: 60, position: 60, status: 'complete' }, 'l1-v2': { listenedSeconds: 35, position: 35, status: 'in-progress' } },
  { videoId: 'l1-v2', position: 35 },
);

async function theVideo(src: string) {
  await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', src));
  return document.querySelector('video')!;
}

describe("a bundle's listening progress", () => {
  it('marks each lecture, shows the minutes heard, and opens the one to continue at its position before play', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) }, 'GET /v1/progress/lessons/l1': { body: halfway } });
    renderLessons('/product-remote-lesson/l1');
    const modal = within(await dialog());

    expect(await modal.findByText('3 минутаас 2 минут сонссон')).toBeInTheDocument();
    const playlist = within(modal.getByRole('region', { name: 'Хичээлүүд' }));
    expect(playlist.getByRole('button', { name: /Лекц 1/ })).toHaveTextContent('Дууссан');
    expect(playlist.getByRole('button', { name: /Лекц 2/ })).toHaveTextContent('Үргэлжилж байна');
    expect(playlist.getByRole('button', { name: /Лекц 3/ })).toHaveTextContent('Эхлээгүй');

    // No lecture in the address: the one to continue is chosen, at its position.
    const video = await theVideo(videoSrc('l1-v2'));
    expect(playlist.getByRole('button', { name: /Лекц 2/ })).toHaveAttribute('aria-current', 'true');
    setPlayback(video, { duration: 60, currentTime: 0, paused: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(35);
    expect(video.paused).toBe(true);
  });

  it('puts the chosen lecture in the address; Back returns to the one before, and closing goes back to the list', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) }, 'GET /v1/progress/lessons/l1': { body: halfway } });
    renderLessons('/product-remote-lesson', { inBrowser: true });
    await userEvent.click(await screen.findByRole('link', { name: 'IELTS сонсгол' }));
    const modal = within(await dialog());
    const playlist = within(modal.getByRole('region', { name: 'Хичээлүүд' }));
    await theVideo(videoSrc('l1-v2'));

    await userEvent.click(playlist.getByRole('button', { name: /Лекц 3/ }));
    expect(address()).toHaveTextContent('/product-remote-lesson/l1?video=l1-v3');
    await theVideo(videoSrc('l1-v3'));
    await userEvent.click(playlist.getByRole('button', { name: /Лекц 1/ }));
    expect(address()).toHaveTextContent('/product-remote-lesson/l1?video=l1-v1');

    act(() => window.history.back());
    await waitFor(() => expect(address()).toHaveTextContent('/product-remote-lesson/l1?video=l1-v3'));
    await theVideo(videoSrc('l1-v3'));

    await userEvent.click(modal.getByRole('button', { name: 'Хаах' }));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/product-remote-lesson$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a lecture shared by its address at its saved position, and offers to continue the other', async () => {
    const gateway = fakeSession(approved, {
      'GET /v1/lessons': { body: [lesson] },
      'GET /v1/lessons/l1': { body: withAddresses(lesson) },
      'GET /v1/progress/lessons/l1': { body: aLessonProgress('l1', { 'l1-v3': { listenedSeconds: 10, position: 10, status: 'in-progress' } }, { videoId: 'l1-v1', position: 0 }) },
      'POST /v1/progress/videos/l1-v3': { body: { videoId: 'l1-v3', durationSeconds: 60, listenedSeconds: 20, position: 20, status: 'in-progress' } },
    });
    renderLessons('/product-remote-lesson/l1?video=l1-v3');
    const modal = within(await dialog());
    const video = await theVideo(videoSrc('l1-v3'));
    setPlayback(video, { duration: 60, currentTime: 0, paused: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(10);
    expect(modal.getByRole('button', { name: 'Үргэлжлүүлэх: 1-р хичээл, 0:00' })).toBeInTheDocument();

    fireEvent.playing(video);
    setPlayback(video, { played: [[10, 20]], currentTime: 20, paused: true });
    fireEvent.pause(video);
    await waitFor(() => expect(gateway.calls.filter((call) => call.path === '/v1/progress/lessons/l1')).toHaveLength(2));
    expect(gateway.calls.find((call) => call.method === 'POST')!.body).toEqual({ lesson: 'l1', ranges: [[10, 20]], position: 20 });

    await userEvent.click(modal.getByRole('button', { name: 'Үргэлжлүүлэх: 1-р хичээл, 0:00' }));
    expect(address()).toHaveTextContent('/product-remote-lesson/l1?video=l1-v1');
  });

  it('asks no progress of a learner who is not approved', async () => {
    const gateway = fakeSession(aUser(), { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: lesson } });
    renderLessons('/product-remote-lesson/l1');
    expect(await within(await dialog()).findByText(/багцад хүсэлт илгээж/)).toBeInTheDocument();
    expect(gateway.calls.some((call) => call.path.startsWith('/v1/progress'))).toBe(false);
  });
});
