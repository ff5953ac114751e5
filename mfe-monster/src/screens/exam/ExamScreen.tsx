// /product-monster-plan/{id}/exam: the timed vocabulary exam (spec sections 2, 4 and 9). It is for a
// learner approved for a plan that offers its exam (switched on, its bank full), taken once: anyone
// else, a learner with a result (as the signed-in user says, or as the server's attempt says), or a
// plan without an exam goes to the plan page, unless an attempt is under way; a plan that cannot be
// loaded, to the list.
import type { catalog } from '@learning/contracts';
import { Alert, ApiError, Button, Link, Loader, Navigate, PageTitle, useCurrentUser, useMonsterplan, useParams, useTranslation, type User } from '@learning/platform';
import { useState } from 'react';
import { useExamAttempt } from '../../exam';
import { examEntryOf, planNotOpened } from '../../monsterplans';
import './exam.css';
import { hasStartedExam, type ExamState } from './exam-run';
import { ExamIntro } from './ExamIntro';
import { ExamQuestionView } from './ExamQuestionView';
import { ExamResultView } from './ExamResultView';
import { useExamRun } from './useExamRun';
import { useLeaveConfirmation } from './useLeaveConfirmation';

export function ExamScreen() {
  const { id = '' } = useParams();
  const plan = useMonsterplan(id);
  const session = useCurrentUser();
  if (plan.isError) return <Navigate replace to="/product-monster-plan" state={{ notice: planNotOpened }} />;
  if (plan.isPending || session.status === 'pending' || !session.user) return <Loader />;
  return <ExamEntry plan={plan.data} user={session.user} />;
}

/**
 * Whether the exam may be taken here. A plan that no longer offers it (its bank shrank) may still hold
 * this learner's attempt, begun in another browser: only then is the server asked first.
 */
function ExamEntry({ plan, user }: { plan: catalog.Monsterplan; user: User }) {
  const [isStartedHere] = useState(() => hasStartedExam(localStorage, plan._id));
  // The plan offers no new attempt but would let one under way go on: whether there is one, the server says.
  const mayOnlyGoOn = examEntryOf(plan, user, undefined) === null && examEntryOf(plan, user, 'in-progress') === 'continue';
  const isAskingServer = !isStartedHere && mayOnlyGoOn;
  const attempt = useExamAttempt(plan._id, isAskingServer);
  if (isAskingServer && attempt.isPending) return <Loader />;
  const isAllowed = isStartedHere || examEntryOf(plan, user, attempt.data?.status) !== null;
  return <ExamGate plan={plan} user={user} isAllowed={isAllowed} />;
}

/** Decides once, on entry: the result the exam ends with must not send the learner away. */
function ExamGate({ plan, user, isAllowed }: { plan: catalog.Monsterplan; user: User; isAllowed: boolean }) {
  const planPath = `/product-monster-plan/${encodeURIComponent(plan._id)}`;
  const [mayTake] = useState(isAllowed);
  if (!mayTake) return <Navigate replace to={planPath} />;
  return <ExamSitting plan={plan} user={user} planPath={planPath} />;
}

function ExamSitting({ plan, user, planPath }: { plan: catalog.Monsterplan; user: User; planPath: string }) {
  const { t } = useTranslation('monster');
  const { run, state } = useExamRun(plan._id, user._id);
  const phase = state.phase.name;
  const isRunning = ['countdown', 'revealing', 'question', 'expired', 'recording', 'finishing'].includes(phase);
  useLeaveConfirmation(isRunning, t('exam.leaveConfirm'));

  if (state.phase.name === 'taken') return <Navigate replace to={planPath} />;
  if (state.phase.name === 'refused') {
    const { error } = state.phase;
    // No access, no exam (403, 409): back to the plan; anything else: back to the list.
    const isRefusal = error instanceof ApiError && (error.status === 403 || error.status === 409);
    return isRefusal ? <Navigate replace to={planPath} /> : <Navigate replace to="/product-monster-plan" state={{ notice: planNotOpened }} />;
  }

  return (
    <div className="exam">
      <PageTitle maxLength={40} subtitle={plan.name}>
        {t('exam.title')}
      </PageTitle>
      <ExamStage state={state} onStart={run.start} onAnswer={run.answer} onRetry={run.retry} planPath={planPath} />
    </div>
  );
}

interface StageProps {
  state: ExamState;
  onStart: () => void;
  onAnswer: (answerId: string) => void;
  onRetry: () => void;
  planPath: string;
}

function ExamStage({ state, onStart, onAnswer, onRetry, planPath }: StageProps) {
  const { t } = useTranslation('monster');
  const { phase, question, wasResumed, wasQuestionClosed } = state;
  switch (phase.name) {
    case 'opening':
      return <Loader />;
    case 'intro':
      return <ExamIntro onStart={onStart} planPath={planPath} />;
    case 'countdown':
      return (
        <div className="exam-countdown lp-card">
          {wasResumed && <Alert tone="info" title={wasQuestionClosed ? t('exam.resumed') : t('exam.continued')} />}
          <p>{t('exam.countdown')}</p>
          <p className="exam-countdown__seconds" role="timer" aria-live="assertive" data-testid="exam-countdown">
            {phase.secondsLeft}
          </p>
        </div>
      );
    case 'revealing':
      return <Loader label={t('exam.loading')} />;
    case 'question':
    case 'expired':
    case 'recording':
      return (
        <ExamQuestionView
          key={question!.number}
          question={question!.question}
          number={question!.number}
          total={question!.totalQuestions}
          secondsLeft={phase.name === 'expired' ? null : phase.secondsLeft}
          chosen={phase.name === 'recording' ? phase.answer : undefined}
          onAnswer={onAnswer}
        />
      );
    case 'finishing':
      return <Loader label={t('exam.sending')} />;
    case 'result':
      return <ExamResultView result={phase.result} planPath={planPath} />;
    case 'failed': {
      const isSending = phase.step === 'recording' || phase.step === 'finishing';
      return (
        <Alert title={isSending ? t('exam.sendFailed') : t('exam.loadFailed')}>
          <p>{phase.error instanceof ApiError && phase.error.status !== 0 ? phase.error.message : isSending ? t('exam.sendFailedNetwork') : t('exam.loadFailedNetwork')}</p>
          {phase.canRetry ? <Button onClick={onRetry}>{isSending ? t('exam.retry') : t('exam.retryLoad')}</Button> : <Link to={planPath}>{t('exam.back')}</Link>}
        </Alert>
      );
    }
    default:
      return null;
  }
}
