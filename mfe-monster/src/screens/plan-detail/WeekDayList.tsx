// The plan's schedule: weeks in order, each with its days. For an approved learner a day is a button
// that plays it, and each day and week is marked complete, in progress or not started; a day not
// released yet is locked, with the date it opens. For anyone else the list only shows what the plan holds.
import { EmptyState, Poster, ProgressMark, Truncated, useTranslation } from '@learning/platform';
import type { catalog, PlanProgress, ProgressStatus } from '@learning/contracts';
import { lockedUntil, releaseDateOf } from '../../day-release';

export interface WeekDayListProps {
  plan: catalog.Monsterplan;
  chosenId: string | null;
  /** null: the days are not playable by this visitor. */
  onChoose: ((videoId: string) => void) | null;
  /** The learner's marks, when there are. */
  progress: PlanProgress | null;
}

export function WeekDayList({ plan, chosenId, onChoose, progress }: WeekDayListProps) {
  const { t, i18n } = useTranslation('monster');
  const weekStatus = (week: number): ProgressStatus | undefined => progress?.weeks.find((mark) => mark.week === week)?.status;
  const dayStatus = (week: number, dayOfWeek: number): ProgressStatus | undefined =>
    progress?.days.find((mark) => mark.week === week && mark.dayOfWeek === dayOfWeek)?.status;
  return (
    <section className="plan-schedule" aria-labelledby="plan-schedule">
      <h2 id="plan-schedule" className="monster-section-title">
        {t('detail.schedule')}
      </h2>
      {plan.populatedVideos.length === 0 ? (
        <EmptyState>{t('detail.noVideos')}</EmptyState>
      ) : (
        <div className="plan-schedule__weeks">
          {plan.populatedVideos.map(({ week, videos }) => {
            const weekMark = weekStatus(week);
            return (
              <section key={week} className="plan-week" aria-labelledby={`plan-week-${week}`}>
                <div className="plan-week__head">
                  <h3 id={`plan-week-${week}`} className="plan-week__title">
                    {t('detail.week', { week })}
                  </h3>
                  {weekMark && <ProgressMark status={weekMark} />}
                </div>
                <ol className="plan-days">
                  {videos.map((video) => {
                    const dayMark = dayStatus(week, video.dayOfWeek);
                    const releasesAt = lockedUntil(progress, week, video.dayOfWeek);
                    const content = (
                      <>
                        <span className="plan-day__number">{t('detail.day', { day: video.dayOfWeek })}</span>
                        <span className="plan-day__name">
                          <Truncated text={video.name} />
                        </span>
                        {releasesAt ? (
                          <span className="plan-day__locked">
                            <span aria-hidden="true">🔒 </span>
                            {t('detail.opensOn', { date: releaseDateOf(releasesAt, i18n.language) })}
                          </span>
                        ) : (
                          dayMark && <ProgressMark status={dayMark} className="plan-day__mark" />
                        )}
                        {/* Last, so the day's number starts its name; the layout shows it first. */}
                        <Poster videoId={video._id} alt={t('detail.posterAlt', { day: video.dayOfWeek })} className="plan-day__poster" />
                      </>
                    );
                    return (
                      <li key={video._id}>
                        {onChoose && !releasesAt ? (
                          <button
                            type="button"
                            className="plan-day plan-day--playable"
                            aria-current={video._id === chosenId ? 'true' : undefined}
                            onClick={() => onChoose(video._id)}
                          >
                            {content}
                          </button>
                        ) : (
                          <div className={`plan-day${releasesAt ? ' plan-day--locked' : ''}`} aria-current={video._id === chosenId ? 'true' : undefined}>
                            {content}
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}
