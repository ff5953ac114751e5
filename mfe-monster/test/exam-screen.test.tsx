// The exam page (spec sections 2 and 4) over a stand-in of the exam service: who gets in (not while
// the plan's bank is short, unless an attempt is under way), the question with its niceWord
// highlighted, each answer sent as it is chosen, the attempt ended with the answers sealed, the result
// shown, passed or not, and the flag cleared; an attempt in progress resumed at its next question, one
// that has ended sent back to the plan, and a retry after the network failed.
import { openPayload, payloadKey } from '@learning/contracts';
import { setRuntimeConfig } from '@learning/platform';
import { aUser, fakeSession } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { storageKeyOf } from '../src/screens/exam/exam-run';
import { address, aPlan, fakeExamServer, renderMonster, shortBank } from './fixtures';

const secret = 'screen-test-secret';
const plan = aPlan({ _id: 'p1', exam: true });
const approved = aUser({ monsterplans: ['p1'] });

function session(user = approved, server = fakeExamServer(), answers = {}) {
  const gateway = fakeSession(user, {
    'GET /v1/monsterplans/p1': { body: plan },
    ...server.routes,
    ...answers,
  });
  return { gateway, server };
}

/** Says the one attempt is understood, then starts: the intro's Start waits for that. */
async function startExam() {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Ганц л оролдлоготойг ойлголоо' }));
  fireEvent.click(screen.getByRole('button', { name: 'Шалгалт эхлүүлэх' }));
}

async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it.each([
  ['a learner with a result for the plan', aUser({ monsterplans: ['p1'], monsterplanExam: [{ id: 'p1', percent: 50, correctQuestions: 20, totalQuestions: 40 }] }), plan],
  ['a learner not approved for the plan', aUser(), plan],
  ['a plan without an exam', approved, aPlan({ _id: 'p1', exam: false })],
  ['a plan whose question bank is short of one exam', approved, aPlan({ _id: 'p1', exam: true, examQuestions: shortBank })],
])('sends %s to the plan page', async (_who, user, shownPlan) => {
  session(user, fakeExamServer(), { 'GET /v1/monsterplans/p1': { body: shownPlan } });
  renderMonster('/product-monster-plan/p1/exam');
  await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1$/));
});

it('lets a learner go on with an attempt under way though the bank has shrunk since it began', async () => {
  session(approved, fakeExamServer({ answered: ['q1b', 'q2b'] }), { 'GET /v1/monsterplans/p1': { body: aPlan({ _id: 'p1', exam: true, examQuestions: shortBank }) } });
  renderMonster('/product-monster-plan/p1/exam');
  expect(await screen.findByText('Шалгалт үргэлжилж байна. Дараагийн асуултаас эхэлнэ.')).toBeInTheDocument();
  await advance(7000);
  expect(screen.getByText('Асуулт 3 / 40')).toBeInTheDocument();
  expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1\/exam$/);
});

it('sends a learner whose attempt has ended on the server back to the plan page, and clears the flag', async () => {
  session(approved, fakeExamServer({ result: { percent: 50, totalQuestions: 40, correctQuestions: 20, passed: false } }));
  localStorage.setItem(storageKeyOf('p1'), 'started');
  renderMonster('/product-monster-plan/p1/exam');
  await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1$/));
  expect(localStorage.getItem(storageKeyOf('p1'))).toBeNull();
});

it('goes back to the plan page when the server refuses the attempt (409)', async () => {
  session(approved, fakeExamServer(), {
    'GET /v1/monsterplans/p1/exam/attempt': { status: 409, body: { message: 'Энэ хөтөлбөрт шалгалт байхгүй.', code: 'exam_not_enabled' } },
  });
  renderMonster('/product-monster-plan/p1/exam');
  await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1$/));
});

it('runs the whole exam: countdown, each question revealed with the niceWord highlighted, each answer sent, the sealed end, the result', async () => {
  const { gateway, server } = session();
  // As the gateway's /config.json says when it encrypts payloads.
  setRuntimeConfig({ payloadSecret: secret });
  renderMonster('/product-monster-plan/p1/exam');
  expect(await screen.findByText(/40 асуулт, асуулт бүрт 9 секунд/)).toBeInTheDocument();
  await startExam();
  expect(screen.getByTestId('exam-countdown')).toHaveTextContent('7');
  await advance(7000);
  expect(screen.getByText('Асуулт 1 / 40')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveTextContent('9 секунд');
  const marks = document.querySelectorAll('mark');
  expect([...marks].map((mark) => mark.textContent)).toEqual(['Forecast', 'forecast']);
  expect(localStorage.getItem(storageKeyOf('p1'))).not.toBeNull();

  for (let number = 1; number <= 40; number++) {
    expect(screen.getByText(`Асуулт ${number} / 40`)).toBeInTheDocument();
    if (number === 6) {
      await advance(9000);
      expect(screen.getByRole('timer')).toHaveTextContent('Хугацаа дууслаа');
      expect(screen.getByRole('button', { name: /a-6/ })).toBeDisabled();
      await advance(1000);
    } else if (number === 7) {
      fireEvent.keyDown(window, { key: '3' });
      await advance(0);
    } else {
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`b-${number}$`) }));
      await advance(0);
    }
  }
  expect(server.recorded.slice(4, 8)).toEqual(['q5b', 999, 'q7c', 'q8b']);
  // Sealing is real WebCrypto work, not a timer: wait for it on the real clock.
  jest.useRealTimers();
  expect(await screen.findByTestId('exam-percent', {}, { timeout: 10_000 })).toHaveTextContent('95%');
  expect(screen.getByText('Тэнцлээ')).toBeInTheDocument();
  expect(screen.getByTestId('exam-correct')).toHaveTextContent('38');
  expect(screen.getByTestId('exam-total')).toHaveTextContent('40');
  expect(localStorage.getItem(storageKeyOf('p1'))).toBeNull();

  const post = gateway.calls.find((call) => call.method === 'POST' && call.path === '/v1/monsterplans/p1/exam')!;
  expect(post.body).toMatchObject({ id: 'p1', user: approved._id, data: expect.stringMatching(/^v1\./) });
  const answers = JSON.parse(await openPayload(await payloadKey(secret), (post.body as { data: string }).data));
  expect(answers).toHaveLength(40);
  expect(answers.slice(4, 7)).toEqual([
    { question: 'q5', answer: 'q5b' },
    { question: 'q6', answer: 999 },
    { question: 'q7', answer: 'q7c' },
  ]);
});

