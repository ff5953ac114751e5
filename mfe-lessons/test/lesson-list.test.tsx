import { aUser, fakeSession } from '@learning/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aLesson, renderLessons, signInFrom } from './fixtures';

const lessons = [
  aLesson({ _id: 'l1', name: 'IELTS сонсгол' }),
  aLesson({ _id: 'l2', name: 'Англи хэлний дүрэм', price: '111000' }),
  aLesson({ _id: 'l3', name: 'Ярианы англи хэл', price: 'Үнэгүй' }),
];
const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('the remote lesson list (/product-remote-lesson)', () => {
  it('describes the bundles to search engines in the meta description', async () => {
    fakeSession(null, { 'GET /v1/lessons': { body: lessons } });
    renderLessons('/product-remote-lesson');
    await screen.findByRole('heading', { level: 1, name: 'Зайн сургалт' });
    await waitFor(() => expect(metaDescription()).toMatch(/^Зайн сургалтын багц хичээлүүд: лекцийн видео хичээлүүд\./));
  });

  it('keeps the cards’ place while the bundles load, so the brochures below do not move when they arrive', async () => {
    fakeSession(null, { 'GET /v1/lessons': { body: lessons } });
    const { container } = renderLessons('/product-remote-lesson');
    const bundles = screen.getByRole('region', { name: 'Багц хичээлүүд' });
    expect(within(bundles).getByRole('status')).toHaveTextContent('Ачаалж байна…');
    expect(container.querySelectorAll('.lp-loading-card')).toHaveLength(2);

    await cardOf('IELTS сонсгол');
    expect(container.querySelectorAll('.lp-loading-card')).toHaveLength(0);
  });

  it('shows each bundle’s first lesson’s poster frame on its card, lazy-loaded and sized, with Mongolian alt text', async () => {
    fakeSession(null, { 'GET /v1/lessons': { body: lessons } });
    renderLessons('/product-remote-lesson');
    const poster = (await cardOf('Англи хэлний дүрэм')).getByRole('img', { name: '«Англи хэлний дүрэм» багцын эхний хичээлийн зураг' });
    expect(poster).toHaveAttribute('src', '/v1/posters/l2-v1');
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).toHaveAttribute('height', '360');
  });

  it('shows each bundle with its access state, and a request button (“Хүсэлт илгээх”, not the account’s “Бүртгүүлэх”) only when there is no request', async () => {
    // l1: every video granted; l2: pending; l3: only some videos granted, which is not access.
    fakeSession(aUser({ lessons: ['l1-v1', 'l1-v2', 'l1-v3', 'l3-v1'], pendingLessons: ['l2'] }), { 'GET /v1/lessons': { body: lessons } });
    renderLessons('/product-remote-lesson');
    expect(await screen.findByRole('heading', { level: 1, name: 'Зайн сургалт' })).toBeInTheDocument();

    const approved = await cardOf('IELTS сонсгол');
    expect(approved.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(approved.getByRole('link', { name: 'Хичээл үзэх: IELTS сонсгол' })).toHaveAttribute('href', '/product-remote-lesson/l1');
    expect(approved.queryByRole('button')).not.toBeInTheDocument();

    const pending = await cardOf('Англи хэлний дүрэм');
    expect(pending.getByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
    expect(pending.queryByRole('button')).not.toBeInTheDocument();
    // The amount to pay, once: in its payment instructions (the price today when no request price can be had).
    expect(await pending.findByText('111,000₮')).toBeInTheDocument();
    expect(pending.getAllByText('111,000₮')).toHaveLength(1);

    const partly = await cardOf('Ярианы англи хэл');
    expect(partly.getByRole('button', { name: 'Хүсэлт илгээх: Ярианы англи хэл' })).toBeEnabled();
    // "Бүртгүүлэх" is creating an account: a button that asks for a bundle says "Хүсэлт илгээх".
    expect(partly.getByRole('button', { name: /Ярианы англи хэл/ })).toHaveTextContent(/^Хүсэлт илгээх$/);
    expect(screen.queryByText(/Бүртгүүлэх/)).not.toBeInTheDocument();
    expect(partly.getByText('Үнэгүй')).toBeInTheDocument();
    expect(partly.getByText('3 видео хичээл')).toBeInTheDocument();
  });

  it("sends a guest who presses request to sign in, with continue set to the bundle's page and the request to send there", async () => {
    const gateway = fakeSession(null, { 'GET /v1/lessons': { body: lessons } });
    renderLessons('/product-remote-lesson');
    await userEvent.click(await screen.findByRole('button', { name: 'Хүсэлт илгээх: IELTS сонсгол' }));
    await waitFor(() => expect(address().textContent).toBe(signInFrom('/product-remote-lesson/l1?request=l1')));
    expect(gateway.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('reloads the current user after the request is sent, so the bundle reads pending', async () => {
    let user = aUser();
    fakeSession(user, {
      'GET /v1/lessons': { body: lessons },
      'GET /v1/auth/me': () => ({ body: user }),
      'POST /v1/lesson-requests': () => {
        user = aUser({ pendingLessons: ['l1'] });
        return { status: 201, body: { _id: 'r1' } };
      },
    });
    renderLessons('/product-remote-lesson');
    await userEvent.click(await screen.findByRole('button', { name: 'Хүсэлт илгээх: IELTS сонсгол' }));
    expect(await (await cardOf('IELTS сонсгол')).findByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
  });

  it('says so when there are no bundles yet', async () => {
    fakeSession(null, { 'GET /v1/lessons': { body: [] } });
    renderLessons('/product-remote-lesson');
    expect(await screen.findByText('Одоогоор багц хичээл алга.')).toBeInTheDocument();
  });

  it('switches between the three brochures, each with its download link', async () => {
    fakeSession(null, { 'GET /v1/lessons': { body: [] } });
    renderLessons('/product-remote-lesson');
    const tabs = within(await screen.findByRole('tablist', { name: 'Товхимол сонгох' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['1-р товхимол', '2-р товхимол', '3-р товхимол']);
    const view = () => screen.getByRole('tabpanel').querySelector('iframe');
    expect(view()).toHaveAttribute('src', '/v1/documents/brochure-1.pdf');
    expect(view()).toHaveAttribute('title', '1-р товхимол');

    await userEvent.click(tabs.getByRole('tab', { name: '2-р товхимол' }));
    expect(tabs.getByRole('tab', { name: '2-р товхимол' })).toHaveAttribute('aria-selected', 'true');
    expect(view()).toHaveAttribute('src', '/v1/documents/brochure-2.pdf');
    expect(screen.getByRole('link', { name: 'Татаж авах: 2-р товхимол' })).toHaveAttribute('href', '/v1/documents/brochure-2.pdf');
    expect(screen.getByRole('link', { name: 'PDF нээх' })).toHaveAttribute('href', '/v1/documents/brochure-2.pdf');

    // The keyboard: arrows move between the tabs and choose.
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs.getByRole('tab', { name: '3-р товхимол' })).toHaveFocus();
    expect(view()).toHaveAttribute('src', '/v1/documents/brochure-3.pdf');
    await userEvent.keyboard('{ArrowRight}');
    expect(view()).toHaveAttribute('src', '/v1/documents/brochure-1.pdf');
  });

  it('gives a phone, which shows no PDF inside a page, the open and download links instead of the view', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: false });
    try {
      fakeSession(null, { 'GET /v1/lessons': { body: [] } });
      renderLessons('/product-remote-lesson');
      const panel = within(await screen.findByRole('tabpanel'));
      expect(panel.getByText('Товхимлыг PDF-ээр нээж эсвэл татаж аваад уншаарай.')).toBeInTheDocument();
      expect(screen.getByRole('tabpanel').querySelector('iframe')).toBeNull();
      expect(panel.getByRole('link', { name: 'PDF нээх' })).toHaveAttribute('href', '/v1/documents/brochure-1.pdf');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
