// What a bundle costs and how to pay for it: its early price, like a plan's, to a learner who
// has not asked; the panel right after the request is sent, on the pending card and in the bundle's
// dialog, at the price the request recorded; once approved, that price as paid.
import { aMyLesson, aUser, fakeSession } from '@learning/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aLesson, renderLessons, withAddresses } from './fixtures';

const instructions = 'QPay: 99112233\nГүйлгээний утга: таны имэйл';
const lesson = aLesson({ _id: 'l1', name: 'IELTS сонсгол', price: '111000', paymentInstructions: instructions });
/** The same bundle with an early price that lasts beyond the test. */
const earlyLesson = aLesson({ ...lesson, earlyPrice: '89000', earlyPriceUntil: '2099-12-08T16:00:00.000Z' });
/** GET /v1/progress/mine with the learner's request for the bundle, made at the early price. */
const mine = (access: 'pending' | 'approved' = 'pending') => ({
  body: { monsterplans: [], lessons: [aMyLesson({ _id: 'l1', name: 'IELTS сонсгол', access, price: '111000', requestPrice: '89000', paymentInstructions: instructions })] },
});
const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);
const payment = { name: 'Төлбөр төлөх заавар' };
const paid = (text: string) => (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;

async function expectInstructions(panel: ReturnType<typeof within>) {
  expect((await panel.findByText(/^Төлөх дүн/)).querySelector('strong')).toHaveTextContent('89,000₮');
  expect(panel.getByText('111,000₮').tagName).toBe('S');
  expect(panel.getByText(/^QPay/).textContent).toBe(instructions);
  expect(panel.getByText(/ихэвчлэн нэг ажлын өдрийн дотор/)).toBeInTheDocument();
  expect(panel.getByRole('link', { name: 'Мэдэгдлүүд' })).toHaveAttribute('href', '/notifications');
  expect(panel.getByRole('link', { name: 'Холбоо барих' })).toHaveAttribute('href', '/help');
}

describe('paying for a bundle', () => {
  it('offers a learner who has not asked the early price with its deadline, the price struck', async () => {
    fakeSession(aUser(), { 'GET /v1/lessons': { body: [earlyLesson] } });
    renderLessons('/product-remote-lesson');
    const card = await cardOf('IELTS сонсгол');
    expect(card.getByText('Эрт бүртгэлийн үнэ')).toBeInTheDocument();
    expect(card.getByText('89,000₮')).toBeInTheDocument();
    expect(card.getByText('2099 оны 12-р сарын 9, 00:00 хүртэл')).toBeInTheDocument();
    expect(card.getByText('111,000₮').tagName).toBe('S');
  });

  it('shows how to pay right after the request is sent, at the price it recorded, and takes the focus from the button that is gone', async () => {
    let user = aUser();
    fakeSession(user, {
      'GET /v1/lessons': { body: [earlyLesson] },
      'GET /v1/auth/me': () => ({ body: user }),
      'GET /v1/progress/mine': () => (user.pendingLessons.includes('l1') ? mine() : { body: { monsterplans: [], lessons: [] } }),
      'POST /v1/lesson-requests': () => {
        user = aUser({ pendingLessons: ['l1'] });
        return { status: 201, body: { _id: 'r1' } };
      },
    });
    renderLessons('/product-remote-lesson');
    const card = await cardOf('IELTS сонсгол');
    expect(card.queryByRole('region', payment)).not.toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Хүсэлт илгээх: IELTS сонсгол' }));

    const panel = await card.findByRole('region', payment);
    expect(within(panel).getByRole('status')).toHaveTextContent('Хүсэлт илгээгдлээ.');
    expect(panel).toHaveFocus();
    await expectInstructions(within(panel));
  });

  it('keeps the recorded early price on the pending card and in the bundle’s dialog once the early price is over', async () => {
    fakeSession(aUser({ pendingLessons: ['l1'] }), { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: lesson }, 'GET /v1/progress/mine': mine() });
    const { unmount } = renderLessons('/product-remote-lesson');
    await expectInstructions(within((await cardOf('IELTS сонсгол')).getByRole('region', payment)));
    unmount();

    renderLessons('/product-remote-lesson/l1');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Таны хүсэлт хүлээгдэж байна. Админ зөвшөөрсний дараа хичээлүүд нээгдэнэ.')).toBeInTheDocument();
    await expectInstructions(within(dialog.getByRole('region', payment)));
  });

  it("says 'Төлсөн' with the recorded price once access is granted, and shows no payment instructions", async () => {
    const granted = aUser({ lessons: lesson.videos });
    fakeSession(granted, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) }, 'GET /v1/progress/mine': mine('approved') });
    const { unmount } = renderLessons('/product-remote-lesson');
    const card = await cardOf('IELTS сонсгол');
    expect(card.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(await card.findByText(paid('Төлсөн: 89,000₮'))).toBeInTheDocument();
    expect(card.queryByRole('region', payment)).not.toBeInTheDocument();
    unmount();

    renderLessons('/product-remote-lesson/l1');
    await screen.findByRole('dialog');
    await screen.findByText('Эрх нээгдсэн');
    expect(await screen.findByText(paid('Төлсөн: 89,000₮'))).toBeInTheDocument();
    expect(screen.queryByRole('region', payment)).not.toBeInTheDocument();
  });
});
