import { aUser } from '@learning/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LearnerProgress } from '../src/users';
import { address, adminSession, aPlan, callsTo, renderAdmin } from './fixtures';

const bold = aUser({
  _id: 'u7',
  name: 'Болд',
  email: 'bold@example.com',
  monsterplans: ['p1'],
  pendingLessons: ['l1'],
  monsterplanExam: [{ id: 'p1', percent: 90, correctQuestions: 36, totalQuestions: 40 }],
});

const progress: LearnerProgress = {
  monsterplans: [
    { _id: 'p1', name: 'Monster plan 1', access: 'approved', totalSeconds: 60_000, listenedSeconds: 7_260, status: 'in-progress', continue: null, price: '49000', requestPrice: '35000', paymentInstructions: '', earlyPrice: null, earlyPriceUntil: null },
  ],
  lessons: [{ _id: 'l1', name: 'Англи хэл 1', access: 'pending', totalSeconds: 1_800, listenedSeconds: 0, status: 'not-started', continue: null, price: '35000', requestPrice: '35000', paymentInstructions: '' }],
};

const examRefund = {
  _id: 'r1',
  kind: 'exam',
  amount: 10000,
  earnedAt: '2026-11-21T05:00:00.000Z',
  exam: { correctQuestions: 36, totalQuestions: 40 },
  aloud: null,
  paidAt: null,
  paidBy: null,
  monsterplan: { _id: 'p1', name: 'Monster plan 1' },
};

function learnerAnswers(overrides: Record<string, unknown> = {}) {
  return {
    'GET /v1/monsterplans': { body: [aPlan()] },
    'GET /v1/users/u7': { body: bold },
    'GET /v1/progress/users/u7': { body: progress },
    'GET /v1/monsterplans/aloud': {
      body: { result: [{ user: { _id: 'u7', email: 'bold@example.com' }, alouds: [{ _id: 'a1', createdAt: '2026-11-20T09:30:00.000Z', url: '/v1/media/aloud/a1.mp3', monsterplanId: 'p1', week: 1, dayOfWeek: 2 }] }], total: 1 },
    },
    'GET /v1/refunds/alouds': { body: { result: [{ aloudId: 'a1', monsterplanId: 'p1', week: 1, dayOfWeek: 2, recordedAt: '2026-11-20T09:30:00.000Z', assignedAt: '2026-11-20T01:00:00.000Z', isOnTime: true }] } },
    'GET /v1/refunds': { body: { result: [examRefund] } },
    ...overrides,
  };
}

