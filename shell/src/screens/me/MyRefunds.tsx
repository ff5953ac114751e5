// The learner's refund claims on /me: each with its plan, kind, amount and state (earned, account
// given, paid and how), and a way to /me/settings while an earned claim waits for the account.
import type { refunds } from '@learning/contracts';
import { Badge, type BadgeTone, centreTimeZone, formatDate, formatPrice, Link, LoadError, useTranslation } from '@learning/platform';
import { useMyRefunds } from '../../refunds/refund-claims';
import '../strings';

const stateTones: Record<refunds.ClaimState, BadgeTone> = { earned: 'warning', details_given: 'info', paid: 'success' };

export function MyRefunds() {
  const { t } = useTranslation('shell');
  const claims = useMyRefunds();
  if (claims.isPending) return null;
  if (claims.isError) return <LoadError title={t('claims.loadError')} onRetry={() => void claims.refetch()} />;
  // A learner who earned nothing yet sees nothing of refunds here.
  if (claims.data.result.length === 0) return null;
  const needsAccount = claims.data.result.some((claim) => claim.state === 'earned');
  return (
    <section className="my-learning__section my-refunds" aria-labelledby="my-refunds">
      <h2 id="my-refunds">{t('claims.title')}</h2>
      {needsAccount && (
        <p className="my-refunds__needs-account">
          {t('claims.needsAccount')}{' '}
          <Link to="/me/settings">{t('claims.giveAccount')}</Link>
        </p>
      )}
      <ul className="my-refunds__list">
        {claims.data.result.map((claim) => (
          <Claim key={claim._id} claim={claim} />
        ))}
      </ul>
    </section>
  );
}

function Claim({ claim }: { claim: refunds.MyRefund }) {
  const { t, i18n } = useTranslation('shell');
  const dayOf = (moment: string) => formatDate(moment, i18n.language, { timeZone: centreTimeZone });
  return (
    <li className="my-refunds__claim">
      <p className="my-refunds__what">
        <strong>{claim.monsterplan.name}</strong> · {t(`claims.${claim.kind}`)} · {formatPrice(claim.amount)}
      </p>
      <p className="my-refunds__state">
        <Badge tone={stateTones[claim.state]}>{t(`claims.${claim.state}`)}</Badge>{' '}
        <span className="my-refunds__when">
          {claim.paidAt && claim.paidVia
            ? t(`claims.paidVia_${claim.paidVia}`, { date: dayOf(claim.paidAt) })
            : t('claims.earnedOn', { date: dayOf(claim.earnedAt) })}
        </span>
      </p>
    </li>
  );
}
