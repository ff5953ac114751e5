// The exam results: student, lesson (the plan), 'Зөв хариулсан', 'Нийт асуулт', 10 per page on the
// server (spec section 2).
import { useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { Pager } from '../../components/Pager';
import { useExamResults } from '../../exam-results';
import { usePageParam } from '../../paging';

export function ExamResults() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam('resultsPage');
  const results = useExamResults(page);
  const title = t('examResults.title');
  return (
    <AdminSection title={title}>
      <AdminTable
        query={results}
        rows={results.data?.result}
        caption={title}
        columns={[
          { header: t('examResults.student'), kind: 'email', cell: (result) => result.user.email },
          { header: t('examResults.lesson'), cell: (result) => result.monsterplan.name },
          { header: t('examResults.correct'), kind: 'number', cell: (result) => result.correctQuestions },
          { header: t('examResults.total'), kind: 'number', cell: (result) => result.totalQuestions },
        ]}
        loadError={t('examResults.loadError')}
        empty={t('examResults.empty')}
        rowKey={(result) => result._id}
      />
      {results.data && <Pager name={title} page={page} total={results.data.total} onChange={setPage} />}
    </AdminSection>
  );
}
