// /boosterz: the workshop, with its brochure shown page by page (pdf.js) and offered for download, and
// the way to the centre's contact (/help).
import { Link, PageTitle, useTranslation } from '@learning/platform';
import { workshopBrochurePdf } from '../../documents';
import { BrochurePages } from './BrochurePages';

export function WorkshopScreen() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageTitle subtitle={t('workshop.lead')}>{t('workshop.title')}</PageTitle>
      <p className="workshop__download">
        <a className="lp-button lp-button--secondary" href={workshopBrochurePdf} download>
          {t('workshop.download')}
        </a>
        <Link to="/help">{t('workshop.contact')}</Link>
      </p>
      <BrochurePages url={workshopBrochurePdf} title={t('workshop.brochure')} />
    </>
  );
}
