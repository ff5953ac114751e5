// A refund claim's history under its row: each change (earned, account given, paid and how, payment
// undone), who made it and when, oldest first.
import { formatDate, Loader, LoadError, useTranslation } from '@learning/platform';
import { useRefundHistory } from '../../refunds';

export function ClaimHistory({ refundId }: { refundId: string }) {
  const { t, i18n } = useTranslation('admin');
  const history = useRefundHistory(refundId, true);
  if (history.isPending) return <Loader label={t('payable.historyLoading')} />;
  if (history.isError) return <LoadError title={t('payable.historyLoadError')} onRetry={() => void history.refetch()} />;
  return (
    <ol className="admin-claim-history" aria-label={t('payable.history')}>
      {history.data.result.map((change, index) => (
        <li key={index}>
          <time dateTime={change.at}>{formatDate(change.at, i18n.language, { withTime: true })}</time>{' '}
          {t(`payable.actionNames.${change.action}`)}
          {change.method && ` (${t(`payable.methods.${change.method}`)})`}
          {' — '}
          {change.by ? change.by.email : t('payable.byPlatform')}
        </li>
      ))}
    </ol>
  );
}
