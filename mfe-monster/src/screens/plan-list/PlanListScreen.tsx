// /product-monster-plan: the plans, each with its access state (spec sections 2 and 4), and the
// introduction brochure. The brochure comes first, so the plans arriving (or their states, once the
// session is known) push nothing on a phone; on a wide screen it stands in a column beside them.
import { Alert, EmptyState, LoadError, LoadingCards, PageTitle, useCurrentUser, useLocation, useMonsterplans, useTranslation } from '@learning/platform';
import { monsterplanAccess, planNotOpened } from '../../monsterplans';
import { IntroBrochure } from './IntroBrochure';
import { PlanCard } from './PlanCard';

export function PlanListScreen() {
  const { t } = useTranslation('monster');
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <>
      <PageTitle subtitle={t('list.lead')} description={t('list.description')}>{t('list.title')}</PageTitle>
      {notice === planNotOpened && <Alert tone="info" title={t('list.planNotOpened')} />}
      <div className="monster-list">
        <IntroBrochure />
        <section className="monster-list__plans" aria-labelledby="monster-plans">
          <h2 id="monster-plans" className="monster-section-title">
            {t('list.plans')}
          </h2>
          <Plans />
        </section>
      </div>
    </>
  );
}

function Plans() {
  const { t } = useTranslation('monster');
  const plans = useMonsterplans();
  const session = useCurrentUser();
  if (plans.isPending) return <LoadingCards listClassName="plan-cards" />;
  if (plans.isError) return <LoadError title={t('list.loadError')} onRetry={() => void plans.refetch()} />;
  if (plans.data.length === 0) return <EmptyState>{t('list.empty')}</EmptyState>;
  // While the session is being checked, no state is shown rather than a wrong one.
  const isSessionKnown = session.status !== 'pending';
  return (
    <ul className="plan-cards">
      {plans.data.map((plan) => (
        <PlanCard key={plan._id} plan={plan} access={isSessionKnown ? monsterplanAccess(plan._id, session.user) : null} />
      ))}
    </ul>
  );
}
