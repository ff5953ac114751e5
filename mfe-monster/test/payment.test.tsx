// How to pay for a plan while the request waits: the panel right after the request and on
// the pending card and plan page, at the price the request recorded (the early one when it was asked
// before its deadline, even once the deadline has passed); once approved, that price as paid.
import { aMyMonsterplan, aUser, fakeSession } from '@learning/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPlan, renderMonster } from './fixtures';

const instructions = 'Хаан банк: 5000 123 456\nХүлээн авагч: Сургалтын төв\nГүйлгээний утга: таны имэйл';
// An early price that lasts beyond the test: the deadline is data, not code.
const plan = aPlan({ _id: 'p1', name: 'Monster plan 1', price: '49000', earlyPrice: '35000', earlyPriceUntil: '2099-12-08T16:00:00.000Z', paymentInstructions: instructions });
// The same plan once its early price is over (spec section 9: 35,000₮ before 9 December).
const planAfterDeadline = aPlan({ ...plan, earlyPriceUntil: '2026-12-08T16:00:00.000Z' });
/** GET /v1/progress/mine with the learner's request for plan 1, made at the early price. */
const mine = (access: 'pending' | 'approved' = 'pending') => ({
  body: { monsterplans: [aMyMonsterplan({ _id: 'p1', name: 'Monster plan 1', access, price: '49000', requestPrice: '35000', paymentInstructions: instructions })], lessons: [] },
});
/** The line of what was paid, as it reads: 'Төлсөн: 35,000₮'. */
const paid = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);
const panelIn = (place: ReturnType<typeof within>) => within(place.getByRole('region', { name: 'Төлбөр төлөх заавар' }));

/** The panel as a learner whose request recorded 35,000₮ reads it (the amount comes with GET /v1/progress/mine). */
async function expectInstructions(panel: ReturnType<typeof within>) {
  expect((await panel.findByText(/^Төлөх дүн/)).querySelector('strong')).toHaveTextContent('35,000₮');
  expect(panel.getByText('49,000₮').tagName).toBe('S');
  expect(panel.getByText('(хүсэлт илгээсэн үеийн үнэ)')).toBeInTheDocument();
  // As the administrator wrote it, its lines kept.
  expect(panel.getByText(/^Хаан банк/).textContent).toBe(instructions);
  expect(panel.getByText(/Сургалтын төв төлбөрийг шалгасны дараа хүсэлтийг зөвшөөрнө, ихэвчлэн нэг ажлын өдрийн дотор/)).toBeInTheDocument();
  expect(panel.getByRole('link', { name: 'Мэдэгдлүүд' })).toHaveAttribute('href', '/notifications');
  expect(panel.getByRole('link', { name: 'Холбоо барих' })).toHaveAttribute('href', '/help');
}

