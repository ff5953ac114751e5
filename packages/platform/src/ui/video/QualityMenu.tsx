// The quality menu of an HLS ladder (useQuality.ts), shown once there is more than Auto and one
// rendition to choose from.
import { useTranslation } from '../../i18n/useTranslation';
import type { Quality } from './hls-source';

export interface QualityMenuProps {
  quality: Quality;
  choices: readonly Quality[];
  labelOf: (choice: Quality) => string;
  onChoose: (quality: Quality) => void;
}

export function QualityMenu({ quality, choices, labelOf, onChoose }: QualityMenuProps) {
  const { t } = useTranslation('common');
  if (choices.length <= 2) return null;
  return (
    <label className="lp-player__quality">
      <span className="lp-player__bar-label">{t('video.quality')}</span>
      <select className="lp-player__select" value={quality} onChange={(event) => onChoose(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}
