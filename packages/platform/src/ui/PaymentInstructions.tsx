// What a learner who has asked for a plan or a bundle is told while the request waits (issue 20): the
// amount to pay (the early price while it lasts), the administrator's payment instructions, how the
// approval comes, and where to ask (the centre's contact on /help). One panel for the plan and bundle
// pages and /me, shown only while access is pending.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Link } from 'react-router-dom';
import { formatDate, formatPrice } from '../format';

/** What a plan, a bundle or a /me entry says about paying for it (catalog answers, wire contract section 1); a bundle has no early price. */
export interface PaymentOffer {
  price: string;
  earlyPrice?: string | null;
  earlyPriceUntil?: string | null;
  /** The administrator's free text (bank account, QPay, cash at the centre); '' when none was written. */
  paymentInstructions: string;
}

/** The early price while it lasts (spec section 9): data the administrator sets, shown until its moment passes. */
export function earlyPriceOf(offer: Pick<PaymentOffer, 'earlyPrice' | 'earlyPriceUntil'>, now: number = Date.now()): { price: string; until: string } | null {
  if (!offer.earlyPrice || !offer.earlyPriceUntil) return null;
  const until = Date.parse(offer.earlyPriceUntil);
  return Number.isFinite(until) && now < until ? { price: offer.earlyPrice, until: offer.earlyPriceUntil } : null;
}

export interface PaymentInstructionsProps {
  offer: PaymentOffer;
  /** Right after the request: says it was sent and takes the focus, as the button that was pressed is gone. */
  isJustRequested?: boolean;
  /** The panel's heading under the page's own (a card's title is h3, so its panel is h4). */
  headingLevel?: 2 | 3 | 4;
}

export function PaymentInstructions({ offer, isJustRequested = false, headingLevel = 3 }: PaymentInstructionsProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isJustRequested) panel.current?.focus();
  }, [isJustRequested]);
  const Heading = `h${headingLevel}` as const;
  const instructions = offer.paymentInstructions.trim();
  return (
    <section ref={panel} className="lp-payment" aria-labelledby={titleId} tabIndex={-1}>
      {isJustRequested && (
        <p className="lp-payment__sent" role="status">
          {t('payment.requested')}
        </p>
      )}
      <Heading id={titleId} className="lp-payment__title">
        {t('payment.title')}
      </Heading>
      <AmountToPay offer={offer} />
      <p className="lp-payment__instructions">{instructions || t('payment.atCentre')}</p>
      <p className="lp-payment__approval">
        {t('payment.approval')} <Link to="/notifications">{t('payment.notifications')}</Link>
      </p>
      <p className="lp-payment__contact">
        <Link to="/help">{t('payment.contact')}</Link>
      </p>
    </section>
  );
}

/** The regular price, or the early price first with its deadline and the regular price struck. */
function AmountToPay({ offer }: { offer: PaymentOffer }) {
  const { t, i18n } = useTranslation('common');
  const { price } = offer;
  const early = earlyPriceOf(offer);
  return (
    <p className="lp-payment__price">
      {t('payment.amount')}: <strong>{formatPrice(early?.price ?? price)}</strong>
      {early && (
        <>
          {' '}
          <span className="lp-visually-hidden">{t('payment.regularPrice')}: </span>
          <s>{formatPrice(price)}</s>{' '}
          <span className="lp-payment__until">{t('payment.earlyUntil', { date: formatDate(early.until, i18n.language, { withTime: true }) })}</span>
        </>
      )}
    </p>
  );
}
