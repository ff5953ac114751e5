// How far a learner got, the same on the plan page, the bundle dialog and /me: a status
// in words (never colour alone) and "N of M minutes listened" with its bar.
import type { ProgressStatus } from '@learning/contracts';
import { useTranslation } from '../i18n/useTranslation';
import { Badge, type BadgeTone } from './Badge';

const toneOf: Record<ProgressStatus, BadgeTone> = { complete: 'success', 'in-progress': 'info', 'not-started': 'neutral' };
const signOf: Record<ProgressStatus, string> = { complete: '✓', 'in-progress': '◐', 'not-started': '○' };

/** Complete, in progress or not started, as a label. */
export function ProgressMark({ status, className }: { status: ProgressStatus; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge tone={toneOf[status]} className={['lp-progress-mark', className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{signOf[status]}</span>
      {t(`progress.status.${status}`)}
    </Badge>
  );
}

/** Minutes heard of the whole, rounded to the minute. */
export function minutesOf(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 60);
}

/** "N of M minutes listened" and a bar of the same share. */
export function MinutesListened({ listenedSeconds, totalSeconds, className }: { listenedSeconds: number; totalSeconds: number; className?: string }) {
  const { t } = useTranslation('common');
  const listened = minutesOf(Math.min(listenedSeconds, totalSeconds));
  const total = minutesOf(totalSeconds);
  const text = t('progress.minutes', { listened, total });
  return (
    <div className={['lp-listened', className].filter(Boolean).join(' ')}>
      <p className="lp-listened__text">{text}</p>
      <progress className="lp-listened__bar" max={Math.max(totalSeconds, 1)} value={Math.min(listenedSeconds, totalSeconds)} aria-label={text} />
    </div>
  );
}
