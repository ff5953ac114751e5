// /administrator/users/{id} (issue 20): one learner whole: who they are, their plans and bundles
// (access, minutes heard, status) with "Эрх цуцлах" after a confirmation, their exam results, their
// read-aloud recordings and their refunds (marked paid or undone here too).
import { isPassed } from '@learning/contracts';
import { Badge, EmptyState, Link, LoadError, Loader, PageTitle, useMonsterplans, useParams, useTranslation, type User } from '@learning/platform';
import { useLearnerAlouds } from '../../alouds';
import { AdminSection } from '../../components/AdminSection';
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
      {user.monsterplanExam.length === 0 ? (
        <EmptyState>{t('learner.noExams')}</EmptyState>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="lp-visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('examResults.lesson')}</th>
                <th scope="col">{t('examResults.correct')}</th>
                <th scope="col">{t('examResults.total')}</th>
                <th scope="col">{t('learner.examOutcome')}</th>
              </tr>
            </thead>
            <tbody>
              {user.monsterplanExam.map((exam) => {
                const passed = isPassed(exam.correctQuestions, exam.totalQuestions);
                return (
                  <tr key={exam.id}>
                    <td>{planName(exam.id) ?? exam.id}</td>
                    <td className="admin-table__number">{exam.correctQuestions}</td>
                    <td className="admin-table__number">{exam.totalQuestions}</td>
                    <td>
                      <Badge tone={passed ? 'success' : 'neutral'}>{passed ? t('learner.passed') : t('learner.notPassed')}</Badge>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
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