describe("a learner's page (/administrator/users/{id})", () => {
  it('opens from the users table', async () => {
    adminSession({ ...learnerAnswers(), 'GET /v1/users': { body: { result: [bold], total: 1 } } });
    renderAdmin('/administrator/users');
    await userEvent.click(await screen.findByRole('link', { name: 'Болд' }));
    expect(address()).toHaveTextContent('/administrator/users/u7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Болд' })).toBeInTheDocument();
  });

  it('shows who they are, their plans and bundles with access, the price their request recorded and minutes, exam results, recordings and refunds', async () => {
    const gateway = adminSession(
      learnerAnswers({ 'PUT /v1/refunds/r1/paid': { body: { ...examRefund, monsterplan: undefined, paidAt: '2026-11-24T06:00:00.000Z', paidBy: { _id: 'admin', email: 'admin@example.com' } } } }),
    );
    renderAdmin('/administrator/users/u7');
    const profile = within(await screen.findByRole('region', { name: 'Хэрэглэгчийн мэдээлэл' }));
    expect(profile.getByText('bold@example.com')).toBeInTheDocument();
    expect(profile.getByText('Суралцагч')).toBeInTheDocument();

    const bundles = within(await screen.findByRole('table', { name: 'Monster plan ба багц хичээлүүд' }));
    const [plan, lesson] = bundles.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(plan).toEqual(['Monster plan 1', 'Monster plan', 'Эрх нээгдсэн', '35,000₮', '121 / 1000 минут', '◐Үргэлжилж байна', 'Эрх цуцлах']);
    expect(lesson).toEqual(['Англи хэл 1', 'Багц хичээл', 'Хүсэлт хүлээгдэж байна', '35,000₮', '0 / 30 минут', '○Эхлээгүй', 'Эрх цуцлах']);

    const exams = within(screen.getByRole('region', { name: 'Шалгалтын дүн' }));
    expect(within(exams.getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Monster plan 1', '36', '40', 'Тэнцсэн']);

    const recordings = within(screen.getByRole('region', { name: 'Чанга уншлага' }));
    expect(await recordings.findByText('Хугацаандаа')).toBeInTheDocument();
    expect(recordings.getByText('1-р долоо хоног, 2-р өдөр')).toBeInTheDocument();
    expect(document.querySelector('audio')).toHaveAttribute('src', '/v1/media/aloud/a1.mp3');
    expect(callsTo(gateway.calls, 'GET', '/v1/monsterplans/aloud')[0]?.query).toEqual({ user: 'u7', perPage: '100' });

    const refunds = within(screen.getByRole('region', { name: 'Буцаан олголт' }));
    expect(await refunds.findByText('36/40')).toBeInTheDocument();
    expect(callsTo(gateway.calls, 'GET', '/v1/refunds')[0]?.query).toEqual({ user: 'u7' });
    await userEvent.click(refunds.getByRole('button', { name: 'Төлсөн гэж тэмдэглэх: Monster plan 1, Шалгалт, 36/40' }));
    expect(await refunds.findByText('тэмдэглэсэн: admin@example.com', { exact: false })).toBeInTheDocument();
    expect(refunds.getByRole('button', { name: /^Тэмдэглэгээг буцаах/ })).toBeInTheDocument();
  });

  it('revokes access to a plan only after the confirmation, then reloads the user until the grant is gone', async () => {
    let current = bold;
    let shownProgress = progress;
    const gateway = adminSession(
      learnerAnswers({
        'GET /v1/users/u7': () => ({ body: current }),
        'GET /v1/progress/users/u7': () => ({ body: shownProgress }),
        'DELETE /v1/monsterplans/p1/learners/u7': () => {
          // The grant goes through events a moment later: the next read of the user shows it.
          setTimeout(() => {
            current = { ...bold, monsterplans: [] };
            shownProgress = { ...progress, monsterplans: [] };
          }, 100);
          return { status: 204 };
        },
      }),
    );
    renderAdmin('/administrator/users/u7');
    const bundles = within(await screen.findByRole('table', { name: 'Monster plan ба багц хичээлүүд' }));
    await userEvent.click(bundles.getByRole('button', { name: 'Эрх цуцлах: Monster plan 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Эрхийг цуцлах уу?' }));
    expect(dialog.getByText('bold@example.com хэрэглэгчийн "Monster plan 1" эрх (эсвэл хүлээгдэж буй хүсэлт) цуцлагдана.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Болих' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplans/p1/learners/u7')).toHaveLength(0);

    await userEvent.click(bundles.getByRole('button', { name: 'Эрх цуцлах: Monster plan 1' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Эрх цуцлах' }));
    await waitFor(() => expect(bundles.queryByRole('cell', { name: 'Monster plan 1' })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(callsTo(gateway.calls, 'DELETE', '/v1/monsterplans/p1/learners/u7')).toHaveLength(1);
    expect(callsTo(gateway.calls, 'GET', '/v1/users/u7').length).toBeGreaterThan(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bundles.getByRole('cell', { name: 'Англи хэл 1' })).toBeInTheDocument();
  });

  it("revokes a pending bundle request with DELETE /v1/lessons/{id}/learners/{userId}, and shows the server's refusal", async () => {
    const gateway = adminSession(
      learnerAnswers({ 'DELETE /v1/lessons/l1/learners/u7': { status: 404, body: { message: 'Энэ хэрэглэгчид энэ багцын эрх алга.', code: 'access_not_found' } } }),
    );
    renderAdmin('/administrator/users/u7');
    const bundles = within(await screen.findByRole('table', { name: 'Monster plan ба багц хичээлүүд' }));
    await userEvent.click(bundles.getByRole('button', { name: 'Эрх цуцлах: Англи хэл 1' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Эрх цуцлах' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Эрхийг цуцалж чадсангүй.');
    expect(alert).toHaveTextContent('Энэ хэрэглэгчид энэ багцын эрх алга.');
    expect(callsTo(gateway.calls, 'DELETE', '/v1/lessons/l1/learners/u7')).toHaveLength(1);
  });

  it('says so when there is nothing to show, and offers a retry when the user cannot be loaded', async () => {
    adminSession(
      learnerAnswers({
        'GET /v1/users/u7': { body: { ...bold, monsterplans: [], pendingLessons: [], monsterplanExam: [] } },
        'GET /v1/progress/users/u7': { body: { monsterplans: [], lessons: [] } },
        'GET /v1/monsterplans/aloud': { body: { result: [], total: 0 } },
        'GET /v1/refunds': { body: { result: [] } },
      }),
    );
    const { unmount } = renderAdmin('/administrator/users/u7');
    expect(await screen.findByText('Monster plan, багц хичээл алга.')).toBeInTheDocument();
    expect(screen.getByText('Шалгалт өгөөгүй.')).toBeInTheDocument();
    expect(await screen.findByText('Бичлэг алга.')).toBeInTheDocument();
    expect(await screen.findByText('Буцаан олголт алга.')).toBeInTheDocument();
    unmount();

    adminSession(learnerAnswers({ 'GET /v1/users/u7': { status: 503, body: { message: 'Түр ажиллахгүй байна.', code: 'unavailable' } } }));
    renderAdmin('/administrator/users/u7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Хэрэглэгчийг ачаалж чадсангүй.');
  });
});
