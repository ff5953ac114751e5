import { useTranslation } from '../i18n/useTranslation';
import { Badge } from './Badge';

/** A learner's access to a Monster plan or a lesson bundle (spec section 4). */
export type AccessState = 'approved' | 'pending' | 'not-requested';

/** Pending or approved as a label; nothing while not requested (the request button says it). */
export function AccessBadge({ access }: { access: AccessState }) {
  const { t } = useTranslation('common');
  if (access === 'approved') return <Badge tone="success">{t('access.approved')}</Badge>;
  if (access === 'pending') return <Badge tone="warning">{t('access.pending')}</Badge>;
  return null;
}
