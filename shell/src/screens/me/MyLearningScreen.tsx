// /me: the learner's Monster plans and lesson bundles — each with its access (approved, or
// pending with how to pay and what comes next), the price their request recorded (to pay,
// or paid once approved), the minutes heard, the plan's exam result and a link to continue; links to
// the plans when there is none, and to the account settings; then the refunds earned with their states.
import { isPassed, type MyLearning, type MyLesson, type MyMonsterplan } from '@learning/contracts';
import {
  AccessBadge,
  BundlePrice,
  EmptyState,
  formatClock,
  Link,
  Loader,
  LoadError,
  MinutesListened,
  PageTitle,
  PaymentInstructions,
  ProgressMark,
  useCurrentUser,
  useMyLearning,
  useTranslation,
  type PaymentInstructionsProps,
  type PaymentOffer,
  type User,
} from '@learning/platform';
import type { ReactNode } from 'react';
import { MyReceipts } from './MyReceipts';
import { MyRefunds } from './MyRefunds';
import '../strings';

export default function MyLearningScreen() {
  const { t } = useTranslation('shell');
  const learning = useMyLearning();
  return (
    <>
      <PageTitle subtitle={t('learning.lead')}>{t('learning.title')}</PageTitle>
      <p className="my-learning__settings">
        <Link to="/me/settings">{t('learning.settings')}</Link> · <Link to="/me/downloads">{t('downloads.title')}</Link>
      </p>
      {learning.isPending ? (
        <Loader />
      ) : learning.isError ? (
        <LoadError title={t('learning.loadError')} onRetry={() => void learning.refetch()} />
      ) : (
        <MyLearningLists learning={learning.data} />
      )}
      <MyReceipts />
      <MyRefunds />
    </>
  );
}

/** The days in a row with the day's listening done, and today's minutes against the goal. */
function ListeningStreak({ streak }: { streak: MyLearning['streak'] }) {
  const { t } = useTranslation('shell');
  return (
    <section className="my-learning__streak" aria-labelledby="my-streak">
      <h2 id="my-streak">{t('learning.streakTitle')}</h2>
      <p className="my-learning__streak-days">{streak.days > 0 ? t('learning.streakDays', { count: streak.days }) : t('learning.streakNone')}</p>
      <p>
        {t('learning.streakToday', { today: Math.min(streak.todayMinutes, streak.goalMinutes), goal: streak.goalMinutes })}{' '}
        {t('learning.streakGoal', { goal: streak.goalMinutes })}
      </p>
      <progress max={streak.goalMinutes} value={Math.min(streak.todayMinutes, streak.goalMinutes)} aria-label={t('learning.streakToday', { today: streak.todayMinutes, goal: streak.goalMinutes })} />
    </section>
  );
}

