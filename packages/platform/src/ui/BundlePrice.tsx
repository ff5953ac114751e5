// A plan's or a bundle's price as this visitor should read it (spec section 9): to one who has
// not asked, the offer (the early price while it lasts, with its deadline, the price struck); once
// approved, 'Төлсөн' and the price their request recorded, so the amount they were told is the one
// they keep seeing, whatever the offer is today. While the request waits, nothing: the payment
// instructions shown with a pending request say the amount to pay (PaymentInstructions).
import { useTranslation } from '../i18n/useTranslation';
import { centreTimeZone } from '@learning/contracts';
import { formatDate, formatPrice } from '../format';
import type { AccessState } from './AccessBadge';

/** A plan's or bundle's offer, as the catalog answers it. */
export interface BundleOffer {
  price: string;
  earlyPrice: string | null;
  earlyPriceUntil: string | null;
}

/** The early price while it lasts (spec section 9): data the administrator sets, shown until its moment passes. */
export function earlyPriceOf(offer: Pick<BundleOffer, 'earlyPrice' | 'earlyPriceUntil'>, now: number = Date.now()): { price: string; until: string } | null {
  if (!offer.earlyPrice || !offer.earlyPriceUntil) return null;
  const until = Date.parse(offer.earlyPriceUntil);
  return Number.isFinite(until) && now < until ? { price: offer.earlyPrice, until: offer.earlyPriceUntil } : null;
}

export interface BundlePriceProps {
  offer: BundleOffer;
  /** null while the session is checked. */
  access: AccessState | null;
  /**
   * For an approved learner: the price their request recorded (useRequestPrice). undefined while it
   * loads; null when none is on record (then the price today).
   */
  requestPrice?: string | null | undefined;
}

export function BundlePrice({ offer, access, requestPrice }: BundlePriceProps) {
  const { t, i18n } = useTranslation('common');
  if (access === 'pending') return null;
  if (access === 'approved') {
    // Rather no amount for a moment than a wrong one.
    if (requestPrice === undefined) return null;
    return (
      <p className="lp-price">
        <span className="lp-price__label">{t('price.paid')}: </span>
        <span className="lp-price__amount">{formatPrice(requestPrice ?? offer.price)}</span>
      </p>
    );
  }
  // While the session is checked, the price: rather none than an offer that may not be theirs.
  const early = access === null ? null : earlyPriceOf(offer);
  if (!early) {
    return (
      <p className="lp-price">
        <span className="lp-visually-hidden">{t('price.label')}: </span>
        <span className="lp-price__amount">{formatPrice(offer.price)}</span>
      </p>
    );
  }
  return (
    <div className="lp-price">
      <p className="lp-price__early">
        <span className="lp-price__early-label">{t('price.early')}</span> <span className="lp-price__amount">{formatPrice(early.price)}</span>{' '}
        <time className="lp-price__until" dateTime={early.until}>
          {t('price.earlyUntil', { date: formatDate(early.until, i18n.language, { withTime: true, timeZone: centreTimeZone }) })}
        </time>
      </p>
      <p className="lp-price__regular">
        {t('price.regular')}: <s>{formatPrice(offer.price)}</s>
      </p>
    </div>
  );
}
