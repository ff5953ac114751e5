// The exam page (spec sections 2 and 4): who gets in, the question with its niceWord highlighted,
// the answers sent sealed after the last question, the result shown and the stored exam cleared.
import { openPayload, payloadKey, type exam } from '@learning/contracts';
import { setRuntimeConfig } from '@learning/platform';
import { aUser, fakeSession } from '@learning/platform/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { storageKeyOf } from '../src/screens/exam/exam-run';
import { address, aPlan, renderMonster } from './fixtures';

const secret = 'screen-test-secret';
const plan = aPlan({ _id: 'p1', exam: true });
const approved = aUser({ monsterplans: ['p1'] });

function questions(count: number): exam.ExamQuestion[] {
  return Array.from({ length: count }, (_, n) => ({
    identifier: `q${n}`,
    question: `The Forecast says forecast ${n}.`,
    niceWord: 'forecast',
    answers: ['a', 'b', 'c', 'd'].map((option) => ({ identifier: `q${n}${option}`, name: `${option}-${n}` })),
  }));
}

const result = { percent: 87.5, totalQuestions: 40, correctQuestions: 35, passed: true };

function session(user = approved, answers = {}) {
  return fakeSession(user, {
    'GET /v1/monsterplans/p1': { body: plan },
    'GET /v1/monsterplans/p1/exam': { body: questions(40) },
    'POST /v1/monsterplans/p1/exam': { body: result },
    ...answers,
  });
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
])('sends %s to the plan page', async (_who, user, shownPlan) => {
  session(user, { 'GET /v1/monsterplans/p1': { body: shownPlan } });
  renderMonster('/product-monster-plan/p1/exam');
  await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1$/));
});

it('goes back to the plan page when the server refuses the questions (409)', async () => {
  session(approved, { 'GET /v1/monsterplans/p1/exam': { status: 409, body: { message: 'Та энэ шалгалтыг өгсөн байна.', code: 'exam_taken' } } });
  renderMonster('/product-monster-plan/p1/exam');
  fireEvent.click(await screen.findByRole('button', { name: 'Шалгалт эхлүүлэх' }));
  await waitFor(() => expect(address()).toHaveTextContent(/^\/product-monster-plan\/p1$/));
});

it('runs the whole exam: countdown, questions with the niceWord highlighted, sealed answers, the result', async () => {
  const gateway = session();
  // As the gateway's /config.json says when it encrypts payloads.
  setRuntimeConfig({ payloadSecret: secret });
  renderMonster('/product-monster-plan/p1/exam');
  expect(await screen.findByText(/40 асуулт, асуулт бүрт 9 секунд/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Шалгалт эхлүүлэх' }));
  expect(screen.getByTestId('exam-countdown')).toHaveTextContent('7');
  await advance(7000);
  expect(screen.getByText('Асуулт 1 / 40')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveTextContent('9 секунд');
  const marks = document.querySelectorAll('mark');
  expect([...marks].map((mark) => mark.textContent)).toEqual(['Forecast', 'forecast']);
  expect(localStorage.getItem(storageKeyOf('p1'))).not.toBeNull();

  for (let n = 0; n < 40; n++) {
    if (n === 5) {
      await advance(9000);
      expect(screen.getByRole('timer')).toHaveTextContent('Хугацаа дууслаа');
      expect(screen.getByRole('button', { name: /a-5/ })).toBeDisabled();
      await advance(1000);
    } else if (n === 6) {
      fireEvent.keyDown(window, { key: '3' });
    } else {
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`b-${n}$`) }));
    }
  }
  // Sealing is real WebCrypto work, not a timer: wait for it on the real clock.
  jest.useRealTimers();
  expect(await screen.findByTestId('exam-percent', {}, { timeout: 10_000 })).toHaveTextContent('87.5%');
  expect(screen.getByTestId('exam-correct')).toHaveTextContent('35');
  expect(screen.getByTestId('exam-total')).toHaveTextContent('40');
  expect(localStorage.getItem(storageKeyOf('p1'))).toBeNull();

  const post = gateway.calls.find((call) => call.method === 'POST' && call.path === '/v1/monsterplans/p1/exam')!;
  expect(post.body).toMatchObject({ id: 'p1', user: approved._id, data: expect.stringMatching(/^v1\./) });
  const answers = JSON.parse(await openPayload(await payloadKey(secret), (post.body as { data: string }).data));
  expect(answers).toHaveLength(40);
  expect(answers[4]).toEqual({ question: 'q4', answer: 'q4b' });
  expect(answers[5]).toEqual({ question: 'q5', answer: 999 });
  expect(answers[6]).toEqual({ question: 'q6', answer: 'q6c' });
});

it('asks before leaving mid-exam: a link elsewhere stays unfollowed when the learner says no, and closing the tab warns', async () => {
  session();
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderMonster('/product-monster-plan/p1/exam');
  fireEvent.click(await screen.findByRole('button', { name: 'Шалгалт эхлүүлэх' }));
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
