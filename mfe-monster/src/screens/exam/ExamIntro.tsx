// Before the exam: what it is and its rules (spec sections 4 and 9), that there is one attempt only,
// and the button that starts it, enabled once the learner has said they understand.
import { examRules } from '@learning/contracts';
import { Button, formatPrice, Link, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';

export function ExamIntro({ onStart, planPath }: { onStart: () => void; planPath: string }) {
  const { t } = useTranslation('monster');
  const [isUnderstood, setUnderstood] = useState(false);
  const noteId = useId();
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
      <div className="exam-intro__once">
        <p id={noteId} className="exam-intro__once-note">
          {t('exam.oneAttempt')}
        </p>
        <label className="exam-intro__confirm">
          <input type="checkbox" checked={isUnderstood} onChange={(event) => setUnderstood(event.target.checked)} aria-describedby={noteId} />
          {t('exam.understand')}
        </label>
      </div>
      <div className="exam-intro__actions">
        <Button onClick={onStart} disabled={!isUnderstood}>
          {t('exam.start')}
        </Button>
        <Link to={planPath}>{t('exam.back')}</Link>
      </div>
    </div>
  );
}
