// The plan's schedule: weeks in order, each with its days. For an approved learner a day is a button
// that plays it; for anyone else the list only shows what the plan holds.
import { EmptyState, Truncated, useTranslation } from '@learning/platform';
import type { catalog } from '@learning/contracts';

export interface WeekDayListProps {
  plan: catalog.Monsterplan;
  chosenId: string | null;
  /** null: the days are not playable by this visitor. */
  onChoose: ((videoId: string) => void) | null;
}

export function WeekDayList({ plan, chosenId, onChoose }: WeekDayListProps) {
  const { t } = useTranslation('monster');
  return (
    <section className="plan-schedule" aria-labelledby="plan-schedule">
      <h2 id="plan-schedule" className="monster-section-title">
        {t('detail.schedule')}
      </h2>
      {plan.populatedVideos.length === 0 ? (
        <EmptyState>{t('detail.noVideos')}</EmptyState>
      ) : (
        plan.populatedVideos.map(({ week, videos }) => (
          <section key={week} className="plan-week" aria-labelledby={`plan-week-${week}`}>
            <h3 id={`plan-week-${week}`} className="plan-week__title">
              {t('detail.week', { week })}
            </h3>
            <ol className="plan-days">
              {videos.map((video) => {
                const content = (
                  <>
                    <span className="plan-day__number">{t('detail.day', { day: video.dayOfWeek })}</span>
                    <span className="plan-day__name">
                      <Truncated text={video.name} />
                    </span>
                  </>
                );
                return (
                  <li key={video._id}>
                    {onChoose ? (
                      <button
                        type="button"
                        className="plan-day plan-day--playable"
                        aria-current={video._id === chosenId ? 'true' : undefined}
                        onClick={() => onChoose(video._id)}
                      >
                        {content}
                      </button>
                    ) : (
                      <div className="plan-day">{content}</div>
                    )}
                  </li>
                );
              })}
            </ol>
          </section>
        ))
      )}
    </section>
  );
}
