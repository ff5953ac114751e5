// Under the video, for listening line by line: previous / replay / next, the sentence loop and
// auto-pause toggles, and (folded, to keep a phone's row short) the loop's pause and count and the
// A–B loop over a stretch marked on the timeline.
import { useTranslation } from '../../i18n/useTranslation';
import { pauseChoices, repeatChoices, type ListeningSettings } from './listening-settings';
import { formatClock } from './clock';

export interface Stretch {
  start: number | null;
  end: number | null;
}

export interface SentenceControlsProps {
  settings: ListeningSettings;
  onSettings: (change: Partial<ListeningSettings>) => void;
  onPrevious: () => void;
  onReplay: () => void;
  onNext: () => void;
  stretch: Stretch;
  onMarkStart: () => void;
  onMarkEnd: () => void;
  onClearStretch: () => void;
  isWaiting: boolean;
  isDictating: boolean;
  onDictation: () => void;
}

export function SentenceControls({ settings, onSettings, onPrevious, onReplay, onNext, stretch, onMarkStart, onMarkEnd, onClearStretch, isWaiting, isDictating, onDictation }: SentenceControlsProps) {
  const { t } = useTranslation('common');
  const repeatLabel = (count: number) => (Number.isFinite(count) ? t('video.repeatTimes', { times: count }) : t('video.repeatEndless'));
  return (
    <div className="lp-line-controls">
      <div className="lp-line-controls__row" role="group" aria-label={t('video.lineControls')}>
        <button type="button" className="lp-player__chip" onClick={onPrevious} aria-label={t('video.previousLine')}>
          <span aria-hidden="true">«</span> {t('video.previousShort')}
        </button>
        <button type="button" className="lp-player__chip" onClick={onReplay} aria-label={t('video.replayLine')}>
          <span aria-hidden="true">↺</span> {t('video.replayShort')}
        </button>
        <button type="button" className="lp-player__chip" onClick={onNext} aria-label={t('video.nextLine')}>
          {t('video.nextShort')} <span aria-hidden="true">»</span>
        </button>
        <button type="button" className="lp-player__chip" aria-pressed={settings.isLooping} onClick={() => onSettings({ isLooping: !settings.isLooping })}>
          <span aria-hidden="true">↻</span> {t('video.loopLine')}
        </button>
        <button type="button" className="lp-player__chip" aria-pressed={settings.isAutoPausing} onClick={() => onSettings({ isAutoPausing: !settings.isAutoPausing })}>
          <span aria-hidden="true">‖</span> {t('video.autoPause')}
        </button>
        <button type="button" className="lp-player__chip" aria-pressed={isDictating} onClick={onDictation}>
          <span aria-hidden="true">✎</span> {t('video.dictation')}
        </button>
        {isWaiting && (
          <span className="lp-line-controls__waiting" aria-hidden="true">
            {t('video.waiting')}
          </span>
        )}
      </div>
      <details className="lp-line-controls__more">
        <summary>{t('video.loopSettings')}</summary>
        <div className="lp-line-controls__row">
          <label className="lp-player__quality">
            <span className="lp-player__bar-label">{t('video.loopPause')}</span>
            <select className="lp-player__select" value={settings.pauseSeconds} onChange={(event) => onSettings({ pauseSeconds: Number(event.target.value) })}>
              {pauseChoices.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {t('video.seconds', { seconds })}
                </option>
              ))}
            </select>
          </label>
          <label className="lp-player__quality">
            <span className="lp-player__bar-label">{t('video.loopCount')}</span>
            <select
              className="lp-player__select"
              value={Number.isFinite(settings.repeats) ? String(settings.repeats) : 'endless'}
              onChange={(event) => onSettings({ repeats: event.target.value === 'endless' ? Infinity : Number(event.target.value) })}
            >
              {repeatChoices.map((count) => (
                <option key={count} value={Number.isFinite(count) ? String(count) : 'endless'}>
                  {repeatLabel(count)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="lp-line-controls__row" role="group" aria-label={t('video.stretch')}>
          <span className="lp-player__bar-label">{t('video.stretch')}</span>
          <button type="button" className="lp-player__chip" aria-pressed={stretch.start !== null} onClick={onMarkStart} aria-label={t('video.markStart')}>
            A{stretch.start !== null && ` ${formatClock(stretch.start)}`}
          </button>
          <button type="button" className="lp-player__chip" aria-pressed={stretch.end !== null} onClick={onMarkEnd} aria-label={t('video.markEnd')}>
            B{stretch.end !== null && ` ${formatClock(stretch.end)}`}
          </button>
          {(stretch.start !== null || stretch.end !== null) && (
            <button type="button" className="lp-player__chip" onClick={onClearStretch}>
              {t('video.clearStretch')}
            </button>
          )}
        </div>
      </details>
    </div>
  );
}
