// The question bank import: a plan, a CSV or JSON file of questions, and what the exam service made
// of it (how many questions, or what is wrong on which row).
import type { catalog } from '@learning/contracts';
import { Alert, Button, useTranslation } from '@learning/platform';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AdminSection } from '../../components/AdminSection';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useImportQuestions } from '../../questions';

/** The import's place on the page, for the plan form's way to it. */
export const questionImportId = 'question-import';

export function QuestionImport({ plans }: { plans: readonly catalog.Monsterplan[] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const importQuestions = useImportQuestions();
  const [monsterplanId, setMonsterplanId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isReplacing, setReplacing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const title = t('questions.title');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!monsterplanId) return setProblem(t('questions.needsPlan'));
    if (!file) return setProblem(t('questions.needsFile'));
    setProblem(null);
    importQuestions.mutate(
      { monsterplanId, file, isReplacing },
      {
        onSuccess: () => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <AdminSection id={questionImportId} title={title}>
      <form className="admin-form lp-card" noValidate onSubmit={submit}>
        <p className="admin-muted">{t('questions.lead')}</p>
        {problem && <Alert title={problem} />}
        <ErrorNotice title={t('questions.failed')} error={importQuestions.error} />
        {importQuestions.data && (
          <Alert tone="success" title={t('questions.imported', { count: importQuestions.data.imported })}>
            {t('questions.bank', { count: importQuestions.data.count })}
          </Alert>
        )}
        <div className="admin-form__row">
          <div className="lp-field">
            <label className="lp-field__label" htmlFor={`${id}-plan`}>
              {t('questions.monsterplan')}
            </label>
            <select id={`${id}-plan`} className="lp-field__input" value={monsterplanId} onChange={(event) => setMonsterplanId(event.target.value)}>
              <option value="">{t('questions.choose')}</option>
              {plans.map((plan) => (
                <option key={plan._id} value={plan._id}>
                  {plan.name}
                </option>
              ))}
            </select>
          </div>
          <div className="lp-field">
            <label className="lp-field__label" htmlFor={`${id}-file`}>
              {t('questions.file')}
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              className="lp-field__input admin-file"
              type="file"
              accept=".csv,.json,text/csv,application/json"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
        </div>
        <div className="admin-form__checks">
          <label>
            <input type="checkbox" checked={isReplacing} onChange={(event) => setReplacing(event.target.checked)} /> {t('questions.replace')}
          </label>
        </div>
        <div className="admin-form__actions">
          <Button type="submit" isLoading={importQuestions.isPending}>
            {t('questions.submit')}
          </Button>
        </div>
      </form>
    </AdminSection>
  );
}
