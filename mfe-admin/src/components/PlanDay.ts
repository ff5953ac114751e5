// A plan day as the admin screens write it: '2-р долоо хоног, 3-р өдөр', or '—' when there is none.
import { useTranslation } from '@learning/platform';

export function usePlanDay() {
  const { t } = useTranslation('admin');
  return (week: number | null | undefined, dayOfWeek: number | null | undefined) =>
    typeof week === 'number' && typeof dayOfWeek === 'number' ? t('planDay', { week, day: dayOfWeek }) : t('noPlanDay');
}
