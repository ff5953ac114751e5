// The player's keys listed under the video, folded until the learner opens the list.
import { useTranslation } from '../../i18n/useTranslation';
import { shortcutKeys } from './shortcuts';

export function KeysHelp() {
  const { t } = useTranslation('common');
  return (
    <details className="lp-player__keys">
      <summary>{t('video.keys')}</summary>
      <dl>
        {(Object.keys(shortcutKeys) as Array<keyof typeof shortcutKeys>).map((name) => (
          <div key={name}>
            <dt>
              {shortcutKeys[name].map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{t(`video.key.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
