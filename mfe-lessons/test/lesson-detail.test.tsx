import { aMyLesson, aUser, fakeSession } from '@learning/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aLesson, renderLessons, signInFrom, withAddresses } from './fixtures';

const lesson = aLesson({ _id: 'l1', name: 'IELTS сонсгол' });
const approved = aUser({ lessons: lesson.videos });
const dialog = () => screen.findByRole('dialog', { name: 'IELTS сонсгол' });

describe('a lesson (/product-remote-lesson/{id})', () => {
  it('opens as a dialog over the list, which stays rendered beneath, and Escape closes it', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) } });
    renderLessons('/product-remote-lesson');
    const opener = await screen.findByRole('link', { name: 'IELTS сонсгол' });
    await userEvent.click(opener);

    const modal = await dialog();
    expect(modal).toHaveAttribute('aria-modal', 'true');
    expect(address()).toHaveTextContent('/product-remote-lesson/l1');
    expect(screen.getByRole('heading', { level: 1, name: 'Зайн сургалт', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(modal).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toHaveTextContent(/^\/product-remote-lesson$/);
    expect(opener).toHaveFocus();
  });

  it('closes with its close button, going back to the list it was opened from', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) } });
    renderLessons('/product-remote-lesson');
    await userEvent.click(await screen.findByRole('link', { name: 'IELTS сонсгол' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Хаах' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toHaveTextContent(/^\/product-remote-lesson$/);
  });

  it('opened from a link, closes onto the list', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) } });
    renderLessons('/product-remote-lesson/l1');
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Хаах' }));
    await waitFor(() => expect(address()).toHaveTextContent(/^\/product-remote-lesson$/));
    expect(await screen.findByRole('heading', { level: 3, name: 'IELTS сонсгол' })).toBeInTheDocument();
  });

  it('plays the first video and then the one chosen from the playlist', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) } });
    renderLessons('/product-remote-lesson/l1');
    const modal = within(await dialog());
    await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', '/v1/media/video/l1-v1?expires=1&signature=s'));
    const playlist = within(modal.getByRole('region', { name: 'Хичээлүүд' }));
    expect(playlist.getAllByRole('button')).toHaveLength(3);

    await userEvent.click(playlist.getByRole('button', { name: /Лекц 2/ }));
    expect(document.querySelector('video')).toHaveAttribute('src', '/v1/media/video/l1-v2?expires=1&signature=s');
    expect(playlist.getByRole('button', { name: /Лекц 2/ })).toHaveAttribute('aria-current', 'true');
  });

  it('plays the bundle as a playlist: when a video ends the next one with an address starts by itself', async () => {
    const addressed = withAddresses(lesson);
    const partly = { ...addressed, populatedVideos: addressed.populatedVideos.map((video, index) => (index === 1 ? { ...video, url: null } : video)) };
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: partly } });
    renderLessons('/product-remote-lesson/l1');
    const modal = within(await dialog());
    const video = () => document.querySelector('video');
    await waitFor(() => expect(video()).toHaveAttribute('src', '/v1/media/video/l1-v1?expires=1&signature=s'));
    expect(video()).not.toHaveAttribute('autoplay');
    expect(modal.getByText(/Дараа нь/)).toHaveTextContent('Дараа нь: Лекц 3: Зураглал ба газрын зураг');

    fireEvent.ended(video()!);
    await waitFor(() => expect(video()).toHaveAttribute('src', '/v1/media/video/l1-v3?expires=1&signature=s'));
    expect(video()).toHaveAttribute('autoplay');
    const playlist = within(modal.getByRole('region', { name: 'Хичээлүүд' }));
    expect(playlist.getByRole('button', { name: /Лекц 3/ })).toHaveAttribute('aria-current', 'true');
    expect(modal.queryByText(/Дараа нь/)).not.toBeInTheDocument();

    // The last one ends: nothing more plays. Chosen by hand, a video waits for the learner.
    fireEvent.ended(video()!);
    expect(video()).toHaveAttribute('src', '/v1/media/video/l1-v3?expires=1&signature=s');
    await userEvent.click(playlist.getByRole('button', { name: /Лекц 1/ }));
    await waitFor(() => expect(video()).toHaveAttribute('src', '/v1/media/video/l1-v1?expires=1&signature=s'));
    expect(video()).not.toHaveAttribute('autoplay');
  });

  it('shows that access is needed for a video without an address, with the request button', async () => {
    fakeSession(null, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: lesson } });
    renderLessons('/product-remote-lesson/l1');
    const modal = within(await dialog());
    expect(await modal.findByText(/Энэ хичээлийг үзэхийн тулд багцад хүсэлт илгээж/)).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    expect(modal.getAllByText('Эрх шаардлагатай')).toHaveLength(3);
    expect(modal.getByRole('button', { name: /IELTS сонсгол/ })).toHaveTextContent(/^Хүсэлт илгээх$/);
    expect(modal.queryByText(/Бүртгүүлэх/)).not.toBeInTheDocument();

    await userEvent.click(modal.getByRole('button', { name: 'Хүсэлт илгээх: IELTS сонсгол' }));
    await waitFor(() => expect(address().textContent).toBe(signInFrom('/product-remote-lesson/l1?request=l1')));
  });

  it('sends the request a learner began as a guest once they are back signed in, and shows it pending with how to pay', async () => {
    let user = aUser();
    const gateway = fakeSession(user, {
      'GET /v1/lessons': { body: [lesson] },
      'GET /v1/lessons/l1': { body: lesson },
      'GET /v1/auth/me': () => ({ body: user }),
      'GET /v1/progress/mine': () => ({ body: { monsterplans: [], lessons: user.pendingLessons.includes('l1') ? [aMyLesson({ _id: 'l1', price: lesson.price })] : [] } }),
      'POST /v1/lesson-requests': () => {
        user = aUser({ pendingLessons: ['l1'] });
        return { status: 201, body: { _id: 'r1' } };
      },
    });
    renderLessons('/product-remote-lesson/l1?request=l1');
    const modal = within(await dialog());
    const panel = within(await modal.findByRole('region', { name: 'Төлбөр төлөх заавар' }));
    expect(panel.getByRole('status')).toHaveTextContent('Хүсэлт илгээгдлээ.');
    expect((await panel.findByText(/^Төлөх дүн/)).querySelector('strong')).toHaveTextContent('49,000₮');
    expect(modal.queryByRole('button', { name: /Хүсэлт илгээх/ })).not.toBeInTheDocument();
    await waitFor(() => expect(address().textContent).toBe('/product-remote-lesson/l1'));
    expect(gateway.calls.filter((call) => call.method === 'POST')).toEqual([expect.objectContaining({ path: '/v1/lesson-requests', body: { lesson: 'l1' } })]);
  });

  it('keeps the keyboard inside the dialog', async () => {
    fakeSession(approved, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) } });
    renderLessons('/product-remote-lesson/l1');
    const modal = await dialog();
    await within(modal).findByRole('region', { name: 'Хичээлүүд' });
    for (let step = 0; step < 8; step += 1) {
      await userEvent.tab();
      expect(modal).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(modal).toContainElement(document.activeElement as HTMLElement);
  });

  it('goes back to the list when the lesson cannot be loaded', async () => {
    fakeSession(null, {
      'GET /v1/lessons': { body: [lesson] },
      'GET /v1/lessons/gone': { status: 404, body: { message: 'Олдсонгүй.', code: 'not_found' } },
    });
    renderLessons('/product-remote-lesson/gone');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/product-remote-lesson$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Багц хичээлийг нээж чадсангүй. Жагсаалтаас дахин сонгоно уу.')).toBeInTheDocument();
  });
});
