// /product-monster-plan/{id}: the plan's player and its week/day list. An approved learner chooses a
// day and watches it (a day not released yet shows the date it opens), sees what they have heard
// (marks, minutes, where to continue), and finds the exam after the days, or first once most of the
// plan is heard or to go on with an attempt under way, and its result, passed or not, once taken;
// anyone else sees the list with what to do to get access, and how to pay while the request waits (the
// price the request recorded). A request begun before signing in (?request=<id>) is sent on the way
// back. A plan that cannot be loaded (404, network) sends the visitor back to the list (spec section 8),
// unless days of it were downloaded: without a connection those play (offline/OfflinePlan).
import {
  AccessBadge,
  Badge,
  BundlePrice,
  Link,
  Loader,
  PageTitle,
  PaymentInstructions,
  useCurrentUser,
  useMonsterplan,
  usePlanProgress,
  useParams,
  useRequestMonsterplan,
  useRequestOnReturn,
  useRequestPrice,
  useSearchParams,
  useTranslation,
  type AccessState,
} from '@learning/platform';
import { isPassed, type catalog } from '@learning/contracts';
import { useRef, useState } from 'react';
import { lockedUntil } from '../../day-release';
import { useExamAttempt } from '../../exam';
import { canRequest, examEntryOf, examResultOf, examReadyShare, isReadyForExam, monsterplanAccess, type ExamEntry } from '../../monsterplans';
import { ExamVerdict } from '../../plan/ExamVerdict';
import { RequestButton } from '../../plan/RequestButton';
import { hasStartedExam } from '../exam/exam-run';
import { LockedDay } from './LockedDay';
import { OfflinePlan } from './offline/OfflinePlan';
import { PlanListening } from './PlanListening';
import { findDay, PlanPlayer } from './PlanPlayer';
import { WeekDayList } from './WeekDayList';

export function PlanDetailScreen() {
  const { id = '' } = useParams();
  const plan = useMonsterplan(id);
  // Without a connection (the call waits for it, or failed) the days downloaded of this plan play.
  const isWaitingForConnection = plan.isPending && plan.fetchStatus === 'paused';
  if (plan.isError || isWaitingForConnection) return <OfflinePlan monsterplanId={id} couldNotLoad={plan.isError} />;
  if (plan.isPending) return <Loader />;
  return <PlanDetail plan={plan.data} />;
}

