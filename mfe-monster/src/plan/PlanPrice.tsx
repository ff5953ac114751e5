// A plan's price in MNT; while the early price lasts, it first with its deadline and the regular price struck.
import { formatDate, formatPrice, useTranslation } from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { earlyPriceOf } from '../monsterplans';

export function PlanPrice({ plan }: { plan: Pick<catalog.Monsterplan, 'price' | 'earlyPrice' | 'earlyPriceUntil'> }) {
  const { t, i18n } = useTranslation('monster');
  const early = earlyPriceOf(plan);
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
