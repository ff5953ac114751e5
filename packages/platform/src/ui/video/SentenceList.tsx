// The subtitle track as a list beside the video (below it on a phone): the line being heard marked and
// kept in view inside the list (never by scrolling the page), a tap plays from that line.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { Line } from './lines';
import { formatClock } from './clock';

export interface SentenceListProps {
  lines: readonly Line[];
  current: Line | null;
  onChoose: (line: Line) => void;
  /** Dictation: the lines' text is not shown (only their times). */
  isTextHidden?: boolean;
  /** Words to mark in the current line (the day's words). */
  marks?: (text: string) => React.ReactNode;
}

export function SentenceList({ lines, current, onChoose, isTextHidden = false, marks }: SentenceListProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const list = useRef<HTMLOListElement>(null);
  const currentIndex = current?.index ?? -1;

  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !item) return;
    // The list is positioned (listening-player.css), so the line's offsetTop is measured from it.
    const top = item.offsetTop;
    if (top < container.scrollTop || top + item.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
    }
  }, [currentIndex]);

  return (
    <section className="lp-lines" aria-labelledby={titleId}>
      <h3 id={titleId} className="lp-lines__title">
        {t('video.lines')}
      </h3>
      <ol ref={list} className="lp-lines__list">
        {lines.map((line) => (
          <li key={line.index}>
            <button
              type="button"
              className="lp-lines__line"
              aria-current={line.index === currentIndex ? 'true' : undefined}
              aria-label={isTextHidden ? t('video.lineHidden', { number: line.index + 1, time: formatClock(line.start) }) : undefined}
              onClick={() => onChoose(line)}
            >
              <span className="lp-lines__time">{formatClock(line.start)}</span>
              <span className="lp-lines__text">{isTextHidden ? '…' : line.index === currentIndex && marks ? marks(line.text) : line.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