describe('paying for a plan', () => {
  it('shows how to pay right after the request, at the price it recorded, and takes the focus from the button that is gone', async () => {
    let user = aUser();
    const gateway = fakeSession(user, {
      'GET /v1/monsterplans': { body: [plan] },
      'GET /v1/auth/me': () => ({ body: user }),
      'GET /v1/progress/mine': () => (user.pendingMonsterplans.includes('p1') ? mine() : { body: { monsterplans: [], lessons: [] } }),
      'POST /v1/monsterplan-requests': () => {
        user = aUser({ pendingMonsterplans: ['p1'] });
        return { status: 201, body: { _id: 'r1' } };
      },
    });
    renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    expect(card.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Хүсэлт илгээх: Monster plan 1' }));

    const panel = await card.findByRole('region', { name: 'Төлбөр төлөх заавар' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Хүсэлт илгээгдлээ.');
    expect(panel).toHaveFocus();
    await expectInstructions(within(panel));
    expect(gateway.calls.filter((call) => call.path === '/v1/progress/mine').length).toBeGreaterThan(0);
  });

  it('keeps the recorded early price on the pending card after the deadline, where the plan now costs 49,000₮', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans': { body: [planAfterDeadline] }, 'GET /v1/progress/mine': mine() });
    renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    await expectInstructions(panelIn(card));
    expect(card.queryByText('Хүсэлт илгээгдлээ.')).not.toBeInTheDocument();
    // One amount to pay on the card: the panel's.
    expect(card.getAllByText(/^Төлөх дүн/)).toHaveLength(1);
  });

  it('shows it on the plan page of a pending request, under the notice', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans/p1': { body: planAfterDeadline }, 'GET /v1/progress/mine': mine() });
    renderMonster('/product-monster-plan/p1');
    const player = within(await screen.findByRole('region', { name: 'Видео тоглуулагч' }));
    expect(await player.findByText('Таны хүсэлт хүлээгдэж байна. Админ зөвшөөрсний дараа хичээлүүд нээгдэнэ.')).toBeInTheDocument();
    await expectInstructions(panelIn(player));
  });

  it('says to pay at the centre when the administrator wrote no instructions, at the plan’s price when the request recorded it', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), {
      'GET /v1/monsterplans': { body: [aPlan({ _id: 'p1', name: 'Monster plan 1', price: '49000' })] },
      'GET /v1/progress/mine': { body: { monsterplans: [aMyMonsterplan({ _id: 'p1', price: '49000', requestPrice: '49000' })], lessons: [] } },
    });
    renderMonster('/product-monster-plan');
    const panel = panelIn(await cardOf('Monster plan 1'));
    expect((await panel.findByText(/^Төлөх дүн/)).querySelector('strong')).toHaveTextContent('49,000₮');
    expect(panel.queryByText('(хүсэлт илгээсэн үеийн үнэ)')).not.toBeInTheDocument();
    expect(panel.getByText('Төлбөрөө сургалтын төвд биечлэн төлнө үү.')).toBeInTheDocument();
  });

  it("shows no amount until the recorded price is known, rather than the plan's price today", async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans': { body: [planAfterDeadline] } });
    const answer = globalThis.fetch;
    // The learner's list never answers.
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      String(input).startsWith('/v1/progress/mine') ? new Promise<never>(() => {}) : answer(input, init)) as typeof fetch;
    renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    const panel = within(await card.findByRole('region', { name: 'Төлбөр төлөх заавар' }));
    expect(panel.getByText(/^Хаан банк/)).toBeInTheDocument();
    expect(panel.queryByText(/^Төлөх дүн/)).not.toBeInTheDocument();
    expect(card.queryByText('49,000₮')).not.toBeInTheDocument();
  });

  it("says 'Төлсөн: 35,000₮' once access is granted, with no early price and no payment instructions", async () => {
    fakeSession(aUser({ monsterplans: ['p1'] }), { 'GET /v1/monsterplans': { body: [plan] }, 'GET /v1/monsterplans/p1': { body: plan }, 'GET /v1/progress/mine': mine('approved') });
    const { unmount } = renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    expect(card.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(await card.findByText(paid('Төлсөн: 35,000₮'))).toBeInTheDocument();
    expect(card.queryByText('49,000₮')).not.toBeInTheDocument();
    expect(card.queryByText('Эрт бүртгэлийн үнэ')).not.toBeInTheDocument();
    expect(card.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
    unmount();

    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(await screen.findByText(paid('Төлсөн: 35,000₮'))).toBeInTheDocument();
    expect(screen.queryByText('49,000₮')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
  });

  it('shows a visitor who has not asked the early price with its deadline, and no instructions yet', async () => {
    const gateway = fakeSession(aUser(), { 'GET /v1/monsterplans': { body: [plan] } });
    renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    expect(card.getByText('35,000₮')).toBeInTheDocument();
    expect(card.getByText('2099 оны 12-р сарын 9, 00:00 хүртэл')).toBeInTheDocument();
    expect(card.getByText('49,000₮').tagName).toBe('S');
    expect(card.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
    // Nothing of theirs to price: the learner's list is not asked for.
    expect(gateway.calls.some((call) => call.path === '/v1/progress/mine')).toBe(false);
  });
});
