// The day's words beside the video, those heard in the current line marked.
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation';

export function DayWordsList({ words, heard }: { words: readonly string[]; heard: readonly string[] }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <section className="lp-words" aria-labelledby={titleId}>
      <h3 id={titleId} className="lp-lines__title">
        {t('video.dayWords')}
      </h3>
      <ul className="lp-words__list">
        {words.map((word) => {
          const isHeard = heard.includes(word);
          return (
            <li key={word} className={isHeard ? 'lp-words__word lp-words__word--heard' : 'lp-words__word'}>
              {word}
              {isHeard && <span className="lp-visually-hidden"> ({t('video.wordInLine')})</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