function PlanDetail({ plan }: { plan: catalog.Monsterplan }) {
  const { t } = useTranslation('monster');
  const session = useCurrentUser();
  const access = session.status === 'pending' ? null : monsterplanAccess(plan._id, session.user);
  const isApproved = access === 'approved';
  const progress = usePlanProgress(plan._id, isApproved);
  const requestPrice = useRequestPrice('monsterplans', plan._id, access === 'pending' || isApproved);
  const [isJustRequested, setJustRequested] = useState(false);
  const requestOnReturn = useRequestMonsterplan();
  useRequestOnReturn({
    bundleId: plan._id,
    isReady: access !== null,
    canRequest: !!session.user && access !== null && canRequest(plan, access),
    request: () => requestOnReturn.mutate({ monsterplan: plan._id }, { onSuccess: () => setJustRequested(true) }),
  });
  // Without its progress the plan still plays, from where this browser remembers.
  const shownProgress = progress.isError ? null : progress.data;
  // The chosen day is in the address (?video=), so Back, a reload or a shared link opens it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = isApproved ? findDay(plan, searchParams.get('video')) : null;
  const player = useRef<HTMLElement>(null);

  const chooseDay = (videoId: string) => {
    if (videoId === chosen?.video._id) return;
    setSearchParams({ video: videoId });
    // The player is above the schedule (on a phone, and once a day is open): bring it into view.
    player.current?.scrollIntoView?.({ block: 'nearest' });
  };

  const examResult = examResultOf(plan._id, session.user);
  const attempt = useExamAttempt(plan._id, isApproved && plan.exam && !examResult);
  // Where the attempt stands: the server's word once it is fresh, until then (or without it) this browser's flag.
  const serverStatus = attempt.isFetching ? undefined : attempt.data?.status;
  const examEntry = examEntryOf(plan, session.user, serverStatus ?? (hasStartedExam(localStorage, plan._id) ? 'in-progress' : undefined));
  // The exam is taken once: it waits after the days until the learner has heard most of the plan; one under way comes first.
  const isExamFirst = examEntry === 'continue' || (examEntry === 'take' && isReadyForExam(shownProgress));
  const chosenLockedUntil = chosen && lockedUntil(shownProgress, chosen.week, chosen.video.dayOfWeek);

  return (
    <>
      <p className="plan-detail__back">
        <Link to="/product-monster-plan">← {t('detail.back')}</Link>
      </p>
      <PageTitle maxLength={40} description={t('detail.description', { name: plan.name, weeks: plan.populatedVideos.length })}>
        {plan.name}
      </PageTitle>
      <div className="plan-detail__summary">
        {!plan.isActive && <Badge tone="neutral">{t('access.inactive')}</Badge>}
        {access && <AccessBadge access={access} />}
        <BundlePrice offer={plan} access={access} requestPrice={requestPrice} />
        {isApproved && plan.exam && examResult && (
          <p className="plan-detail__exam plan-detail__exam--taken">
            <span>{t('detail.examTaken', { correct: examResult.correctQuestions, total: examResult.totalQuestions })}</span>
            <ExamVerdict isPassed={isPassed(examResult.correctQuestions, examResult.totalQuestions)} />
          </p>
        )}
        {examEntry && isExamFirst && <ExamLink plan={plan} entry={examEntry} isFirst />}
      </div>
      {shownProgress && <PlanListening progress={shownProgress} chosenId={chosen?.video._id ?? null} onContinue={(place) => chooseDay(place.videoId)} />}
      {/* A day open takes the page's width, so its lines sit beside the video; the schedule goes under it. */}
      <div className={chosen ? 'plan-detail plan-detail--day-open' : 'plan-detail'}>
        <section ref={player} className="plan-detail__player" aria-label={t('detail.player')} tabIndex={-1}>
          {access === null ? (
            <Loader />
          ) : access === 'approved' ? (
            chosenLockedUntil ? (
              <LockedDay releasesAt={chosenLockedUntil} />
            ) : (
              <PlanPlayer plan={plan} chosen={chosen} progress={shownProgress} />
            )
          ) : (
            <AccessNotice plan={plan} access={access} requestPrice={requestPrice} isJustRequested={isJustRequested} onRequested={() => setJustRequested(true)} />
          )}
        </section>
        <div className="plan-detail__side">
          <WeekDayList plan={plan} chosenId={chosen?.video._id ?? null} onChoose={isApproved ? chooseDay : null} progress={shownProgress ?? null} />
          {examEntry && !isExamFirst && <ExamLink plan={plan} entry={examEntry} isFirst={false} />}
        </div>
      </div>
    </>
  );
}

interface AccessNoticeProps {
  plan: catalog.Monsterplan;
  access: Exclude<AccessState, 'approved'>;
  /** What the learner's request recorded (useRequestPrice). */
  requestPrice: string | null | undefined;
  /** The request was sent from this page just now (its button, or on the way back from sign-in). */
  isJustRequested: boolean;
  onRequested: () => void;
}

/** What a visitor without access sees instead of the player: the request button when it applies, how to pay while it waits. */
function AccessNotice({ plan, access, requestPrice, isJustRequested, onRequested }: AccessNoticeProps) {
  const { t } = useTranslation('monster');
  const message = access === 'pending' ? t('detail.pending') : plan.isActive ? t('detail.notRequested') : t('detail.inactive');
  return (
    <>
      <div className="plan-player__screen plan-player__screen--notice">
        <p>{message}</p>
        {canRequest(plan, access) && <RequestButton monsterplanId={plan._id} name={plan.name} onRequested={onRequested} />}
      </div>
      {access === 'pending' && (
        <div className="plan-detail__payment">
          <PaymentInstructions offer={{ ...plan, requestPrice }} bundle={{ monsterplan: plan._id }} isJustRequested={isJustRequested} headingLevel={2} />
        </div>
      )}
    </>
  );
}

/**
 * The way to the exam (spec section 4), for an approved learner of a plan that offers its exam, not yet
 * taken, or whose attempt is under way: first on the page, as the primary action, once most of the plan
 * is heard or to go on with the attempt; else after the days.
 */
function ExamLink({ plan, entry, isFirst }: { plan: catalog.Monsterplan; entry: Exclude<ExamEntry, null>; isFirst: boolean }) {
  const { t } = useTranslation('monster');
  const link = (
    <Link className={`lp-button lp-button--${isFirst ? 'primary' : 'secondary'}`} to={`/product-monster-plan/${encodeURIComponent(plan._id)}/exam`}>
      {entry === 'continue' ? t('detail.examContinue') : t('detail.exam')}
    </Link>
  );
  if (isFirst) return <p className="plan-detail__exam">{link}</p>;
  return (
    <div className="plan-detail__exam plan-detail__exam--later">
      <p className="plan-detail__exam-note">{t('detail.examLater', { percent: Math.round(examReadyShare * 100) })}</p>
      {link}
    </div>
  );
}
