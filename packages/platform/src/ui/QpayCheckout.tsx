// Paying a pending request by QPay, beside the payment instructions when the centre takes QPay: the
// button makes (or finds again) the learner's invoice and opens it in a dialog with its QR code, the
// amount, when it expires and the bank apps that open it (those first on a phone, where the learner
// pays in an app on the same screen). The dialog watches the invoice until it is paid or ends; a
// failure is said in the server's Mongolian words, and the instructions stay for paying by hand.
// Paid, the page turns approved and no longer shows the pending panel, nor this dialog with it.
import type { payments } from '@learning/contracts';
import { useState, type ReactNode } from 'react';
import { formatDate, formatPrice } from '../format';
import { useTranslation } from '../i18n/useTranslation';
import { useInvoice, useOpenInvoice, useQpayOffer } from '../queries/qpay';
import { Button } from './Button';
import { Alert } from './feedback';
import { Modal } from './Modal';
import { useMediaQuery } from './useMediaQuery';

/** Wide enough to scan the code from another device; narrower, the learner pays on this phone. */
const wideScreen = '(min-width: 601px)';

export interface QpayCheckoutProps {
  /** The plan or bundle whose pending request is paid: `{ monsterplan: id }` or `{ lesson: id }`. */
  bundle: payments.InvoiceBody;
}

export function QpayCheckout({ bundle }: QpayCheckoutProps) {
  const { t } = useTranslation('common');
  const offer = useQpayOffer();
  const openInvoice = useOpenInvoice();
  const [shownId, setShownId] = useState<string | null>(null);
  if (offer.data?.isEnabled !== true) return null;

  const pay = () => openInvoice.mutate(bundle, { onSuccess: (invoice) => setShownId(invoice._id) });
  const failure = openInvoice.isError ? <Alert>{openInvoice.error.message}</Alert> : null;
  return (
    <div className="lp-qpay">
      <Button onClick={pay} isLoading={openInvoice.isPending}>
        {t('qpay.pay')}
      </Button>
      {openInvoice.isPending && !shownId && (
        <p className="lp-visually-hidden" role="status">
          {t('qpay.making')}
        </p>
      )}
      {!shownId && failure}
      {shownId && (
        <Modal title={t('qpay.title')} onClose={() => setShownId(null)}>
          <InvoiceDialog invoiceId={shownId} bundle={bundle} failure={failure} isMaking={openInvoice.isPending} onNewInvoice={pay} onClose={() => setShownId(null)} />
        </Modal>
      )}
    </div>
  );
}

interface InvoiceDialogProps {
  invoiceId: string;
  bundle: payments.InvoiceBody;
  /** Why a new invoice could not be made, when the learner asked for one here. */
  failure: ReactNode;
  isMaking: boolean;
  onNewInvoice: () => void;
  onClose: () => void;
}

/** The invoice as it stands: open (the code, the amount, the apps), paid, or ended with what to do next. */
function InvoiceDialog({ invoiceId, bundle, failure, isMaking, onNewInvoice, onClose }: InvoiceDialogProps) {
  const { t } = useTranslation('common');
  const invoice = useInvoice(invoiceId, bundle).data;
  if (!invoice) return null;
  return (
    <div className="lp-qpay__invoice">
      {/* One live region for the whole wait, so the learner hears the moment it is paid. */}
      <p className={`lp-qpay__status lp-qpay__status--${invoice.status}`} role="status">
        {t(`qpay.status.${invoice.status}`)}
      </p>
      {failure}
      {invoice.status === 'open' && <OpenInvoice invoice={invoice} />}
      {invoice.status !== 'open' && invoice.status !== 'paid' && (
        <div className="lp-qpay__actions">
          <Button onClick={onNewInvoice} isLoading={isMaking}>
            {t('qpay.newInvoice')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('qpay.useInstructions')}
          </Button>
        </div>
      )}
    </div>
  );
}

function OpenInvoice({ invoice }: { invoice: payments.Invoice }) {
  const { t, i18n } = useTranslation('common');
  const isWide = useMediaQuery(wideScreen);
  const code = (
    <img className="lp-qpay__code" src={`data:image/png;base64,${invoice.qrImage}`} alt={t('qpay.codeAlt')} width={240} height={240} />
  );
  const apps = <BankApps apps={invoice.urls} />;
  return (
    <>
      <p className="lp-qpay__amount">
        {t('payment.amount')}: <strong>{formatPrice(invoice.amount)}</strong>
      </p>
      <p className="lp-qpay__expires">{t('qpay.expires', { time: formatDate(invoice.expiresAt, i18n.language, { withTime: true }) })}</p>
      {isWide ? (
        <>
          {code}
          {apps}
        </>
      ) : (
        <>
          {apps}
          {code}
        </>
      )}
    </>
  );
}

/** QPay's bank apps, each a link that opens the invoice in that app. */
function BankApps({ apps }: { apps: payments.BankApp[] }) {
  const { t } = useTranslation('common');
  if (apps.length === 0) return null;
  return (
    <section className="lp-qpay__apps" aria-label={t('qpay.apps')}>
      <ul>
        {apps.map((app) => (
          <li key={app.link}>
            <a href={app.link}>
              <BankLogo src={app.logo} />
              <span>{app.description || app.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The bank's logo, from QPay's servers. The name beside it says which bank, so it adds nothing for a
 * screen reader, and one that cannot load (the network, or the site's image policy) is left out
 * rather than shown broken.
 */
function BankLogo({ src }: { src: string }) {
  const [isBroken, setBroken] = useState(false);
  if (isBroken) return null;
  return <img src={src} alt="" width={32} height={32} loading="lazy" onError={() => setBroken(true)} />;
}
