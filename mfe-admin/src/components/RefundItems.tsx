// A learner's earned refunds: each with its kind, amount, when it was earned, what earned
// it (35/40, or the plan day of an on-time recording), paid or not and by whom and when, and the
// administrator's "mark paid" or undo. Shared by the plan's report and the learner's page.
import { Badge, Button, formatDate, formatPrice, useTranslation } from '@learning/platform';
import type { RefundItem } from '../refunds';
import { usePlanDay } from './PlanDay';

export interface RefundItemsProps {
  items: ReadonlyArray<RefundItem & { monsterplan?: { _id: string; name: string } }>;
  /** The item whose mark is being sent. */
  busyId: string | null;
  onSetPaid: (item: RefundItem, isPaid: boolean) => void;
}

export function RefundItems({ items, busyId, onSetPaid }: RefundItemsProps) {
  const { t, i18n } = useTranslation('admin');
  const planDay = usePlanDay();
  const when = (date: string) => formatDate(date, i18n.language, { withTime: true });
  return (
    <ul className="admin-refunds">
      {items.map((item) => {
        const kind = t(`refunds.kind.${item.kind}`);
        const detail = item.exam ? `${item.exam.correctQuestions}/${item.exam.totalQuestions}` : item.aloud ? planDay(item.aloud.week, item.aloud.dayOfWeek) : '';
        const named = [item.monsterplan?.name, kind, detail].filter(Boolean).join(', ');
        return (
          <li key={item._id} className="admin-refund">
            <div className="admin-refund__what">
              <Badge tone="info">{kind}</Badge>
              {item.monsterplan && <span className="admin-refund__plan">{item.monsterplan.name}</span>}
              <span className="admin-table__number">{formatPrice(String(item.amount))}</span>
              <span>{detail}</span>
              {item.aloud && <span className="admin-muted">{t('refunds.recordedAt', { date: when(item.aloud.recordedAt) })}</span>}
            </div>
            <p className="admin-refund__earned admin-muted">
              {t('refunds.earnedAt')}: <time dateTime={item.earnedAt}>{when(item.earnedAt)}</time>
            </p>
            <div className="admin-refund__paid">
              {item.paidAt ? (
                <>
                  <Badge tone="success">{t('refunds.paid')}</Badge>
                  <span className="admin-muted">
                    {t('refunds.paidBy', { email: item.paidBy?.email ?? '—' })}, <time dateTime={item.paidAt}>{when(item.paidAt)}</time>
                  </span>
                  <Button variant="subtle" className="admin-action" isLoading={busyId === item._id} aria-label={`${t('refunds.undo')}: ${named}`} onClick={() => onSetPaid(item, false)}>
                    {t('refunds.undo')}
                  </Button>
                </>
              ) : (
                <>
                  <Badge tone="warning">{t('refunds.unpaid')}</Badge>
                  <Button variant="secondary" className="admin-action" isLoading={busyId === item._id} aria-label={`${t('refunds.markPaid')}: ${named}`} onClick={() => onSetPaid(item, true)}>
                    {t('refunds.markPaid')}
                  </Button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
