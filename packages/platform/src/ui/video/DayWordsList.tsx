// The day's words beside the video, those heard in the current line marked; and the same words
// marked in that line's text in the list of lines.
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { markedPieces } from './word-marks';

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

/** A line's text with the day's words in it marked (SentenceList's marks), or nothing without words. */
export function dayWordMarks(words: readonly string[]): ((text: string) => ReactNode) | undefined {
  if (words.length === 0) return undefined;
  return (text) =>
    markedPieces(text, words).map((piece, index) =>
      piece.isMarked ? (
        <mark key={index} className="lp-lines__mark">
          {piece.text}
        </mark>
      ) : (
        piece.text
      ),
    );
}
