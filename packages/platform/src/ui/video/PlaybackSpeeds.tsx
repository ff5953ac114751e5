// The speeds under the video: the spec's four (section 9) always in view as buttons, the finer slow
// ones for listening in a menu beside them.
import { useTranslation } from '../../i18n/useTranslation';
import { allSpeeds, playbackSpeeds, slowSpeeds, type PlaybackSpeed } from './playback-memory';

export function PlaybackSpeeds({ speed, onChoose }: { speed: PlaybackSpeed; onChoose: (speed: PlaybackSpeed) => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="lp-player__speeds" role="group" aria-label={t('video.speed')}>
      <span className="lp-player__bar-label" aria-hidden="true">
        {t('video.speed')}
      </span>
      {playbackSpeeds.map((option) => (
        <button
          key={option}
          type="button"
          className="lp-player__chip"
          aria-pressed={option === speed}
          aria-label={t('video.speedValueLabel', { speed: option })}
          onClick={() => onChoose(option)}
        >
          {t('video.speedValue', { speed: option })}
        </button>
      ))}
      <select
        className="lp-player__select lp-player__slow"
        aria-label={t('video.slowSpeeds')}
        value={slowSpeeds.some((slow) => slow === speed) ? String(speed) : ''}
        onChange={(event) => {
          const chosen = allSpeeds.find((option) => String(option) === event.target.value);
          if (chosen !== undefined) onChoose(chosen);
        }}
      >
        <option value="" disabled>
          {t('video.slowSpeedsPlaceholder')}
        </option>
        {slowSpeeds.map((option) => (
          <option key={option} value={String(option)}>
            {t('video.speedValue', { speed: option })}
          </option>
        ))}
      </select>
    </div>
  );
}
