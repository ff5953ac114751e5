// The training centre's contact on /help (GET /v1/centre): phone, email, address and Facebook page,
// each shown only when the centre has one. The page keeps its general text if the call fails.
import { media } from '@learning/contracts';
import { Loader, useCentre, useTranslation } from '@learning/platform';
import { useId, type ReactNode } from 'react';

export function CentreContact() {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const centre = useCentre();
  if (centre.isPending) return <Loader label={t('help.loading')} />;
  if (centre.isError) return null;
  const { name, phone, email, address, facebookUrl } = centre.data;
  return (
    <section className="centre-contact" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('help.contact')}</h2>
      <p className="centre-contact__name">{name}</p>
      <dl className="centre-contact__facts">
        {phone && (
          <ContactFact term={t('help.phone')}>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </ContactFact>
        )}
        {email && (
          <ContactFact term={t('help.email')}>
            <a href={`mailto:${email}`}>{email}</a>
          </ContactFact>
        )}
        {address && <ContactFact term={t('help.address')}>{address}</ContactFact>}
        {facebookUrl && media.isSafeLink(facebookUrl) && (
          <ContactFact term={t('help.facebook')}>
            <a href={facebookUrl}>{facebookUrl.replace(/^https?:\/\/(www\.)?/i, '')}</a>
          </ContactFact>
        )}
      </dl>
    </section>
  );
}

function ContactFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
