// /home (spec sections 1 and 2): the carousel, promo cards for the two products and the workshop,
// and the brochure download. The plans' promo names the plans on sale with their prices as the catalog
// has them today (the early price while it lasts): a plan that takes no request (inactive) is not offered.
import { BundlePrice, Card, Link, PageTitle, useMonsterplans, useTranslation } from '@learning/platform';
import type { ReactNode } from 'react';
import { homeBrochurePdf } from '../../documents';
import { Carousel, type Slide } from './Carousel';

export function HomeScreen() {
  const { t } = useTranslation('home');
  const slides: Slide[] = [
    { id: 'monsterplan', title: t('slides.monsterplan.title'), body: t('slides.monsterplan.body'), to: '/product-monster-plan', action: t('slides.monsterplan.action') },
    { id: 'aloud', title: t('slides.aloud.title'), body: t('slides.aloud.body'), to: '/product-monster-plan', action: t('slides.aloud.action') },
    { id: 'lessons', title: t('slides.lessons.title'), body: t('slides.lessons.body'), to: '/product-remote-lesson', action: t('slides.lessons.action') },
    { id: 'workshop', title: t('slides.workshop.title'), body: t('slides.workshop.body'), to: '/boosterz', action: t('slides.workshop.action') },
  ];
  return (
    <>
      <PageTitle subtitle={t('home.lead')} description={t('home.description')}>{t('home.title')}</PageTitle>
      <Carousel slides={slides} />
      <div className="home-promos">
        <Promo title={t('home.monsterplanTitle')} body={t('home.monsterplanBody')} note={<PlansOnSale />} to="/product-monster-plan" />
        <Promo title={t('home.lessonsTitle')} body={t('home.lessonsBody')} to="/product-remote-lesson" />
        <Card className="home-promo">
          <h2>{t('home.workshopTitle')}</h2>
          <p>{t('home.workshopBody')}</p>
          <Link className="lp-button lp-button--secondary" to="/boosterz">
            {t('home.workshop')}
          </Link>
        </Card>
      </div>
      <section className="home-brochure" aria-labelledby="home-brochure">
        <div>
          <h2 id="home-brochure">{t('home.brochureTitle')}</h2>
          <p>{t('home.brochureBody')}</p>
        </div>
        <a className="lp-button lp-button--primary" href={homeBrochurePdf} download>
          {t('home.brochureDownload')}
        </a>
      </section>
    </>
  );
}

function Promo({ title, body, note, to }: { title: string; body: string; note?: ReactNode; to: string }) {
  const { t } = useTranslation('home');
  return (
    <Card className="home-promo">
      <h2>{title}</h2>
      <p>{body}</p>
      {note}
      <Link className="lp-button lp-button--primary" to={to} aria-label={`${t('home.open')}: ${title}`}>
        {t('home.open')}
      </Link>
    </Card>
  );
}

/** The active plans and their prices; nothing while they load or when none can be had (the plans' page says more). */
function PlansOnSale() {
  const { t } = useTranslation('home');
  const plans = useMonsterplans();
  const onSale = plans.data?.filter((plan) => plan.isActive) ?? [];
  if (onSale.length === 0) return null;
  return (
    <ul className="home-promo__prices" aria-label={t('home.monsterplanPrices')}>
      {onSale.map((plan) => (
        <li key={plan._id}>
          <span className="home-promo__plan">{plan.name}</span>
          <BundlePrice offer={plan} access="not-requested" />
        </li>
      ))}
    </ul>
  );
}
