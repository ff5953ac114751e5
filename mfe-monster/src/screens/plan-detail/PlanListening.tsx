// What an approved learner has heard of the plan: "N of M minutes listened" over the plan's
// real length, the programme's 1000-minute goal, and where to continue.
import { Button, formatClock, MinutesListened, useTranslation } from '@learning/platform';
import type { PlanPlace, PlanProgress } from '@learning/contracts';

export interface PlanListeningProps {
  progress: PlanProgress;
  /** The video playing now: no need to offer to continue it. */
  chosenId: string | null;
  onContinue: (place: PlanPlace) => void;
}

export function PlanListening({ progress, chosenId, onContinue }: PlanListeningProps) {
  const { t } = useTranslation('monster');
  const place = progress.continue;
  return (
    <section className="plan-listening" aria-labelledby="plan-listening">
      <h2 id="plan-listening" className="lp-visually-hidden">
        {t('detail.listening')}
      </h2>
      <MinutesListened listenedSeconds={progress.listenedSeconds} totalSeconds={progress.totalSeconds} />
      <p className="plan-listening__goal">{t('detail.goal', { minutes: progress.goalMinutes })}</p>
      {place && place.videoId !== chosenId && (
        <Button variant="primary" onClick={() => onContinue(place)}>
          {t('detail.continue', { day: place.dayOfWeek, week: place.week, time: formatClock(place.position) })}
        </Button>
      )}
    </section>
  );
}
