// What a learner who has asked for a plan or a bundle is told while the request waits: the
// amount to pay (the price their request recorded when it was made, the early one before its
// deadline, whatever the price is today), the administrator's payment instructions, how the approval
// comes, and where to ask (the centre's contact on /help), and QPay when the centre takes it. One panel
// for the plan and bundle pages and /me, shown only while access is pending.
import type { payments } from '@learning/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Link } from 'react-router-dom';
import { amountOf, formatPrice } from '../format';
import { QpayCheckout } from './QpayCheckout';

/** What a plan, a bundle or a /me entry says about paying for it (catalog answers, wire contract section 1). */
export interface PaymentOffer {
  /** The plan's or bundle's price today. */
  price: string;
  /**
   * The price the learner's request recorded when it was made (GET /v1/progress/mine): what they pay.
   * undefined while it loads; null when none is on record (then the price today).
   */
  requestPrice: string | null | undefined;
  /** The administrator's free text (bank account, QPay, cash at the centre); '' when none was written. */
  paymentInstructions: string;
}

export interface PaymentInstructionsProps {
  offer: PaymentOffer;
  /** The plan or bundle asked for, `{ monsterplan: id }` or `{ lesson: id }`: what a QPay invoice pays. */
  bundle: payments.InvoiceBody;
  /** Right after the request: says it was sent and takes the focus, as the button that was pressed is gone. */
  isJustRequested?: boolean;
  /** The panel's heading under the page's own (a card's title is h3, so its panel is h4). */
  headingLevel?: 2 | 3 | 4;
}

export function PaymentInstructions({ offer, bundle, isJustRequested = false, headingLevel = 3 }: PaymentInstructionsProps) {
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
      <QpayCheckout bundle={bundle} />
      <p className="lp-payment__approval">
        {t('payment.approval')} <Link to="/notifications">{t('payment.notifications')}</Link>
      </p>
      <p className="lp-payment__contact">
        <Link to="/help">{t('payment.contact')}</Link>
      </p>
    </section>
  );
}

/**
 * The price the request recorded (nothing while it loads: rather none than a wrong amount); below the
 * price today (an early price), that one struck beside it, and why the learner pays less.
 */
function AmountToPay({ offer: { price, requestPrice } }: { offer: PaymentOffer }) {
  const { t } = useTranslation('common');
  if (requestPrice === undefined) return null;
  const recorded = amountOf(requestPrice ?? price);
  const today = amountOf(price);
  const isBelowToday = recorded !== null && today !== null && recorded < today;
  return (
    <p className="lp-payment__price">
      {t('payment.amount')}: <strong>{formatPrice(requestPrice ?? price)}</strong>
      {isBelowToday && (
        <>
          {' '}
          <span className="lp-visually-hidden">{t('payment.regularPrice')}: </span>
          <s>{formatPrice(price)}</s> <span className="lp-payment__until">{t('payment.recorded')}</span>
        </>
      )}
    </p>
  );
}
