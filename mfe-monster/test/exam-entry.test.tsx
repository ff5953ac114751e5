// Where the exam's button sits on the plan page (issue 20): not the first call to action from day one
// but after the week/day list, and first, as the primary action, once the learner has heard 80 % of the plan.
import { aUser, fakeSession } from '@learning/platform/testing';
import { screen } from '@testing-library/react';
import { aPlan, aPlanProgress, renderMonster } from './fixtures';

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

describe("the exam's place on the plan page (issue 20)", () => {
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
