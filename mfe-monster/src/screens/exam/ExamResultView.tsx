// The result of the attempt, as the server graded it (spec sections 4 and 9): its score, passed or not.
import { examRules, type exam } from '@learning/contracts';
import { Alert, formatPrice, Link, useTranslation } from '@learning/platform';
import { ExamVerdict } from '../../plan/ExamVerdict';

export function ExamResultView({ result, planPath }: { result: exam.ExamResult; planPath: string }) {
  const { t } = useTranslation('monster');
  const pass = Math.round(result.totalQuestions * examRules.passRatio);
  return (
    <section className="exam-result lp-card" aria-labelledby="exam-result-title">
      <h2 id="exam-result-title">{t('exam.resultTitle')}</h2>
      <div className="exam-result__score">
        <p className="exam-result__percent" data-testid="exam-percent">
          {t('exam.percent', { percent: result.percent })}
        </p>
        <ExamVerdict isPassed={result.passed} />
      </div>
      <dl className="exam-result__figures">
        <div>
          <dt>{t('exam.correct')}</dt>
          <dd data-testid="exam-correct">{result.correctQuestions}</dd>
        </div>
        <div>
          <dt>{t('exam.total')}</dt>
          <dd data-testid="exam-total">{result.totalQuestions}</dd>
        </div>
      </dl>
      {result.passed ? (
        <Alert tone="success" title={t('exam.passed', { refund: formatPrice(examRules.refundMnt) })} />
      ) : (
        <Alert tone="info" title={t('exam.notPassed', { pass, count: result.totalQuestions })} />
      )}
      <p>
        <Link to={planPath}>{t('exam.back')}</Link>
      </p>
    </section>
  );
}
