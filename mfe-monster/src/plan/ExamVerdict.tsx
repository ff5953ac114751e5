// Whether the exam was passed, said in words beside its score (the exam's result and the plan page).
import { Badge, useTranslation } from '@learning/platform';

export function ExamVerdict({ isPassed }: { isPassed: boolean }) {
  const { t } = useTranslation('monster');
  return <Badge tone={isPassed ? 'success' : 'warning'}>{isPassed ? t('exam.verdictPassed') : t('exam.verdictNotPassed')}</Badge>;
}
