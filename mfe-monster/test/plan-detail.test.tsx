import { aMyMonsterplan, aUser, fakeSession } from '@learning/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aPlan, guestSignInFrom, renderMonster } from './fixtures';

const plan = aPlan({ _id: 'p1', name: 'Monster plan 1', exam: true });
const approved = aUser({ monsterplans: ['p1'] });
const play = { url: '/v1/media/video/p1-v2?expires=1&signature=s', sub: '/v1/media/subtitle/p1-v2?expires=1&signature=s' };
const schedule = () => within(screen.getByRole('region', { name: 'Хичээлийн хуваарь' }));

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('a plan (/product-monster-plan/{id})', () => {
  it('shows each day’s poster frame beside it, lazy-loaded, sized, with Mongolian alt text, and keeps the box when there is none', async () => {
    fakeSession(null, { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    const week1 = within(await screen.findByRole('region', { name: '1-р долоо хоног' }));
    const poster = week1.getByRole('img', { name: '2-р өдрийн хичээлийн зураг' });
    expect(poster).toHaveAttribute('src', '/v1/posters/p1-v2');
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).toHaveAttribute('width', '640');
    expect(poster).toHaveAttribute('height', '360');

    // A video without a frame (404): the picture goes, its box stays.
    fireEvent.error(poster);
    expect(week1.queryByRole('img', { name: '2-р өдрийн хичээлийн зураг' })).not.toBeInTheDocument();
    expect(week1.getAllByRole('listitem')[1]!.querySelector('.lp-poster')).toBeInTheDocument();
  });

  it('lists the weeks, numbered, each with its days', async () => {
    fakeSession(null, { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monster plan 1' })).toBeInTheDocument();
    const week1 = within(schedule().getByRole('region', { name: '1-р долоо хоног' }));
    expect(week1.getAllByRole('listitem').map((day) => day.textContent)).toEqual(['1-р өдөрӨглөөний мэндчилгээ', '2-р өдөрДэлгүүрт']);
    expect(schedule().getByRole('region', { name: '2-р долоо хоног' })).toHaveTextContent('1-р өдөрЦаг агаар');
  });

  it('describes the plan to search engines: its name and weeks in the meta description', async () => {
    fakeSession(null, { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    await screen.findByRole('heading', { level: 1, name: 'Monster plan 1' });
    await waitFor(() => expect(metaDescription()).toBe('Monster plan 1: Monster plan хөтөлбөр. 2 долоо хоногийн видео хичээл, хадмал, орчуулга, үгсийн сан, шалгалт.'));
  });

  it('plays the chosen day for an approved learner, with its subtitles', async () => {
    const gateway = fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan }, 'GET /v1/monsterplans/p1/play/p1-v2': { body: play } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText('Үзэх өдрөө хуваарийн жагсаалтаас сонгоно уу.')).toBeInTheDocument();

    await userEvent.click(schedule().getByRole('button', { name: /2-р өдөр/ }));
    await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', play.url));
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video.querySelector('track')).toHaveAttribute('src', play.sub);
    expect(schedule().getByRole('button', { name: /2-р өдөр/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Орчуулга' })).toHaveAttribute('href', 'https://docs.example.com/t2');
    expect(address()).toHaveTextContent('/product-monster-plan/p1?video=p1-v2');
    expect(gateway.calls.filter((call) => call.path.includes('/play/'))).toHaveLength(1);
  });

  it('offers to try again with a fresh address when the video fails to load', async () => {
    let signature = 0;
    const gateway = fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/monsterplans/p1/play/p1-v1': () => ({ body: { url: `/v1/media/video/p1-v1?signature=${++signature}`, sub: null } }),
    });
    renderMonster('/product-monster-plan/p1?video=p1-v1');
    await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', '/v1/media/video/p1-v1?signature=1'));
    fireEvent.error(document.querySelector('video')!);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Видеог ачаалж чадсангүй.');
    await userEvent.click(within(error).getByRole('button', { name: 'Дахин оролдох' }));
    await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', '/v1/media/video/p1-v1?signature=2'));
    expect(gateway.calls.filter((call) => call.path.includes('/play/'))).toHaveLength(2);
  });

  it('plays without a track when the video has no subtitles', async () => {
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan }, 'GET /v1/monsterplans/p1/play/p1-v1': { body: { url: '/v1/media/video/p1-v1', sub: null } } });
    renderMonster('/product-monster-plan/p1?video=p1-v1');
    await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', '/v1/media/video/p1-v1'));
    expect(document.querySelector('track')).toBeNull();
  });

  it('says so when the server refuses to play the day', async () => {
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan }, 'GET /v1/monsterplans/p1/play/p1-v1': { status: 403, body: { message: 'Эрх алга.', code: 'forbidden' } } });
    renderMonster('/product-monster-plan/p1?video=p1-v1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Энэ видеог үзэх эрх танд алга.');
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows a visitor without access the list, a message and the request button instead of the player, and never asks to play', async () => {
    const gateway = fakeSession(null, { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1?video=p1-v1');
    expect(await screen.findByText(/Видео хичээлүүдийг үзэхийн тулд хөтөлбөрт хүсэлт илгээнэ үү/)).toBeInTheDocument();
    expect(schedule().queryByRole('button')).not.toBeInTheDocument();
    expect(schedule().getByText('Дэлгүүрт')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Шалгалт өгөх' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Хүсэлт илгээх: Monster plan 1' })).toHaveTextContent(/^Хүсэлт илгээх$/);
    expect(screen.queryByText(/Бүртгүүлэх/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Хүсэлт илгээх: Monster plan 1' }));
    // The request goes with them to sign in, to be sent on their return.
    await waitFor(() => expect(address().textContent).toBe(guestSignInFrom('/product-monster-plan/p1?video=p1-v1&request=p1')));
    expect(gateway.calls.some((call) => call.path.includes('/play/') || call.method === 'POST')).toBe(false);
  });

  it('sends the request a learner began as a guest once they are back signed in, and shows it pending with how to pay', async () => {
    let user = aUser();
    const gateway = fakeSession(user, {
      'GET /v1/monsterplans/p1': { body: aPlan({ ...plan, paymentInstructions: 'Хаан банк 5000 123 456' }) },
      'GET /v1/auth/me': () => ({ body: user }),
      'GET /v1/progress/mine': () => ({ body: { monsterplans: user.pendingMonsterplans.includes('p1') ? [aMyMonsterplan({ _id: 'p1', requestPrice: '35000' })] : [], lessons: [] } }),
      'POST /v1/monsterplan-requests': () => {
        user = aUser({ pendingMonsterplans: ['p1'] });
        return { status: 201, body: { _id: 'r1' } };
      },
    });
    renderMonster('/product-monster-plan/p1?request=p1');
    const panel = await screen.findByRole('region', { name: 'Төлбөр төлөх заавар' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Хүсэлт илгээгдлээ.');
    expect((await within(panel).findByText(/^Төлөх дүн/)).querySelector('strong')).toHaveTextContent('35,000₮');
    expect(screen.getByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Хүсэлт илгээх/ })).not.toBeInTheDocument();
    // Sent once, and gone from the address (replaced): a reload does not send it again.
    await waitFor(() => expect(address().textContent).toBe('/product-monster-plan/p1'));
    expect(gateway.calls.filter((call) => call.method === 'POST')).toEqual([expect.objectContaining({ path: '/v1/monsterplan-requests', body: { monsterplan: 'p1' } })]);
  });

  it('takes a request already on record (409 request_pending) on the way back as sent', async () => {
    let user = aUser();
    fakeSession(user, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/auth/me': () => ({ body: user }),
      'GET /v1/progress/mine': { body: { monsterplans: [aMyMonsterplan({ _id: 'p1' })], lessons: [] } },
      'POST /v1/monsterplan-requests': () => {
        user = aUser({ pendingMonsterplans: ['p1'] });
        return { status: 409, body: { message: 'Таны хүсэлт илгээгдсэн байна. Админ баталгаажуулахыг хүлээнэ үү.', code: 'request_pending' } };
      },
    });
    renderMonster('/product-monster-plan/p1?request=p1');
    expect(await screen.findByRole('region', { name: 'Төлбөр төлөх заавар' })).toBeInTheDocument();
    expect(screen.getByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
    await waitFor(() => expect(address().textContent).toBe('/product-monster-plan/p1'));
  });

  it('sends nothing on the way back to an inactive plan, and takes the flag away', async () => {
    const gateway = fakeSession(aUser(), { 'GET /v1/monsterplans/p1': { body: aPlan({ isActive: false }) } });
    renderMonster('/product-monster-plan/p1?request=p1');
    expect(await screen.findByText(/одоогоор идэвхгүй/)).toBeInTheDocument();
    await waitFor(() => expect(address().textContent).toBe('/product-monster-plan/p1'));
    expect(gateway.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('tells a learner with a pending request to wait, without a button', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText(/Таны хүсэлт хүлээгдэж байна/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Хүсэлт илгээх/ })).not.toBeInTheDocument();
  });

  it('offers no request on an inactive plan', async () => {
    fakeSession(aUser(), { 'GET /v1/monsterplans/p1': { body: aPlan({ isActive: false }) } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText(/одоогоор идэвхгүй/)).toBeInTheDocument();
    expect(screen.getByText('Идэвхгүй')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Хүсэлт илгээх/ })).not.toBeInTheDocument();
  });

  it('links an approved learner to the exam when the plan has one, and shows the result once taken', async () => {
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan } });
    const { unmount } = renderMonster('/product-monster-plan/p1');
    expect(await screen.findByRole('link', { name: 'Шалгалт өгөх' })).toHaveAttribute('href', '/product-monster-plan/p1/exam');
    unmount();

    fakeSession(aUser({ monsterplans: ['p1'], monsterplanExam: [{ id: 'p1', percent: 90, correctQuestions: 36, totalQuestions: 40 }] }), { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText('Шалгалтын дүн: 36/40 зөв')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Шалгалт өгөх' })).not.toBeInTheDocument();
  });

  it('has no exam link when the plan has no exam', async () => {
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: aPlan({ exam: false }) } });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Шалгалт өгөх' })).not.toBeInTheDocument();
  });

  it('goes back to the list when the plan cannot be loaded', async () => {
    fakeSession(null, {
      'GET /v1/monsterplans/gone': { status: 404, body: { message: 'Олдсонгүй.', code: 'not_found' } },
      'GET /v1/monsterplans': { body: [aPlan()] },
    });
    renderMonster('/product-monster-plan/gone');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan$/));
    expect(await screen.findByText('Хөтөлбөрийг нээж чадсангүй. Жагсаалтаас дахин сонгоно уу.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Monster plan 1' })).toBeInTheDocument();
  });

  it('goes back to the list when the network fails', async () => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: [] } });
    const gatewayFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => (String(input).endsWith('/v1/monsterplans/p1') ? Promise.reject(new TypeError('Failed to fetch')) : gatewayFetch(input, init));
    renderMonster('/product-monster-plan/p1');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan$/));
  });
});
