// How to pay for a plan while the request waits (issue 20): the panel right after the request and on
// the pending card and plan page, with the early price while it lasts; none once access is granted.
import { aUser, fakeSession } from '@learning/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPlan, renderMonster } from './fixtures';

const instructions = 'Хаан банк: 5000 123 456\nХүлээн авагч: Сургалтын төв\nГүйлгээний утга: таны имэйл';
// An early price that lasts beyond the test: the deadline is data, not code.
const plan = aPlan({ _id: 'p1', name: 'Monster plan 1', price: '49000', earlyPrice: '35000', earlyPriceUntil: '2099-12-08T16:00:00.000Z', paymentInstructions: instructions });
const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);
const panelIn = (place: ReturnType<typeof within>) => within(place.getByRole('region', { name: 'Төлбөр төлөх заавар' }));

function expectInstructions(panel: ReturnType<typeof within>) {
  expect(panel.getByText(/^Төлөх дүн/).querySelector('strong')).toHaveTextContent('35,000₮');
  expect(panel.getByText('49,000₮').tagName).toBe('S');
  expect(panel.getByText(/эрт бүртгэлийн үнэ, 2099 оны 12-р сарын/)).toBeInTheDocument();
  // As the administrator wrote it, its lines kept.
  expect(panel.getByText(/^Хаан банк/).textContent).toBe(instructions);
  expect(panel.getByText(/Сургалтын төв төлбөрийг шалгасны дараа хүсэлтийг зөвшөөрнө, ихэвчлэн нэг ажлын өдрийн дотор/)).toBeInTheDocument();
  expect(panel.getByRole('link', { name: 'Мэдэгдлүүд' })).toHaveAttribute('href', '/notifications');
  expect(panel.getByRole('link', { name: 'Холбоо барих' })).toHaveAttribute('href', '/help');
}

describe('paying for a plan (issue 20)', () => {
  it('shows how to pay right after the request, with the early price, and takes the focus from the button that is gone', async () => {
    let user = aUser();
    fakeSession(user, {
      'GET /v1/monsterplans': { body: [plan] },
      'GET /v1/auth/me': () => ({ body: user }),
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
    expectInstructions(within(panel));
  });

  it('shows the same on the pending card, without the just-sent line', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans': { body: [plan] } });
    renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    expectInstructions(panelIn(card));
    expect(card.queryByText('Хүсэлт илгээгдлээ.')).not.toBeInTheDocument();
  });

  it('shows it on the plan page of a pending request, under the notice', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    const player = within(await screen.findByRole('region', { name: 'Видео тоглуулагч' }));
    expect(await player.findByText('Таны хүсэлт хүлээгдэж байна. Админ зөвшөөрсний дараа хичээлүүд нээгдэнэ.')).toBeInTheDocument();
    expectInstructions(panelIn(player));
  });

  it('says to pay at the centre when the administrator wrote no instructions', async () => {
    fakeSession(aUser({ pendingMonsterplans: ['p1'] }), { 'GET /v1/monsterplans': { body: [aPlan({ _id: 'p1', name: 'Monster plan 1', price: '49000' })] } });
    renderMonster('/product-monster-plan');
    const panel = panelIn(await cardOf('Monster plan 1'));
    expect(panel.getByText(/^Төлөх дүн/).querySelector('strong')).toHaveTextContent('49,000₮');
    expect(panel.getByText('Төлбөрөө сургалтын төвд биечлэн төлнө үү.')).toBeInTheDocument();
  });

  it('has no early price and no payment instructions once access is granted', async () => {
    fakeSession(aUser({ monsterplans: ['p1'] }), { 'GET /v1/monsterplans': { body: [plan] }, 'GET /v1/monsterplans/p1': { body: plan } });
    const { unmount } = renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    expect(card.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(card.getByText('49,000₮')).toBeInTheDocument();
    expect(card.queryByText('35,000₮')).not.toBeInTheDocument();
    expect(card.queryByText('Эрт бүртгэлийн үнэ')).not.toBeInTheDocument();
    expect(card.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
    unmount();

    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(screen.getByText('49,000₮')).toBeInTheDocument();
    expect(screen.queryByText('35,000₮')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
  });

  it('shows a visitor who has not asked the early price, and no instructions yet', async () => {
    fakeSession(aUser(), { 'GET /v1/monsterplans': { body: [plan] } });
    renderMonster('/product-monster-plan');
    const card = await cardOf('Monster plan 1');
    expect(card.getByText('35,000₮')).toBeInTheDocument();
    expect(card.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
  });
});
