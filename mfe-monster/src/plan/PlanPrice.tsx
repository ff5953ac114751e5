// A plan's price in MNT; while the early price lasts and access is not granted, it first with its
// deadline and the regular price struck (an approved learner has paid: the early price is gone).
import { earlyPriceOf, formatDate, formatPrice, useTranslation, type AccessState } from '@learning/platform';
import type { catalog } from '@learning/contracts';

export interface PlanPriceProps {
  plan: Pick<catalog.Monsterplan, 'price' | 'earlyPrice' | 'earlyPriceUntil'>;
  /** null while the session is checked. */
  access: AccessState | null;
}

export function PlanPrice({ plan, access }: PlanPriceProps) {
  const { t, i18n } = useTranslation('monster');
  // While the session is checked, the regular price: rather none than a wrong offer.
  const early = access === null || access === 'approved' ? null : earlyPriceOf(plan);
  if (!early) {
    return (
      <p className="plan-price">
        <span className="lp-visually-hidden">{t('plan.price')}: </span>
        <span className="plan-price__amount">{formatPrice(plan.price)}</span>
      </p>
    );
  }
  return (
    <div className="plan-price">
      <p className="plan-price__early">
        <span className="plan-price__label">{t('plan.earlyPrice')}</span>{' '}
        <span className="plan-price__amount">{formatPrice(early.price)}</span>{' '}
        <time className="plan-price__until" dateTime={early.until}>
          {t('plan.earlyPriceUntil', { date: formatDate(early.until, i18n.language, { withTime: true }) })}
        </time>
      </p>
      <p className="plan-price__regular">
        {t('plan.regularPrice')}: <s>{formatPrice(plan.price)}</s>
      </p>
    </div>
  );
}
