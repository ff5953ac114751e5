// A plan whose days are released one a day: a day not released yet is locked in the
// schedule with the date it opens (the centre's calendar, Asia/Ulaanbaatar), does not play, and the
// server's refusal to play it (403 day_not_released) is shown instead of the player.
import type { PlanProgress } from '@learning/contracts';
import { aUser, fakeSession } from '@learning/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPlan, aPlanProgress, renderMonster } from './fixtures';

const plan = aPlan({ _id: 'p1', releaseDaily: true });
const approved = aUser({ monsterplans: ['p1'] });
const schedule = () => within(screen.getByRole('region', { name: 'Хичээлийн хуваарь' }));
const player = () => within(screen.getByRole('region', { name: 'Видео тоглуулагч' }));
// 00:00 of 9 December in Ulaanbaatar, still 8 December in UTC.
const releasesAt = '2026-12-08T16:00:00.000Z';

/** Day 1 of week 1 released, the next two days locked until their moments. */
function dailyProgress(): PlanProgress {
  const progress = aPlanProgress('p1');
  const moments = ['2026-12-07T16:00:00.000Z', releasesAt, '2026-12-09T16:00:00.000Z'];
  return {
    ...progress,
    days: progress.days.map((day, index) => ({ ...day, releasesAt: moments[index]!, isReleased: index === 0, assignedAt: index === 0 ? moments[0]! : null })),
  };
}

const playCalls = (gateway: ReturnType<typeof fakeSession>) => gateway.calls.filter((call) => call.path.includes('/play/'));

describe('days released one a day', () => {
  it('locks a day not released yet, with the date it opens, and does not play it', async () => {
    const gateway = fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { body: dailyProgress() },
      'GET /v1/monsterplans/p1/play/p1-v1': { body: { url: '/v1/media/video/p1-v1', sub: null } },
    });
    renderMonster('/product-monster-plan/p1');
    const week1 = await screen.findByRole('region', { name: '1-р долоо хоног' });
    await within(week1).findByText('2026 оны 12-р сарын 9-нд нээгдэнэ');
    // Day 2 is no button to press; day 1 is.
    expect(within(week1).queryByRole('button', { name: /2-р өдөр/ })).not.toBeInTheDocument();
    expect(within(week1).getByText('2-р өдөр').closest('.plan-day')).toHaveClass('plan-day--locked');
    expect(schedule().getByText('2026 оны 12-р сарын 10-нд нээгдэнэ')).toBeInTheDocument();
    await userEvent.click(within(week1).getByText('2-р өдөр'));
    expect(playCalls(gateway)).toHaveLength(0);

    await userEvent.click(within(week1).getByRole('button', { name: /1-р өдөр/ }));
    await waitFor(() => expect(document.querySelector('video')).toHaveAttribute('src', '/v1/media/video/p1-v1'));
  });

  it('shows the date instead of the player when a locked day is opened from its address', async () => {
    // (The play call may go out while the progress loads, as it does for every day; the server refuses it.)
    fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { body: dailyProgress() },
      'GET /v1/monsterplans/p1/play/p1-v2': { status: 403, body: { message: 'Энэ өдрийн хичээл 2026-12-09 00:00 цагт нээгдэнэ.', code: 'day_not_released' } },
    });
    renderMonster('/product-monster-plan/p1?video=p1-v2');
    await screen.findByText('Энэ өдрийн хичээл 2026 оны 12-р сарын 9-нд нээгдэнэ.');
    expect(player().getByText('Энэ өдрийн хичээл 2026 оны 12-р сарын 9-нд нээгдэнэ.')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it("shows the server's message when it refuses to play a day not released (403 day_not_released)", async () => {
    const message = 'Энэ өдрийн хичээл 2026-12-09 00:00 цагт нээгдэнэ.';
    // The progress could not be had: the page does not know the day is locked, the server does.
    fakeSession(approved, {
      'GET /v1/monsterplans/p1': { body: plan },
      'GET /v1/progress/monsterplans/p1': { status: 503, body: { message: 'Түр саатал.', code: 'unavailable' } },
      'GET /v1/monsterplans/p1/play/p1-v2': { status: 403, body: { message, code: 'day_not_released' } },
    });
    renderMonster('/product-monster-plan/p1?video=p1-v2');
    await screen.findByText(message);
    expect(player().getByText(message)).toBeInTheDocument();
    expect(player().queryByText('Энэ видеог үзэх эрх танд алга.')).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });
});
