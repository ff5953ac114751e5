// The way to the exam. Where its button sits on the plan page: not the first call to action
// from day one but after the week/day list, and first, as the primary action, once the learner has
// heard 80 % of the plan. Whether it is there at all: only while the plan's bank can fill an exam (the
// list card's mention too), except to go on with an attempt under way. And the result, passed or not.
import { aUser, fakeSession } from '@learning/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { storageKeyOf } from '../src/screens/exam/exam-run';
import { aPlan, aPlanProgress, fakeExamServer, renderMonster, shortBank } from './fixtures';

const plan = aPlan({ _id: 'p1', exam: true });
const approved = aUser({ monsterplans: ['p1'] });
const complete = { listenedSeconds: 60, position: 60, status: 'complete' as const };
const half = { listenedSeconds: 30, position: 30, status: 'in-progress' as const };
const isBefore = (first: Element, second: Element) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

async function examLinkWith(heard: Parameters<typeof aPlanProgress>[1]) {
  fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan }, 'GET /v1/progress/monsterplans/p1': { body: aPlanProgress('p1', heard) } });
  renderMonster('/product-monster-plan/p1');
  // The minutes heard are shown once the progress is in: the exam's place is decided by then.
  await screen.findByRole('progressbar');
  return screen.getByRole('link', { name: 'Шалгалт өгөх' });
}

describe("the exam's place on the plan page", () => {
  it('sits after the week/day list, as a secondary action with a word on when to take it, below 80 % heard', async () => {
    // 90 of the plan's 180 seconds: 50 %.
    const link = await examLinkWith({ 'p1-v1': complete, 'p1-v2': half });
    expect(link).toHaveAttribute('href', '/product-monster-plan/p1/exam');
    expect(link).toHaveClass('lp-button--secondary');
    expect(isBefore(screen.getByRole('region', { name: 'Хичээлийн хуваарь' }), link)).toBe(true);
    expect(isBefore(link, screen.getByRole('region', { name: 'Видео тоглуулагч' }))).toBe(false);
    expect(screen.getByText('Шалгалтыг нэг л удаа өгнө. Хөтөлбөрийн 80%-ийг сонссоны дараа өгөхийг зөвлөж байна.')).toBeInTheDocument();
  });

  it('comes first, as the primary action, once 80 % of the plan is heard', async () => {
    // 150 of 180 seconds: 83 %.
    const link = await examLinkWith({ 'p1-v1': complete, 'p1-v2': complete, 'p1-v3': half });
    expect(link).toHaveClass('lp-button--primary');
    expect(isBefore(link, screen.getByRole('region', { name: 'Видео тоглуулагч' }))).toBe(true);
    expect(isBefore(link, screen.getByRole('region', { name: 'Хичээлийн хуваарь' }))).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Шалгалт өгөх' })).toHaveLength(1);
    expect(screen.queryByText(/80%-ийг сонссоны дараа/)).not.toBeInTheDocument();
  });
});

describe('the exam offered only while its question bank can fill one', () => {
  const cardOf = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('article')!);

  it('says "Шалгалттай" on a plan card only when the plan offers its exam', async () => {
    fakeSession(approved, {
      'GET /v1/monsterplans': {
        body: [
          aPlan({ _id: 'p1', name: 'Monster plan 1', exam: true }),
          aPlan({ _id: 'p2', name: 'Monster plan 2', exam: true, examQuestions: shortBank }),
          aPlan({ _id: 'p3', name: 'Monster plan 3', exam: false }),
        ],
      },
    });
    renderMonster('/product-monster-plan');
    expect((await cardOf('Monster plan 1')).getByText('3 өдөр · Шалгалттай')).toBeInTheDocument();
    expect((await cardOf('Monster plan 2')).getByText('3 өдөр')).toBeInTheDocument();
    expect((await cardOf('Monster plan 3')).getByText('3 өдөр')).toBeInTheDocument();
    expect(screen.getAllByText(/Шалгалттай/)).toHaveLength(1);
  });

  it('shows an approved learner no way to the exam while the bank is short', async () => {
    const gateway = fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: aPlan({ _id: 'p1', exam: true, examQuestions: shortBank }) }, ...fakeExamServer().routes });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByText('Эрх нээгдсэн')).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls.some((call) => call.path === '/v1/monsterplans/p1/exam/attempt')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Шалгалт өгөх' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Шалгалтаа үргэлжлүүлэх' })).not.toBeInTheDocument();
  });
});

describe('an exam under way', () => {
  it('is offered to continue, first on the plan page, when this browser started it', async () => {
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan } });
    localStorage.setItem(storageKeyOf('p1'), 'started');
    renderMonster('/product-monster-plan/p1');
    const link = await screen.findByRole('link', { name: 'Шалгалтаа үргэлжлүүлэх' });
    expect(link).toHaveAttribute('href', '/product-monster-plan/p1/exam');
    expect(link).toHaveClass('lp-button--primary');
    expect(isBefore(link, screen.getByRole('region', { name: 'Видео тоглуулагч' }))).toBe(true);
    expect(screen.queryByRole('link', { name: 'Шалгалт өгөх' })).not.toBeInTheDocument();
  });

  it('is offered to continue when the server says it is in progress, even once the bank has shrunk', async () => {
    const inProgress = fakeExamServer({ answered: ['q1b', 'q2b', null] });
    fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: aPlan({ _id: 'p1', exam: true, examQuestions: shortBank }) }, ...inProgress.routes });
    renderMonster('/product-monster-plan/p1');
    expect(await screen.findByRole('link', { name: 'Шалгалтаа үргэлжлүүлэх' })).toHaveAttribute('href', '/product-monster-plan/p1/exam');
    expect(screen.queryByRole('link', { name: 'Шалгалт өгөх' })).not.toBeInTheDocument();
  });

  it('is not offered once the server says the attempt has ended, whatever this browser remembers', async () => {
    const ended = fakeExamServer({ result: { percent: 50, totalQuestions: 40, correctQuestions: 20, passed: false } });
    const gateway = fakeSession(approved, { 'GET /v1/monsterplans/p1': { body: plan }, ...ended.routes });
    localStorage.setItem(storageKeyOf('p1'), 'started');
    renderMonster('/product-monster-plan/p1');
    await screen.findByRole('region', { name: 'Хичээлийн хуваарь' });
    await waitFor(() => expect(gateway.calls.some((call) => call.path === '/v1/monsterplans/p1/exam/attempt')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Шалгалт/ })).not.toBeInTheDocument());
  });
});

describe("the exam's result on the plan page", () => {
  it.each([
    [36, 'Тэнцлээ'],
    [34, 'Тэнцсэнгүй'],
  ])('says %i of 40 right in words: %s', async (correctQuestions, verdict) => {
    const taken = aUser({ monsterplans: ['p1'], monsterplanExam: [{ id: 'p1', percent: (correctQuestions / 40) * 100, correctQuestions, totalQuestions: 40 }] });
    fakeSession(taken, { 'GET /v1/monsterplans/p1': { body: plan } });
    renderMonster('/product-monster-plan/p1');
    const score = await screen.findByText(`Шалгалтын дүн: ${correctQuestions}/40 зөв`);
    expect(score.parentElement).toHaveTextContent(`Шалгалтын дүн: ${correctQuestions}/40 зөв${verdict}`);
    expect(screen.getByText(verdict)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Шалгалт/ })).not.toBeInTheDocument();
  });
});
