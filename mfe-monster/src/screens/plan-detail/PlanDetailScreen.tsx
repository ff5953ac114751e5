// /product-monster-plan/{id}: the plan's player and its week/day list. An approved learner chooses a
// day and watches it, sees what they have heard (marks, minutes, where to continue); anyone else sees
// the list with what to do to get access. A plan that cannot be loaded (404, network) sends the
// visitor back to the list (spec section 8).
import {
  AccessBadge,
  Badge,
  Link,
  Loader,
  Navigate,
  PageTitle,
  useCurrentUser,
  useMonsterplan,
  usePlanProgress,
  useParams,
  useSearchParams,
  useTranslation,
  type AccessState,
  type User,
} from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { useRef } from 'react';
import { canRequest, examResultOf, monsterplanAccess, planNotOpened } from '../../monsterplans';
import { PlanPrice } from '../../plan/PlanPrice';
import { RequestButton } from '../../plan/RequestButton';
import { PlanListening } from './PlanListening';
import { findDay, PlanPlayer } from './PlanPlayer';
import { WeekDayList } from './WeekDayList';

export function PlanDetailScreen() {
  const { id = '' } = useParams();
  const plan = useMonsterplan(id);
  if (plan.isError) return <Navigate replace to="/product-monster-plan" state={{ notice: planNotOpened }} />;
  if (plan.isPending) return <Loader />;
  return <PlanDetail plan={plan.data} />;
}

function PlanDetail({ plan }: { plan: catalog.Monsterplan }) {
  const { t } = useTranslation('monster');
  const session = useCurrentUser();
  const access = session.status === 'pending' ? null : monsterplanAccess(plan._id, session.user);
  const isApproved = access === 'approved';
  const progress = usePlanProgress(plan._id, isApproved);
  // Without its progress the plan still plays, from where this browser remembers.
  const shownProgress = progress.isError ? null : progress.data;
  // The chosen day is in the address (?video=), so Back, a reload or a shared link opens it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = isApproved ? findDay(plan, searchParams.get('video')) : null;
  const player = useRef<HTMLElement>(null);

  const chooseDay = (videoId: string) => {
    if (videoId === chosen?.video._id) return;
    setSearchParams({ video: videoId });
    // On a phone the player is above the list: bring it into view.
    player.current?.scrollIntoView?.({ block: 'nearest' });
  };

  return (
    <>
      <p className="plan-detail__back">
        <Link to="/product-monster-plan">← {t('detail.back')}</Link>
      </p>
      <PageTitle maxLength={40}>{plan.name}</PageTitle>
      <div className="plan-detail__summary">
        {!plan.isActive && <Badge tone="neutral">{t('access.inactive')}</Badge>}
        {access && <AccessBadge access={access} />}
        <PlanPrice plan={plan} />
        {isApproved && <ExamEntry plan={plan} user={session.user} />}
      </div>
      {shownProgress && <PlanListening progress={shownProgress} chosenId={chosen?.video._id ?? null} onContinue={(place) => chooseDay(place.videoId)} />}
      <div className="plan-detail">
        <section ref={player} className="plan-detail__player" aria-label={t('detail.player')} tabIndex={-1}>
          {access === null ? (
            <Loader />
          ) : access === 'approved' ? (
            <PlanPlayer plan={plan} chosen={chosen} progress={shownProgress} />
          ) : (
            <AccessNotice plan={plan} access={access} />
          )}
        </section>
        <WeekDayList plan={plan} chosenId={chosen?.video._id ?? null} onChoose={isApproved ? chooseDay : null} progress={shownProgress ?? null} />
      </div>
    </>
  );
}

/** What a visitor without access sees instead of the player, and the request button when it applies. */
function AccessNotice({ plan, access }: { plan: catalog.Monsterplan; access: Exclude<AccessState, 'approved'> }) {
  const { t } = useTranslation('monster');
  const message = access === 'pending' ? t('detail.pending') : plan.isActive ? t('detail.notRequested') : t('detail.inactive');
  return (
    <div className="plan-player__screen plan-player__screen--notice">
      <p>{message}</p>
      {canRequest(plan, access) && <RequestButton monsterplanId={plan._id} name={plan.name} />}
    </div>
  );
}

/** The exam (spec section 4) is for approved learners of a plan that has one, and is taken once. */
function ExamEntry({ plan, user }: { plan: catalog.Monsterplan; user: User | null | undefined }) {
  const { t } = useTranslation('monster');
  if (!plan.exam) return null;
  const result = examResultOf(plan._id, user);
  if (result) return <p className="plan-detail__exam">{t('detail.examTaken', { correct: result.correctQuestions, total: result.totalQuestions })}</p>;
  return (
    <Link className="lp-button lp-button--secondary plan-detail__exam" to={`/product-monster-plan/${encodeURIComponent(plan._id)}/exam`}>
      {t('detail.exam')}
    </Link>
  );
}
