// The introduction beside the plan list: the brochure (a PDF that the media service serves) and the
// place of the intro video. No intro video has an address yet, so its area says so and points to the
// brochure instead of showing a player that would play nothing.
import { useTranslation } from '@learning/platform';

export const introductionPdf = '/v1/documents/introduction.pdf';

export function IntroBrochure() {
  const { t } = useTranslation('monster');
  return (
    <aside className="monster-intro" aria-labelledby="monster-intro">
      <h2 id="monster-intro" className="monster-section-title">
        {t('intro.title')}
      </h2>
      <div className="monster-intro__video" role="note" aria-label={t('intro.video')}>
        <p>{t('intro.noVideo')}</p>
        <a className="lp-button lp-button--primary" href={introductionPdf} target="_blank" rel="noopener">
          {t('intro.brochure')}
        </a>
      </div>
      <p className="monster-intro__body">{t('intro.body')}</p>
      <p className="monster-intro__download">
        <a href={introductionPdf} download>
          {t('intro.download')}
        </a>
      </p>
    </aside>
  );
}
