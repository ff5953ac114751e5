// One plan in the list: name, price, days and whether it offers its exam, state labels and the one
// action its state allows; while the request waits, how to pay for it (the price the request recorded).
import { AccessBadge, Badge, BundlePrice, Link, PaymentInstructions, Poster, Truncated, useRequestPrice, useTranslation, type AccessState } from '@learning/platform';
import { isExamOffered, type catalog } from '@learning/contracts';
import { useState } from 'react';
import { canRequest } from '../../monsterplans';
import { RequestButton } from '../../plan/RequestButton';

/** `access` is null while the session is checked. */
export function PlanCard({ plan, access }: { plan: catalog.Monsterplan; access: AccessState | null }) {
  const { t } = useTranslation('monster');
  const [isJustRequested, setJustRequested] = useState(false);
  const requestPrice = useRequestPrice('monsterplans', plan._id, access === 'pending' || access === 'approved');
  const titleId = `plan-${plan._id}`;
  const planPath = `/product-monster-plan/${encodeURIComponent(plan._id)}`;
  return (
    <li className={`plan-card${plan.isActive ? '' : ' plan-card--inactive'}`}>
      <article className="lp-card" aria-labelledby={titleId}>
        <Poster videoId={plan.videos[0]} alt={t('plan.posterAlt', { name: plan.name })} className="plan-card__poster" />
        <h3 id={titleId} className="plan-card__title">
          <Link to={planPath}>
            <Truncated text={plan.name} />
          </Link>
        </h3>
        <div className="plan-card__badges">
          {!plan.isActive && <Badge tone="neutral">{t('access.inactive')}</Badge>}
          {access && <AccessBadge access={access} />}
        </div>
        <BundlePrice offer={plan} access={access} requestPrice={requestPrice} />
        <p className="plan-card__facts">
          {t('plan.days', { count: plan.videos.length })}
          {isExamOffered(plan) && ` · ${t('plan.hasExam')}`}
        </p>
        {access === 'pending' && <PaymentInstructions offer={{ ...plan, requestPrice }} bundle={{ monsterplan: plan._id }} isJustRequested={isJustRequested} headingLevel={4} />}
        <div className="plan-card__actions">
          {access === 'approved' && (
            <Link className="lp-button lp-button--primary" to={planPath} aria-label={t('access.openLabel', { name: plan.name })}>
              {t('access.open')}
            </Link>
          )}
          {access && canRequest(plan, access) && <RequestButton monsterplanId={plan._id} name={plan.name} onRequested={() => setJustRequested(true)} />}
        </div>
      </article>
    </li>
  );
}
