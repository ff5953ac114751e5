// One question on screen: its number, the 9-second timer, the sentence with its niceWord highlighted,
// and the four options (also picked with the keys 1–4). The options close when the timer has run out,
// and while the chosen one is on its way to the server.
import { examRules, type exam } from '@learning/contracts';
import { useTranslation } from '@learning/platform';
import { useEffect, useRef } from 'react';
import { splitAtNiceWord } from './nice-word';

interface Props {
  question: exam.ExamQuestion;
  number: number;
  total: number;
  /** Seconds left, or null when the time has run out. */
  secondsLeft: number | null;
  /** The option chosen, on its way to the server. */
  chosen?: exam.ExamAnswerCode;
  onAnswer: (answerId: string) => void;
}

export function ExamQuestionView({ question, number, total, secondsLeft, chosen, onAnswer }: Props) {
  const { t } = useTranslation('monster');
  const isOver = secondsLeft === null;
  const isOpen = !isOver && chosen === undefined;
  const { secondsPerQuestion } = examRules;
  const card = useRef<HTMLElement>(null);

  // Each question takes the focus, so a screen reader reads it and the previous option's button,
  // now gone, does not leave the focus nowhere.
  useEffect(() => card.current?.focus(), []);

  useEffect(() => {
    if (!isOpen) return;
    const pickByKey = (event: KeyboardEvent) => {
      const option = question.answers[Number(event.key) - 1];
      if (option && !event.altKey && !event.ctrlKey && !event.metaKey) onAnswer(option.identifier);
    };
    window.addEventListener('keydown', pickByKey);
    return () => window.removeEventListener('keydown', pickByKey);
  }, [isOpen, question, onAnswer]);

  return (
    <section ref={card} className="exam-question lp-card" aria-labelledby="exam-question-sentence" tabIndex={-1}>
      <div className="exam-question__status">
        <p className="exam-question__number">{t('exam.progress', { number, total })}</p>
        <p className={isOver ? 'exam-question__timer exam-question__timer--over' : 'exam-question__timer'} role="timer" aria-live="off">
          {isOver ? t('exam.timeUp') : t('exam.secondsLeft', { count: secondsLeft })}
        </p>
      </div>
      <progress className="exam-question__time" max={secondsPerQuestion} value={secondsLeft ?? 0} aria-label={t('exam.timeLeft')} />
      <p id="exam-question-sentence" className="exam-question__sentence">
        {splitAtNiceWord(question.question, question.niceWord).map((part, index) =>
          part.isNiceWord ? (
            <mark key={index} className="exam-question__nice-word">
              {part.text}
            </mark>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <p className="exam-question__ask">{t('exam.ask', { word: question.niceWord })}</p>
      <div className="exam-question__answers" role="group" aria-label={t('exam.answers')}>
        {question.answers.map((option, index) => (
          <button
            key={option.identifier}
            type="button"
            className={option.identifier === chosen ? 'exam-question__answer exam-question__answer--chosen' : 'exam-question__answer'}
            aria-pressed={option.identifier === chosen || undefined}
            disabled={!isOpen}
            onClick={() => onAnswer(option.identifier)}
          >
            <span className="exam-question__key" aria-hidden="true">
              {index + 1}
            </span>
            {option.name}
          </button>
        ))}
      </div>
      {isOver && (
        <p className="exam-question__over" role="status">
          {t('exam.timeUpNote')}
        </p>
      )}
    </section>
  );
}