function MyLearningLists({ learning }: { learning: MyLearning }) {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  if (learning.monsterplans.length === 0 && learning.lessons.length === 0) {
    return (
      <div className="my-learning__empty">
        <EmptyState>{t('learning.empty')}</EmptyState>
        <p className="my-learning__browse">
          <Link className="lp-button lp-button--primary" to="/product-monster-plan">
            {t('learning.browsePlans')}
          </Link>
          <Link className="lp-button lp-button--secondary" to="/product-remote-lesson">
            {t('learning.browseLessons')}
          </Link>
        </p>
      </div>
    );
  }
  const isLearning = [...learning.monsterplans, ...learning.lessons].some((entry) => entry.access === 'approved');
  return (
    <>
      {isLearning && <ListeningStreak streak={learning.streak} />}
      {learning.monsterplans.length > 0 && (
        <section className="my-learning__section" aria-labelledby="my-monsterplans">
          <h2 id="my-monsterplans">{t('learning.monsterplans')}</h2>
          <ul className="my-learning__list">
            {learning.monsterplans.map((plan) => (
              <PlanEntry key={plan._id} plan={plan} user={user} />
            ))}
          </ul>
        </section>
      )}
      {learning.lessons.length > 0 && (
        <section className="my-learning__section" aria-labelledby="my-lessons">
          <h2 id="my-lessons">{t('learning.lessons')}</h2>
          <ul className="my-learning__list">
            {learning.lessons.map((lesson) => (
              <LessonEntry key={lesson._id} lesson={lesson} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function PlanEntry({ plan, user }: { plan: MyMonsterplan; user: User | null | undefined }) {
  const { t } = useTranslation('shell');
  const planPath = `/product-monster-plan/${encodeURIComponent(plan._id)}`;
  const exam = user?.monsterplanExam.find((result) => result.id === plan._id);
  const place = plan.continue;
  return (
    <Entry name={plan.name} path={planPath} access={plan.access} listened={plan} offer={plan} bundle={{ monsterplan: plan._id }}>
      {exam && (
        <p className="my-learning__exam">
          {t('learning.exam', { correct: exam.correctQuestions, total: exam.totalQuestions })} ({isPassed(exam.correctQuestions, exam.totalQuestions) ? t('learning.examPassed') : t('learning.examNotPassed')})
        </p>
      )}
      {plan.access === 'approved' && (
        <Link className="lp-button lp-button--primary" to={place ? `${planPath}?video=${encodeURIComponent(place.videoId)}` : planPath}>
          {place ? t('learning.continuePlan', { day: place.dayOfWeek, week: place.week, time: formatClock(place.position) }) : plan.status === 'not-started' ? t('learning.start') : t('learning.open')}
        </Link>
      )}
    </Entry>
  );
}

function LessonEntry({ lesson }: { lesson: MyLesson }) {
  const { t } = useTranslation('shell');
  const lessonPath = `/product-remote-lesson/${encodeURIComponent(lesson._id)}`;
  const place = lesson.continue;
  return (
    <Entry name={lesson.name} path={lessonPath} access={lesson.access} listened={lesson} offer={lesson} bundle={{ lesson: lesson._id }}>
      {lesson.access === 'approved' && (
        <Link className="lp-button lp-button--primary" to={place ? `${lessonPath}?video=${encodeURIComponent(place.videoId)}` : lessonPath}>
          {place ? t('learning.continueLesson', { time: formatClock(place.position) }) : lesson.status === 'not-started' ? t('learning.start') : t('learning.open')}
        </Link>
      )}
    </Entry>
  );
}

interface EntryProps {
  name: string;
  path: string;
  access: 'approved' | 'pending';
  listened: Pick<MyMonsterplan, 'listenedSeconds' | 'totalSeconds' | 'status'>;
  /** The entry's price, the price its request recorded, and the payment instructions (GET /v1/progress/mine). */
  offer: PaymentOffer & { requestPrice: string };
  /** The plan or bundle itself, for paying its request by QPay. */
  bundle: PaymentInstructionsProps['bundle'];
  children: ReactNode;
}

/** One plan or bundle: its name, its access, how to pay while pending, and for an approved learner what was heard. */
function Entry({ name, path, access, listened, offer, bundle, children }: EntryProps) {
  return (
    <li className="my-learning__entry">
      <h3 className="my-learning__name">
        <Link to={path}>{name}</Link>
      </h3>
      <p className="my-learning__state">
        <AccessBadge access={access} />
        {access === 'approved' && <ProgressMark status={listened.status} />}
      </p>
      {access === 'pending' ? (
        <PaymentInstructions offer={offer} bundle={bundle} headingLevel={4} />
      ) : (
        <>
          <BundlePrice offer={{ price: offer.price, earlyPrice: null, earlyPriceUntil: null }} access="approved" requestPrice={offer.requestPrice} />
          <MinutesListened listenedSeconds={listened.listenedSeconds} totalSeconds={listened.totalSeconds} />
        </>
      )}
      {children}
    </li>
  );
}
