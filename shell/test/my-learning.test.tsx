import type { MyLearning } from '@learning/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeSession, renderApp } from './fixtures';

const address = () => screen.getByTestId('address');
const nothing: MyLearning = { monsterplans: [], lessons: [] };
const entry = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

const learning: MyLearning = {
  monsterplans: [
    {
      _id: 'p1',
      name: 'Monster plan 1',
      access: 'approved',
      totalSeconds: 600,
      listenedSeconds: 150,
      status: 'in-progress',
      continue: { videoId: 'p1-v2', week: 1, dayOfWeek: 2, position: 20 },
    },
    { _id: 'p2', name: 'Monster plan 2', access: 'pending', totalSeconds: 900, listenedSeconds: 0, status: 'not-started', continue: null },
  ],
  lessons: [{ _id: 'l1', name: 'IELTS сонсгол', access: 'approved', totalSeconds: 180, listenedSeconds: 0, status: 'not-started', continue: null }],
};

describe('my lessons (/me)', () => {
  it("lists the learner's plans and bundles with access, minutes heard, exam result and a link to continue", async () => {
    const learner = aUser({ monsterplans: ['p1'], pendingMonsterplans: ['p2'], monsterplanExam: [{ id: 'p1', percent: 90, correctQuestions: 36, totalQuestions: 40 }] });
    fakeSession(learner, { 'GET /v1/progress/mine': { body: learning } });
    renderApp('/me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Миний хичээлүүд' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'Monster plan 1' });

    const plan1 = within(entry('Monster plan 1'));
    expect(plan1.getByText('Эрх нээгдсэн')).toBeInTheDocument();
    expect(plan1.getByText('Үргэлжилж байна')).toBeInTheDocument();
    expect(plan1.getByRole('progressbar', { name: '10 минутаас 3 минут сонссон' })).toBeInTheDocument();
    expect(plan1.getByText('Шалгалтын дүн: 36/40 зөв (тэнцсэн)')).toBeInTheDocument();
    expect(plan1.getByRole('link', { name: 'Үргэлжлүүлэх: 2-р өдөр, 0:20 (1-р долоо хоног)' })).toHaveAttribute('href', '/product-monster-plan/p1?video=p1-v2');

    const plan2 = within(entry('Monster plan 2'));
    expect(plan2.getByText('Хүсэлт хүлээгдэж байна')).toBeInTheDocument();
    expect(plan2.getByText(/Төлбөрөө төлсний дараа сургалтын төв таны хүсэлтийг зөвшөөрнө/)).toBeInTheDocument();
    expect(plan2.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(plan2.queryByRole('link', { name: /Үргэлжлүүлэх|Эхлэх/ })).not.toBeInTheDocument();

    const bundle = within(entry('IELTS сонсгол'));
    expect(bundle.getByText('Эхлээгүй')).toBeInTheDocument();
    expect(bundle.getByRole('link', { name: 'Эхлэх' })).toHaveAttribute('href', '/product-remote-lesson/l1');

    await userEvent.click(plan1.getByRole('link', { name: /Үргэлжлүүлэх/ }));
    await waitFor(() => expect(address()).toHaveTextContent('/product-monster-plan/p1?video=p1-v2'));
  });

  it('says when there is nothing yet and links to the plans and the bundles', async () => {
    fakeSession(aUser(), { 'GET /v1/progress/mine': { body: nothing } });
    renderApp('/me');
    expect(await screen.findByText('Та одоогоор ямар нэг хөтөлбөр, багцад хамрагдаагүй байна.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Monster plan хөтөлбөрүүдийг үзэх' })).toHaveAttribute('href', '/product-monster-plan');
    expect(screen.getByRole('link', { name: 'Зайн сургалтын багцуудыг үзэх' })).toHaveAttribute('href', '/product-remote-lesson');
  });

  it('keeps the settings reachable, from the page and from the menu', async () => {
    fakeSession(aUser(), { 'GET /v1/progress/mine': { body: nothing } });
    renderApp('/me');
    await screen.findByRole('heading', { level: 1, name: 'Миний хичээлүүд' });
    const menu = within(screen.getByRole('navigation'));
    expect(menu.getByRole('link', { name: 'Миний хичээлүүд' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Миний бүртгэл' })).toHaveAttribute('href', '/me/settings');

    await userEvent.click(screen.getByRole('link', { name: 'Бүртгэлийн тохиргоо' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Миний бүртгэл' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/me/settings');
    expect(menu.getByRole('link', { name: 'Миний хичээлүүд' })).not.toHaveAttribute('aria-current');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let isDown = true;
    const gateway = fakeSession(aUser(), {
      'GET /v1/progress/mine': () => (isDown ? { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } } : { body: nothing }),
    });
    renderApp('/me');
    expect(screen.getByRole('status')).toHaveTextContent('Ачаалж байна…');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Таны хичээлүүдийг ачаалж чадсангүй.');
    isDown = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Дахин оролдох' }));
    expect(await screen.findByText('Та одоогоор ямар нэг хөтөлбөр, багцад хамрагдаагүй байна.')).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call.path === '/v1/progress/mine')).toHaveLength(2);
  });
});
