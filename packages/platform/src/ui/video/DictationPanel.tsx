// Dictation: the subtitles hidden, the video pauses after each line and the learner types
// what they heard; the answer is marked word by word against the line (dictation.ts), then play goes on.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Alert } from '../feedback';
import { compareDictation, type DictationResult } from './dictation';
import type { Line } from './lines';

export interface DictationScore {
  lines: number;
  correctWords: number;
  totalWords: number;
}

export interface DictationPanelProps {
  /** The line just heard, waiting for the learner's answer; null while the video plays. */
  line: Line | null;
  score: DictationScore;
  onChecked: (line: Line, result: DictationResult) => void;
  onReplay: () => void;
  onContinue: () => void;
  /** Sends the score again, when its latest save failed; null otherwise. */
  onSaveAgain?: (() => void) | null;
}

export function DictationPanel({ line, score, onChecked, onReplay, onContinue, onSaveAgain = null }: DictationPanelProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const [answer, setAnswer] = useState('');
  const [checked, setChecked] = useState<{ index: number; result: DictationResult } | null>(null);
  const result = line && checked?.index === line.index ? checked.result : null;

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!line) return;
    const compared = compareDictation(line.text, answer);
    setChecked({ index: line.index, result: compared });
    onChecked(line, compared);
  };
  const next = () => {
    setAnswer('');
    setChecked(null);
    onContinue();
  };

  return (
    <section className="lp-dictation" aria-labelledby={titleId}>
      <h3 id={titleId} className="lp-lines__title">
        {t('video.dictation')}
      </h3>
      <p className="lp-dictation__score" aria-live="polite">
        {t('video.dictationScore', { correct: score.correctWords, total: score.totalWords, lines: score.lines })}
      </p>
      {onSaveAgain && (
        <Alert title={t('video.dictationUnsaved')}>
          <button type="button" className="lp-player__chip" onClick={onSaveAgain}>
            {t('video.dictationSaveAgain')}
          </button>
        </Alert>
      )}
      {!line && <p className="lp-dictation__hint">{t('video.dictationHint')}</p>}
      {line && !result && (
        <form className="lp-dictation__form" onSubmit={check}>
          <label className="lp-dictation__label" htmlFor={`${titleId}-answer`}>
            {t('video.dictationAnswer', { number: line.index + 1 })}
          </label>
          <input
            id={`${titleId}-answer`}
            className="lp-dictation__input"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            // The pause is the moment to type: the field is where the learner is taken.
            autoFocus
          />
          <div className="lp-line-controls__row">
            <button type="submit" className="lp-player__chip">
              {t('video.dictationCheck')}
            </button>
            <button type="button" className="lp-player__chip" onClick={onReplay}>
              {t('video.replayLine')}
            </button>
          </div>
        </form>
      )}
      {line && result && (
        <div className="lp-dictation__result">
          <p className="lp-dictation__summary">{t('video.dictationLineScore', { correct: result.correctWords, total: result.totalWords })}</p>
          <p className="lp-dictation__marks">
            {result.marks.map((mark, index) => (
              <span key={index} className={`lp-dictation__word lp-dictation__word--${mark.kind}`}>
                <span className="lp-visually-hidden">{t(`video.dictationMark.${mark.kind}`)} </span>
                {mark.word}
              </span>
            ))}
          </p>
          <p className="lp-dictation__line">
            {t('video.dictationYours')}: {answer}
          </p>
          <p className="lp-dictation__line">
            {t('video.dictationLine')}: {line.text}
          </p>
          <button type="button" className="lp-player__chip" onClick={next}>
            {t('video.dictationContinue')}
          </button>
        </div>
      )}
    </section>
  );
}
