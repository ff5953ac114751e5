// The requests panel of spec sections 2 and 4, for lesson bundles and Monster plans alike: heading
// 'Багц хичээлийн хүсэлтүүд', the badge 'N new request', and a table of when, who, which bundle and
// the action (Approved, or Approve and cancel with Yes/No), paged on the server.
import { Badge, Button, PageTitle, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { RelativeTime } from '../../components/RelativeTime';
import { usePageParam } from '../../paging';
import { useNewRequestCount, useRequests, useSettleRequest, type AccessRequest, type RequestKind } from '../../requests';

export function RequestsPanel({ kind, isPageTitle = false }: { kind: RequestKind; isPageTitle?: boolean }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam('requestsPage');
  const requests = useRequests(kind, page);
  const count = useNewRequestCount(kind);
  const settle = useSettleRequest(kind);
  const title = t('requests.title');

  return (
    <AdminSection
      title={title}
      heading={
        <div className="admin-section__head">
          {isPageTitle ? <PageTitle>{title}</PageTitle> : <h2>{title}</h2>}
          {count.data !== undefined && <Badge tone={count.data > 0 ? 'warning' : 'neutral'}>{t('requests.newBadge', { count: count.data })}</Badge>}
        </div>
      }
    >
      <ErrorNotice title={t('requests.failed')} error={settle.error} />
      <AdminTable
        query={requests}
        rows={requests.data?.result}
        caption={`${title}: ${t(`requests.kind.${kind}`)}`}
        columns={[t('requests.createdAt'), t('requests.email'), t('requests.bundle'), t('requests.action')]}
        loadError={t('requests.loadError')}
        empty={t('requests.empty')}
        rowKey={(request) => request._id}
        cells={(request) => (
          <>
            <td>
              <RelativeTime date={request.createdAt} />
            </td>
            <td className="admin-table__email">{request.user.email}</td>
            <td>{request.bundle.name}</td>
            <td>
              <RequestAction
                request={request}
                isBusy={settle.isPending && settle.variables.request._id === request._id}
                onSettle={(decision) => settle.mutate({ request, decision })}
              />
            </td>
          </>
        )}
      />
      {requests.data && <Pager name={title} page={page} total={requests.data.total} onChange={setPage} />}
    </AdminSection>
  );
}

function RequestAction({ request, isBusy, onSettle }: { request: AccessRequest; isBusy: boolean; onSettle: (decision: 'approve' | 'cancel') => void }) {
  const { t } = useTranslation('admin');
  if (request.isApproved) return <Badge tone="success">{t('requests.approved')}</Badge>;
  return (
    <div className="admin-actions">
      <Button variant="primary" className="admin-action" isLoading={isBusy} onClick={() => onSettle('approve')}>
        {t('requests.approve')}
      </Button>
      <ConfirmInline label={t('requests.cancel')} question={t('requests.confirmCancel')} isLoading={false} onConfirm={() => onSettle('cancel')} />
    </div>
  );
}
