// /home. The carousel, promo cards and brochure download of the spec come with the home issue;
// for now the page leads to the two products and the workshop.
import { Card, Link, PageTitle, useTranslation } from '@learning/platform';

export function HomeScreen() {
  const { t } = useTranslation('home');
  return (
    <>
      <PageTitle subtitle={t('home.lead')}>{t('home.title')}</PageTitle>
      <div className="home-promos" style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
        <Promo title={t('home.monsterplanTitle')} body={t('home.monsterplanBody')} to="/product-monster-plan" />
        <Promo title={t('home.lessonsTitle')} body={t('home.lessonsBody')} to="/product-remote-lesson" />
      </div>
      <p style={{ marginTop: 24 }}>
        <Link to="/boosterz">{t('home.workshop')}</Link>
      </p>
    </>
  );
}

function Promo({ title, body, to }: { title: string; body: string; to: string }) {
  const { t } = useTranslation('home');
  return (
    <Card>
      <h2>{title}</h2>
      <p>{body}</p>
      <Link className="lp-button lp-button--primary" to={to} aria-label={`${t('home.open')}: ${title}`}>
        {t('home.open')}
      </Link>
    </Card>
  );
}
