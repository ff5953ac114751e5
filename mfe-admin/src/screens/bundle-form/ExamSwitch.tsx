// A plan's 'Шалгалттай' switch beside its question bank (how many questions it holds of the
// number one exam asks) and a way to the bank's import. The catalog refuses to switch the exam on
// while the bank is short, so the switch is then locked on off; an exam already on may still be
// switched off.
import type { catalog } from '@learning/contracts';
import { ApiError, useTranslation } from '@learning/platform';
import { useId, type MouseEvent } from 'react';
import { questionImportId } from '../monsterplans/QuestionImport';

export interface ExamSwitchProps {
  hasExam: boolean;
  /** Whether the plan had its exam on when the form opened: the catalog lets such a plan keep it. */
  hadExam: boolean;
  examQuestions: catalog.Monsterplan['examQuestions'];
  /** The last save's failure; the catalog's refusal for a short bank is shown here, by the switch. */
  error: unknown;
  onChange: (hasExam: boolean) => void;
}

export function ExamSwitch({ hasExam, hadExam, examQuestions: { count, needed }, error, onChange }: ExamSwitchProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const isBankShort = count < needed;
  const isLocked = isBankShort && !hadExam && !hasExam;
  const refusal = error instanceof ApiError && error.code === 'exam_bank_short' ? error.message : null;

  const showImport = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(questionImportId);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView?.({ block: 'start' });
    target.querySelector<HTMLElement>('select')?.focus({ preventScroll: true });
  };

  return (
    <div className="admin-form__check">
      <label>
        <input type="checkbox" checked={hasExam} disabled={isLocked} aria-describedby={refusal ? `${id}-bank ${id}-refusal` : `${id}-bank`} onChange={(event) => onChange(event.target.checked)} /> {t('form.exam')}
      </label>
      <p id={`${id}-bank`} className="lp-field__hint">
        {t('form.examBank', { count, needed })}
        {isBankShort && <> {t('form.examBankShort', { needed })}</>}{' '}
        <a href={`#${questionImportId}`} onClick={showImport}>
          {t('form.examBankImport')}
        </a>
      </p>
      {refusal && (
        <p id={`${id}-refusal`} className="lp-field__error">
          {refusal}
        </p>
      )}
    </div>
  );
}
