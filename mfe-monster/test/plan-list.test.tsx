import { aUser, fakeSession } from '@learning/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { address, aPlan, guestSignInFrom, renderMonster } from './fixtures';

const plans = [
  aPlan({ _id: 'p1', name: 'Monster plan 1' }),
  aPlan({ _id: 'p2', name: 'Monster plan 2' }),
  aPlan({ _id: 'p3', name: 'Monster plan 3', exam: true }),
  aPlan({ _id: 'p4', name: 'Monster plan 4', isActive: false }),
];
const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('the Monster plan list (/product-monster-plan)', () => {
  it('describes the plans to search engines in the meta description', async () => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: plans } });
    renderMonster('/product-monster-plan');
    await screen.findByRole('heading', { level: 1, name: 'Monster plan' });
    await waitFor(() => expect(metaDescription()).toMatch(/^Monster plan: англи хэлийг анхааралтай сонсож сурах 1000 минутын хөтөлбөрүүд\./));
  });

  it('keeps the cards’ place while the plans load, with the introduction above them, so nothing moves when they arrive', async () => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: plans } });
    const { container } = renderMonster('/product-monster-plan');
    const plansRegion = screen.getByRole('region', { name: 'Хөтөлбөрүүд' });
    expect(within(plansRegion).getByRole('status')).toHaveTextContent('Ачаалж байна…');
    expect(container.querySelectorAll('.lp-loading-card')).toHaveLength(2);
    const intro = screen.getByRole('complementary', { name: 'Танилцуулга' });
    expect(intro.compareDocumentPosition(plansRegion) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 3, name: 'Monster plan 1' })).toBeInTheDocument();
    expect(container.querySelectorAll('.lp-loading-card')).toHaveLength(0);
    expect(within(plansRegion).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows each plan’s first lesson’s poster frame on its card, lazy-loaded and sized, with Mongolian alt text', async () => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: plans } });
    renderMonster('/product-monster-plan');
    const card = within((await screen.findByRole('heading', { level: 3, name: 'Monster plan 1' })).closest('article')!);
    const poster = card.getByRole('img', { name: '«Monster plan 1» хөтөлбөрийн эхний хичээлийн зураг' });
    expect(poster).toHaveAttribute('src', `/v1/posters/${plans[0]!.videos[0]}`);
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).toHaveAttribute('width', '640');
  });

  it('shows each plan with its access state: request button, pending, approved with a link to the plan', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p2'], monsterplans: ['p3'] }), { 'GET /v1/monsterplans': { body: plans } });
    renderMonster('/product-monster-plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monster plan' })).toBeInTheDocument();

    const notRequested = await cardOf('Monster plan 1');
    expect(notRequested.getByRole('button', { name: 'Хүсэлт илгээх: Monster plan 1' })).toBeEnabled();
    // "Бүртгүүлэх" is creating an account: a button that asks for a plan says "Хүсэлт илгээх".
    expect(notRequested.getByRole('button', { name: /Monster plan 1/ })).toHaveTextContent(/^Хүсэлт илгээх$/);
    expect(screen.queryByText(/Бүртгүүлэх/)).not.toBeInTheDocument();

    const pending = await cardOf('Monster plan 2');
    expect(pending.getByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
    expect(pending.queryByRole('button')).not.toBeInTheDocument();

    const approved = await cardOf('Monster plan 3');
    expect(approved.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(approved.getByRole('link', { name: 'Хөтөлбөр үзэх: Monster plan 3' })).toHaveAttribute('href', '/product-monster-plan/p3');
    expect(approved.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows an inactive plan with the inactive badge and no request button', async () => {
    fakeSession(aUser(), { 'GET /v1/monsterplans': { body: plans } });
    renderMonster('/product-monster-plan');
    const inactive = await cardOf('Monster plan 4');
    expect(inactive.getByText('Идэвхгүй')).toBeInTheDocument();
    expect(inactive.queryByRole('button')).not.toBeInTheDocument();
    expect((await cardOf('Monster plan 1')).queryByText('Идэвхгүй')).not.toBeInTheDocument();
  });

  it('writes prices in MNT for Mongolian readers, and the early price with its deadline while it lasts', async () => {
    fakeSession(null, {
      'GET /v1/monsterplans': {
        body: [
          aPlan({ _id: 'p1', name: 'Monster plan 1', price: '49000', earlyPrice: '35000', earlyPriceUntil: '2099-12-09T00:00:00+08:00' }),
          aPlan({ _id: 'p2', name: 'Monster plan 2', price: '111000', earlyPrice: '35000', earlyPriceUntil: '2020-12-09T00:00:00+08:00' }),
          aPlan({ _id: 'p3', name: 'Monster plan 3', price: 'Үнэгүй' }),
        ],
      },
    });
    renderMonster('/product-monster-plan');
    const early = await cardOf('Monster plan 1');
    expect(early.getByText('35,000₮')).toBeInTheDocument();
    expect(early.getByText('49,000₮').tagName).toBe('S');
    expect(early.getByText(/^2099 оны 12-р сарын \d+, \d\d:\d\d хүртэл$/)).toHaveAttribute('datetime', '2099-12-09T00:00:00+08:00');

    const past = await cardOf('Monster plan 2');
    expect(past.getByText('111,000₮')).toBeInTheDocument();
    expect(past.queryByText('35,000₮')).not.toBeInTheDocument();
    expect((await cardOf('Monster plan 3')).getByText('Үнэгүй')).toBeInTheDocument();
  });

  it('truncates a long plan name to 40 characters, with the whole name in its title', async () => {
    const name = 'Monster plan: the long programme of focused listening for beginners';
    fakeSession(null, { 'GET /v1/monsterplans': { body: [aPlan({ name })] } });
    renderMonster('/product-monster-plan');
    const shown = await screen.findByTitle(name);
    expect(shown).toHaveTextContent(`${name.slice(0, 40).trimEnd()}…`);
  });

  it("sends a guest who presses request to sign in, with continue set to the plan's page and the request to send there", async () => {
    const gateway = fakeSession(null, { 'GET /v1/monsterplans': { body: plans } });
    renderMonster('/product-monster-plan?from=home');
    await userEvent.click(await screen.findByRole('button', { name: 'Хүсэлт илгээх: Monster plan 1' }));
    await waitFor(() => expect(address().textContent).toBe(guestSignInFrom('/product-monster-plan/p1?request=p1')));
    // No call bound to fail (the silent 401).
    expect(gateway.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('reloads the current user after a request, so the plan reads pending', async () => {
    let user = aUser();
    fakeSession(user, {
      'GET /v1/monsterplans': { body: plans },
      'GET /v1/auth/me': () => ({ body: user }),
      'POST /v1/monsterplan-requests': () => {
        user = aUser({ pendingMonsterplans: ['p1'] });
        return { status: 201, body: { _id: 'r1' } };
      },
    });
    renderMonster('/product-monster-plan');
    await userEvent.click(await screen.findByRole('button', { name: 'Хүсэлт илгээх: Monster plan 1' }));
    const card = await cardOf('Monster plan 1');
    expect(await card.findByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
    expect(address()).toHaveTextContent('/product-monster-plan');
  });

  it('says so when there are no plans yet, and offers a retry when the list fails', async () => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: [] } });
    const { unmount } = renderMonster('/product-monster-plan');
    expect(await screen.findByText('Одоогоор хөтөлбөр алга.')).toBeInTheDocument();
    unmount();

    let isUp = false;
    fakeSession(null, { 'GET /v1/monsterplans': () => (isUp ? { body: plans } : { status: 503, body: { message: 'Түр ажиллахгүй байна.', code: 'unavailable' } }) });
    renderMonster('/product-monster-plan');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Хөтөлбөрүүдийг ачаалж чадсангүй.');
    isUp = true;
    await userEvent.click(within(error).getByRole('button', { name: 'Дахин оролдох' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Monster plan 1' })).toBeInTheDocument();
  });

  it('links the introduction brochure, and says honestly that the intro video is not there yet', async () => {
    fakeSession(null, { 'GET /v1/monsterplans': { body: plans } });
    renderMonster('/product-monster-plan');
    const intro = within(await screen.findByRole('complementary', { name: 'Танилцуулга' }));
    expect(intro.getByRole('link', { name: 'Танилцуулга товхимол (PDF)' })).toHaveAttribute('href', '/v1/documents/introduction.pdf');
    expect(intro.getByText(/Танилцуулга видео одоогоор байршаагүй/)).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });
});