it('resumes an attempt in progress, in a browser that never saw it: no intro, says the open question counted 999, goes on at the next', async () => {
  const { server } = session(approved, fakeExamServer({ answered: ['q1b', 'q2b', null] }));
  renderMonster('/product-monster-plan/p1/exam');
  expect(await screen.findByText('Шалгалт үргэлжилж байна. Хуудсаа орхих үед харагдаж байсан асуулт хугацаа дууссанд тооцогдлоо.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Шалгалт эхлүүлэх' })).toBeNull();
  expect(screen.getByTestId('exam-countdown')).toHaveTextContent('7');
  await advance(7000);
  expect(screen.getByText('Асуулт 4 / 40')).toBeInTheDocument();
  expect(server.recorded).toEqual(['q1b', 'q2b', 999, null]);
  expect(localStorage.getItem(storageKeyOf('p1'))).not.toBeNull();
});

it('says a failing result is not passed, in words beside its score', async () => {
  session(approved, fakeExamServer({ answered: Array.from({ length: 39 }, () => 999) }));
  setRuntimeConfig({ payloadSecret: null });
  renderMonster('/product-monster-plan/p1/exam');
  await screen.findByTestId('exam-countdown');
  await advance(7000);
  fireEvent.click(screen.getByRole('button', { name: /a-40$/ }));
  jest.useRealTimers();
  expect(await screen.findByTestId('exam-percent')).toHaveTextContent('0%');
  expect(screen.getByText('Тэнцсэнгүй')).toBeInTheDocument();
  expect(screen.queryByText('Тэнцлээ')).not.toBeInTheDocument();
});

it('offers to send an answer again when the network failed, and goes on once it is recorded', async () => {
  const { server } = session();
  renderMonster('/product-monster-plan/p1/exam');
  await startExam();
  await advance(7000);
  server.failNext('answer');
  fireEvent.click(screen.getByRole('button', { name: /b-1$/ }));
  await advance(0);
  expect(screen.getByText('Хариултуудыг илгээж чадсангүй.')).toBeInTheDocument();
  expect(screen.getByText('Сүлжээний холболтоо шалгаад дахин илгээнэ үү.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Дахин илгээх' }));
  await advance(0);
  expect(screen.getByText('Асуулт 2 / 40')).toBeInTheDocument();
  expect(server.recorded).toEqual(['q1b', null]);
});

it('asks before leaving mid-exam: a link elsewhere stays unfollowed when the learner says no, and closing the tab warns', async () => {
  session();
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderMonster('/product-monster-plan/p1/exam');
  await startExam();
  await advance(7000);
  const elsewhere = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/home', textContent: 'Нүүр' }));
  expect(fireEvent.click(elsewhere)).toBe(false);
  expect(confirm).toHaveBeenCalledWith('Шалгалт дуусаагүй байна. Гарвал одоогийн асуулт хугацаа дууссанд тооцогдоно. Гарах уу?');
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  expect(unload.defaultPrevented).toBe(true);
  expect(screen.getByText('Асуулт 1 / 40')).toBeInTheDocument();
  elsewhere.remove();
  confirm.mockRestore();
});

it('says there is one attempt, and starts the 7-second countdown only once the learner says they understand', async () => {
  const { gateway } = session();
  renderMonster('/product-monster-plan/p1/exam');
  expect(await screen.findByText('Үгсийн сангийн шалгалт: 40 асуулт, асуулт бүрт 9 секунд.')).toBeInTheDocument();
  expect(screen.getByText('Танд ганц л оролдлого бий: эхлүүлсний дараа шалгалтыг дахин өгөх боломжгүй, дүн эцсийнх.')).toBeInTheDocument();
  const understood = screen.getByRole('checkbox', { name: 'Ганц л оролдлоготойг ойлголоо' });
  const start = screen.getByRole('button', { name: 'Шалгалт эхлүүлэх' });
  expect(understood).not.toBeChecked();
  expect(start).toBeDisabled();
  fireEvent.click(start);
  await advance(7000);
  expect(screen.queryByTestId('exam-countdown')).toBeNull();
  expect(gateway.calls.filter((call) => call.path.includes('/questions/'))).toHaveLength(0);

  fireEvent.click(understood);
  expect(start).toBeEnabled();
  fireEvent.click(start);
  expect(screen.getByTestId('exam-countdown')).toHaveTextContent('7');
  await advance(7000);
  expect(screen.getByText('Асуулт 1 / 40')).toBeInTheDocument();
});
