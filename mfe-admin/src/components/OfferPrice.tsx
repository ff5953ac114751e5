// A plan's or bundle's price in the administrator's lists (spec section 9): the price, and when set the
// early price with the centre's day it ends on (the day the price applies again), marked once over.
import { centreTimeZone, earlyPriceOf, formatDate, formatPrice, useTranslation, type BundleOffer } from '@learning/platform';

export function OfferPrice({ offer }: { offer: BundleOffer }) {
  const { t, i18n } = useTranslation('admin');
  const { earlyPrice, earlyPriceUntil } = offer;
  return (
    <>
      {formatPrice(offer.price)}
      {earlyPrice && earlyPriceUntil && (
        <span className="admin-price__early">
          {t('table.earlyPrice', { price: formatPrice(earlyPrice), date: formatDate(earlyPriceUntil, i18n.language, { timeZone: centreTimeZone }) })}
          {!earlyPriceOf(offer) && ` ${t('table.earlyPriceOver')}`}
        </span>
      )}
    </>
  );
}
