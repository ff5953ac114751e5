// How to pay for a bundle while the request waits (issue 20): the panel right after the request is
// sent, on the pending card and in the bundle's dialog; none once access is granted.
import { aUser, fakeSession } from '@learning/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aLesson, renderLessons, withAddresses } from './fixtures';

const instructions = 'QPay: 99112233\nГүйлгээний утга: таны имэйл';
const lesson = aLesson({ _id: 'l1', name: 'IELTS сонсгол', price: '111000', paymentInstructions: instructions });
const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);
const payment = { name: 'Төлбөр төлөх заавар' };

function expectInstructions(panel: ReturnType<typeof within>) {
  expect(panel.getByText(/^Төлөх дүн/).querySelector('strong')).toHaveTextContent('111,000₮');
  expect(panel.getByText(/^QPay/).textContent).toBe(instructions);
  expect(panel.getByText(/ихэвчлэн нэг ажлын өдрийн дотор/)).toBeInTheDocument();
  expect(panel.getByRole('link', { name: 'Мэдэгдлүүд' })).toHaveAttribute('href', '/notifications');
  expect(panel.getByRole('link', { name: 'Холбоо барих' })).toHaveAttribute('href', '/help');
}

describe('paying for a bundle (issue 20)', () => {
  it('shows how to pay right after the request is sent, and takes the focus from the button that is gone', async () => {
    let user = aUser();
    fakeSession(user, {
      'GET /v1/lessons': { body: [lesson] },
      'GET /v1/auth/me': () => ({ body: user }),
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
    expectInstructions(within(panel));
  });

  it('shows the same on the pending card and in the bundle’s dialog', async () => {
    fakeSession(aUser({ pendingLessons: ['l1'] }), { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: lesson } });
    const { unmount } = renderLessons('/product-remote-lesson');
    expectInstructions(within((await cardOf('IELTS сонсгол')).getByRole('region', payment)));
    unmount();

    renderLessons('/product-remote-lesson/l1');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Таны хүсэлт хүлээгдэж байна. Админ зөвшөөрсний дараа хичээлүүд нээгдэнэ.')).toBeInTheDocument();
    expectInstructions(within(dialog.getByRole('region', payment)));
  });

  it('shows no payment instructions once access is granted', async () => {
    const granted = aUser({ lessons: lesson.videos });
    fakeSession(granted, { 'GET /v1/lessons': { body: [lesson] }, 'GET /v1/lessons/l1': { body: withAddresses(lesson) } });
    const { unmount } = renderLessons('/product-remote-lesson');
    const card = await cardOf('IELTS сонсгол');
    expect(card.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(card.queryByRole('region', payment)).not.toBeInTheDocument();
    unmount();

    renderLessons('/product-remote-lesson/l1');
    await screen.findByRole('dialog');
    await screen.findByText('Эрх нээгдсэн');
    expect(screen.queryByRole('region', payment)).not.toBeInTheDocument();
  });
});
