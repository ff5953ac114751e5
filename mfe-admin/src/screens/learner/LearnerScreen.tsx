// /administrator/users/{id}: one learner whole: who they are, their plans and bundles
// (access, minutes heard, status) with "Эрх цуцлах" after a confirmation, their exam results, their
// read-aloud recordings and their refunds (marked paid or undone here too).
import { isPassed } from '@learning/contracts';
import { Badge, EmptyState, Link, LoadError, Loader, PageTitle, useMonsterplans, useParams, useTranslation, type User } from '@learning/platform';
import { useLearnerAlouds } from '../../alouds';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { AloudList } from '../../components/AloudList';
import { ErrorNotice } from '../../components/ErrorNotice';
import { RefundItems } from '../../components/RefundItems';
import { useSetRefundPaid, useUserRefunds } from '../../refunds';
import { useLearnerProgress, useUser } from '../../users';
import { LearnerBundles } from './LearnerBundles';

export function LearnerScreen() {
  const { t } = useTranslation('admin');
  const userId = useParams().id ?? '';
  const user = useUser(userId);
  const progress = useLearnerProgress(userId);
  // A plan's name for the exam results and recordings: the learner's own plans first, then every plan.
  const plans = useMonsterplans();
  const planName = (id: string) => progress.data?.monsterplans.find((plan) => plan._id === id)?.name ?? plans.data?.find((plan) => plan._id === id)?.name;

  return (
    <>
      <PageTitle>{user.data ? user.data.name || user.data.email : t('learner.title')}</PageTitle>
      <p>
        <Link to="/administrator/users">{t('learner.back')}</Link>
      </p>
      {user.isPending ? (
        <Loader />
      ) : user.isError ? (
        <LoadError title={t('learner.loadError')} onRetry={() => void user.refetch()} />
      ) : (
        <>
          <Profile user={user.data} />
          <LearnerBundles user={user.data} progress={progress} />
          <ExamResults user={user.data} planName={planName} />
          <Recordings userId={userId} planName={planName} />
          <Refunds userId={userId} />
        </>
      )}
    </>
  );
}

function Profile({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  return (
    <AdminSection title={t('learner.profile')}>
      <dl className="admin-profile">
        <dt>{t('users.name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('users.email')}</dt>
        <dd className="admin-table__email">{user.email}</dd>
        <dt>{t('learner.role')}</dt>
        <dd>{user.isAdmin ? t('users.admin') : t('learner.learnerRole')}</dd>
      </dl>
    </AdminSection>
  );
}

function ExamResults({ user, planName }: { user: User; planName: (id: string) => string | undefined }) {
  const { t } = useTranslation('admin');
  const title = t('learner.exams');
  return (
    <AdminSection title={title}>
      {/* The results come with the user, loaded already. */}
      <AdminTable
        query={{ isPending: false, isError: false, refetch: () => undefined }}
        rows={user.monsterplanExam}
        caption={title}
        columns={[
          { header: t('examResults.lesson'), cell: (exam) => planName(exam.id) ?? exam.id },
          { header: t('examResults.correct'), kind: 'number', cell: (exam) => exam.correctQuestions },
          { header: t('examResults.total'), kind: 'number', cell: (exam) => exam.totalQuestions },
          {
            header: t('learner.examOutcome'),
            cell: (exam) => {
              const passed = isPassed(exam.correctQuestions, exam.totalQuestions);
              return <Badge tone={passed ? 'success' : 'neutral'}>{passed ? t('learner.passed') : t('learner.notPassed')}</Badge>;
            },
          },
        ]}
        loadError={t('learner.loadError')}
        empty={t('learner.noExams')}
        rowKey={(exam) => exam.id}
      />
    </AdminSection>
  );
}

function Recordings({ userId, planName }: { userId: string; planName: (id: string) => string | undefined }) {
  const { t } = useTranslation('admin');
  const alouds = useLearnerAlouds(userId);
  return (
    <AdminSection title={t('alouds.title')}>
      {alouds.isPending ? (
        <Loader />
      ) : alouds.isError ? (
        <LoadError title={t('alouds.loadError')} onRetry={() => void alouds.refetch()} />
      ) : alouds.data.length === 0 ? (
        <EmptyState>{t('alouds.empty')}</EmptyState>
      ) : (
        <AloudList alouds={alouds.data} planName={planName} />
      )}
    </AdminSection>
  );
}

function Refunds({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const refunds = useUserRefunds(userId);
  const setPaid = useSetRefundPaid();
  return (
    <AdminSection title={t('refunds.title')}>
      <ErrorNotice title={t('refunds.markFailed')} error={setPaid.error} />
      {refunds.isPending ? (
        <Loader />
      ) : refunds.isError ? (
        <LoadError title={t('refunds.loadError')} onRetry={() => void refunds.refetch()} />
      ) : refunds.data.result.length === 0 ? (
        <EmptyState>{t('learner.noRefunds')}</EmptyState>
      ) : (
        <RefundItems
          items={refunds.data.result}
          busyId={setPaid.isPending ? setPaid.variables.refund._id : null}
          onSetPaid={(refund, isPaid) => setPaid.mutate({ refund, isPaid })}
        />
      )}
    </AdminSection>
  );
}
