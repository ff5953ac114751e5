// Before the exam: what it is and its rules (spec sections 4 and 9), and the button that starts it.
import { examRules } from '@learning/contracts';
import { Button, formatPrice, Link, useTranslation } from '@learning/platform';

export function ExamIntro({ onStart, planPath }: { onStart: () => void; planPath: string }) {
  const { t } = useTranslation('monster');
  const pass = Math.round(examRules.questionCount * examRules.passRatio);
  return (
    <div className="exam-intro lp-card">
      <p className="exam-intro__lead">{t('exam.lead', { count: examRules.questionCount, seconds: examRules.secondsPerQuestion })}</p>
      <ul className="exam-intro__rules">
        <li>{t('exam.ruleOneByOne')}</li>
        <li>{t('exam.ruleTimeout')}</li>
        <li>{t('exam.rulePass', { pass, count: examRules.questionCount, refund: formatPrice(examRules.refundMnt) })}</li>
        <li>{t('exam.ruleOnce')}</li>
      </ul>
      <div className="exam-intro__actions">
        <Button onClick={onStart}>{t('exam.start')}</Button>
        <Link to={planPath}>{t('exam.back')}</Link>
      </div>
    </div>
  );
}
