import type { MyLearning, refunds } from '@learning/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeSession, renderApp } from './fixtures';

const address = () => screen.getByTestId('address');
const noStreak = { days: 0, todayMinutes: 0, goalMinutes: 10 };
const nothing: MyLearning = { monsterplans: [], lessons: [], streak: noStreak };
const entry = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
/** The payment fields of an entry (wire contract section 1): its price, the early price only while pending and it lasts, and what the request recorded. */
const offer = (price: string, paymentInstructions = '', earlyPrice: string | null = null, earlyPriceUntil: string | null = null, requestPrice = earlyPrice ?? price) => ({
  price,
  requestPrice,
  paymentInstructions,
  earlyPrice,
  earlyPriceUntil,
});

const learning: MyLearning = {
  streak: noStreak,
  monsterplans: [
    {
      _id: 'p1',
      name: 'Monster plan 1',
      ...offer('49000', 'Хаан банк 5000 123 456'),
      access: 'approved',
      totalSeconds: 600,
      listenedSeconds: 150,
      status: 'in-progress',
      continue: { videoId: 'p1-v2', week: 1, dayOfWeek: 2, position: 20 },
    },
    { _id: 'p2', name: 'Monster plan 2', ...offer('49000'), access: 'pending', totalSeconds: 900, listenedSeconds: 0, status: 'not-started', continue: null },
  ],
  lessons: [{ _id: 'l1', name: 'IELTS сонсгол', ...offer('111000'), access: 'approved', totalSeconds: 180, listenedSeconds: 0, status: 'not-started', continue: null }],
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
    expect(plan2.getByRole('heading', { level: 4, name: 'Төлбөр төлөх заавар' })).toBeInTheDocument();
    expect(plan2.getByText(/Сургалтын төв төлбөрийг шалгасны дараа хүсэлтийг зөвшөөрнө/)).toBeInTheDocument();
    expect(plan2.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(plan2.queryByRole('link', { name: /Үргэлжлүүлэх|Эхлэх/ })).not.toBeInTheDocument();

    const bundle = within(entry('IELTS сонсгол'));
    expect(bundle.getByText('Эхлээгүй')).toBeInTheDocument();
    expect(bundle.getByRole('link', { name: 'Эхлэх' })).toHaveAttribute('href', '/product-remote-lesson/l1');

    await userEvent.click(plan1.getByRole('link', { name: /Үргэлжлүүлэх/ }));
    await waitFor(() => expect(address()).toHaveTextContent('/product-monster-plan/p1?video=p1-v2'));
  });

  it('tells a pending learner how to pay: the price their request recorded (the early one, its deadline passed since), the instructions as written, and that a notification comes with the approval', async () => {
    const instructions = 'Хаан банк: 5000 123 456\nХүлээн авагч: Сургалтын төв\nГүйлгээний утга: таны имэйл';
    const pending: MyLearning = {
      streak: noStreak,
      monsterplans: [
        { _id: 'p2', name: 'Monster plan 2', ...offer('49000', instructions, null, null, '35000'), access: 'pending', totalSeconds: 900, listenedSeconds: 0, status: 'not-started', continue: null },
      ],
      lessons: [{ _id: 'l2', name: 'Дүрэм', ...offer('111000'), access: 'pending', totalSeconds: 0, listenedSeconds: 0, status: 'not-started', continue: null }],
    };
    fakeSession(aUser({ pendingMonsterplans: ['p2'], pendingLessons: ['l2'] }), { 'GET /v1/progress/mine': { body: pending } });
    renderApp('/me');
    await screen.findByRole('heading', { level: 3, name: 'Monster plan 2' });

    const plan = within(within(entry('Monster plan 2')).getByRole('region', { name: 'Төлбөр төлөх заавар' }));
    expect(plan.getByText('Төлөх дүн:', { exact: false }).querySelector('strong')).toHaveTextContent('35,000₮');
    expect(plan.getByText('49,000₮').tagName).toBe('S');
    expect(plan.getByText('(хүсэлт илгээсэн үеийн үнэ)')).toBeInTheDocument();
    // As the administrator wrote it, line breaks kept (the panel's text is pre-wrapped).
    expect(plan.getByText(/Хаан банк: 5000 123 456/).textContent).toBe(instructions);
    expect(plan.getByRole('link', { name: 'Мэдэгдлүүд' })).toHaveAttribute('href', '/notifications');

    // No instructions written: pay at the centre.
    const bundle = within(within(entry('Дүрэм')).getByRole('region', { name: 'Төлбөр төлөх заавар' }));
    expect(bundle.getByText('111,000₮')).toBeInTheDocument();
    expect(bundle.getByText('Төлбөрөө сургалтын төвд биечлэн төлнө үү.')).toBeInTheDocument();
  });

  it("says 'Төлсөн' with the price the request recorded once access is granted, and shows no payment instructions", async () => {
    const approved: MyLearning = {
      streak: noStreak,
      monsterplans: [
        { _id: 'p1', name: 'Monster plan 1', ...offer('49000', 'Хаан банк 5000 123 456', null, null, '35000'), access: 'approved', totalSeconds: 600, listenedSeconds: 0, status: 'not-started', continue: null },
      ],
      lessons: [],
    };
    fakeSession(aUser({ monsterplans: ['p1'] }), { 'GET /v1/progress/mine': { body: approved } });
    renderApp('/me');
    const plan = within(await screen.findByRole('heading', { level: 3, name: 'Monster plan 1' }).then((heading) => heading.closest('li')!));
    expect(plan.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Төлсөн: 35,000₮')).toBeInTheDocument();
    expect(plan.queryByText('49,000₮')).not.toBeInTheDocument();
    expect(plan.queryByRole('region', { name: 'Төлбөр төлөх заавар' })).not.toBeInTheDocument();
    expect(plan.queryByText(/Хаан банк/)).not.toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Эхлэх' })).toBeInTheDocument();
  });

  it("shows the streak of days and today's minutes against the goal to a learner with an approved plan or bundle", async () => {
    fakeSession(aUser({ monsterplans: ['p1'] }), { 'GET /v1/progress/mine': { body: { ...learning, streak: { days: 4, todayMinutes: 6, goalMinutes: 10 } } } });
    renderApp('/me');
    const streak = within(await screen.findByRole('region', { name: 'Өдөр бүрийн дадал' }));
    expect(streak.getByText('4 өдөр дараалан')).toBeInTheDocument();
    expect(streak.getByText(/Өнөөдөр 6 \/ 10 минут сонссон\./)).toBeInTheDocument();
    expect(streak.getByRole('progressbar')).toHaveAttribute('value', '6');
  });

  it('invites a learner with no streak yet to start today, and shows none to one whose requests all wait', async () => {
    fakeSession(aUser({ monsterplans: ['p1'] }), { 'GET /v1/progress/mine': { body: learning } });
    const first = renderApp('/me');
    expect(within(await screen.findByRole('region', { name: 'Өдөр бүрийн дадал' })).getByText('Өнөөдрөөс эхлээрэй')).toBeInTheDocument();
    first.unmount();
    const waiting: MyLearning = { ...learning, monsterplans: learning.monsterplans.filter((plan) => plan.access === 'pending'), lessons: [] };
    fakeSession(aUser({ pendingMonsterplans: ['p2'] }), { 'GET /v1/progress/mine': { body: waiting } });
    renderApp('/me');
    await screen.findByRole('heading', { level: 3, name: 'Monster plan 2' });
    expect(screen.queryByRole('region', { name: 'Өдөр бүрийн дадал' })).not.toBeInTheDocument();
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
      'GET /v1/me/refunds': { body: { result: [] } },
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

  describe('refunds', () => {
    const claims: refunds.MyRefunds = {
      result: [
        { _id: 'r1', monsterplan: { _id: 'p1', name: 'Monster plan 1' }, kind: 'aloud', amount: 10000, earnedAt: '2026-12-09T02:00:00.000Z', state: 'earned', paidAt: null, paidVia: null },
        {
          _id: 'r2',
          monsterplan: { _id: 'p1', name: 'Monster plan 1' },
          kind: 'exam',
          amount: 10000,
          earnedAt: '2026-12-01T02:00:00.000Z',
          state: 'paid',
          paidAt: '2026-12-05T03:00:00.000Z',
          paidVia: 'qpay_refund',
        },
      ],
    };

    it('lists each refund with its state in Mongolian, how and when it was paid, and links to the settings while an account is missing', async () => {
      fakeSession(aUser(), { 'GET /v1/progress/mine': { body: nothing }, 'GET /v1/me/refunds': { body: claims } });
      renderApp('/me');
      const section = within(await screen.findByRole('region', { name: 'Буцаан олголт' }));
      expect(section.getByText('Буцаан олголтоо авахын тулд дансны мэдээллээ оруулна уу.', { exact: false })).toBeInTheDocument();
      expect(section.getByRole('link', { name: 'Дансны мэдээлэл оруулах' })).toHaveAttribute('href', '/me/settings');
      const items = section.getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'Monster plan 1 · Уншлага · 10,000₮Олгох эрх үүссэн 2026 оны 12-р сарын 9-нд үүссэн',
        'Monster plan 1 · Шалгалт · 10,000₮Олгосон 2026 оны 12-р сарын 5-нд QPay-ээр буцаасан',
      ]);
    });

    it('asks for no account once it is given, and shows no refunds part to a learner who earned none', async () => {
      const given = { result: [{ ...claims.result[0]!, state: 'details_given' as const }] };
      fakeSession(aUser(), { 'GET /v1/progress/mine': { body: nothing }, 'GET /v1/me/refunds': { body: given } });
      const { unmount } = renderApp('/me');
      expect(await screen.findByText('Дансны мэдээлэл өгсөн')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Дансны мэдээлэл оруулах' })).not.toBeInTheDocument();
      unmount();

      fakeSession(aUser(), { 'GET /v1/progress/mine': { body: nothing }, 'GET /v1/me/refunds': { body: { result: [] } } });
      renderApp('/me');
      await screen.findByText('Та одоогоор ямар нэг хөтөлбөр, багцад хамрагдаагүй байна.');
      expect(screen.queryByRole('region', { name: 'Буцаан олголт' })).not.toBeInTheDocument();
    });
  });

  describe('paid by QPay', () => {
    const paid = {
      invoiceId: 'i1',
      request: { _id: 'q1', kind: 'monsterplan' as const },
      name: 'Monster plan 1',
      amount: 49000,
      paidAt: '2026-12-09T02:00:00.000Z',
      paymentId: '4012345',
    };
    const qrImage = 'iVBORw0KGgo=';

    it("shows each payment, with its e-receipt's number and QR code once QPay made it", async () => {
      fakeSession(aUser(), {
        'GET /v1/progress/mine': { body: nothing },
        'GET /v1/me/refunds': { body: { result: [] } },
        'GET /v1/payments/qpay/receipts': {
          body: { result: [{ ...paid, receipt: { number: '000123456789', qrData: 'qr-data', qrImage } }, { ...paid, invoiceId: 'i2', name: 'IELTS сонсгол', receipt: null }] },
        },
      });
      renderApp('/me');
      const section = within(await screen.findByRole('region', { name: 'QPay-ээр төлсөн төлбөр' }));
      const [withReceipt, without] = section.getAllByRole('listitem');
      expect(withReceipt).toHaveTextContent('Monster plan 1 · 49,000₮ · 2026 оны 12-р сарын 9, 10:00');
      expect(withReceipt).toHaveTextContent('И-баримтын дугаар: 000123456789');
      expect(within(withReceipt!).getByRole('img', { name: 'И-баримт 000123456789-ийн QR код' })).toHaveAttribute('src', `data:image/png;base64,${qrImage}`);
      expect(without).toHaveTextContent('QPay төлбөрийн дугаар: 4012345');
      expect(within(without!).queryByRole('img')).not.toBeInTheDocument();
    });

    it('shows nothing of QPay to a learner who never paid by it', async () => {
      fakeSession(aUser(), { 'GET /v1/progress/mine': { body: nothing }, 'GET /v1/me/refunds': { body: { result: [] } } });
      renderApp('/me');
      await screen.findByText('Та одоогоор ямар нэг хөтөлбөр, багцад хамрагдаагүй байна.');
      expect(screen.queryByRole('region', { name: 'QPay-ээр төлсөн төлбөр' })).not.toBeInTheDocument();
    });
  });
});
