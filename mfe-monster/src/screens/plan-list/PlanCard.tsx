// One plan in the list: name, price, state labels and the one action its state allows.
import { AccessBadge, Badge, Link, Truncated, useTranslation, type AccessState } from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { canRequest } from '../../monsterplans';
import { PlanPrice } from '../../plan/PlanPrice';
import { RequestButton } from '../../plan/RequestButton';

/** `access` is null while the session is checked. */
export function PlanCard({ plan, access }: { plan: catalog.Monsterplan; access: AccessState | null }) {
  const { t } = useTranslation('monster');
  const titleId = `plan-${plan._id}`;
  const planPath = `/product-monster-plan/${encodeURIComponent(plan._id)}`;
  return (
    <li className={`plan-card${plan.isActive ? '' : ' plan-card--inactive'}`}>
      <article className="lp-card" aria-labelledby={titleId}>
        <h3 id={titleId} className="plan-card__title">
          <Link to={planPath}>
            <Truncated text={plan.name} />
          </Link>
        </h3>
        <div className="plan-card__badges">
          {!plan.isActive && <Badge tone="neutral">{t('access.inactive')}</Badge>}
          {access && <AccessBadge access={access} />}
        </div>
        <PlanPrice plan={plan} />
        <p className="plan-card__facts">
          {t('plan.days', { count: plan.videos.length })}
          {plan.exam && ` · ${t('plan.hasExam')}`}
        </p>
        <div className="plan-card__actions">
          {access === 'approved' && (
            <Link className="lp-button lp-button--primary" to={planPath} aria-label={t('access.openLabel', { name: plan.name })}>
              {t('access.open')}
            </Link>
          )}
          {access && canRequest(plan, access) && <RequestButton monsterplanId={plan._id} name={plan.name} />}
        </div>
      </article>
    </li>
  );
}
