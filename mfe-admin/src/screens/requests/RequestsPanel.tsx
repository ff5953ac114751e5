// The requests panel of spec sections 2 and 4, for lesson bundles and Monster plans alike: its heading
// ('Багц хичээлийн хүсэлтүүд' for bundles, 'Monster plan-ы хүсэлтүүд' for plans), the badge
// 'N new request', and a table of when, who, which bundle, the price the request recorded (what the
// learner pays: the early price when asked before its deadline), how it was paid (QPay or by hand,
// an open invoice to cancel, payments flagged) and the action ('Зөвшөөрсөн', or 'Зөвшөөрөх' and
// 'Цуцлах', each after its inline 'Тийм'/'Үгүй'), paged on the server.
import { Badge, formatPrice, PageTitle, useTranslation } from '@learning/platform';
import { AdminSection } from '../../components/AdminSection';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { RelativeTime } from '../../components/RelativeTime';
import { usePageParam } from '../../paging';
import { useCancelInvoice } from '../../payments';
import { useNewRequestCount, useRequests, useSettleRequest, type AccessRequest, type RequestKind } from '../../requests';
import { RequestPayment } from './RequestPayment';

const requestsTitleKey = { lesson: 'lessonRequests.title', monsterplan: 'monsterplanRequests.title' } as const satisfies Record<RequestKind, string>;

type Decision = 'approve' | 'cancel';

export function RequestsPanel({ kind, isPageTitle = false }: { kind: RequestKind; isPageTitle?: boolean }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam('requestsPage');
  const requests = useRequests(kind, page);
  const count = useNewRequestCount(kind);
  const settle = useSettleRequest(kind);
  const cancelInvoice = useCancelInvoice(kind);
  const title = t(requestsTitleKey[kind]);
  const busyWith = (request: AccessRequest): Decision | null => (settle.isPending && settle.variables.request._id === request._id ? settle.variables.decision : null);

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
      <ErrorNotice title={t('payments.cancelInvoiceFailed')} error={cancelInvoice.error} />
      <AdminTable
        query={requests}
        rows={requests.data?.result}
        caption={title}
        columns={[
          { header: t('requests.createdAt'), cell: (request) => <RelativeTime date={request.createdAt} /> },
          { header: t('requests.email'), kind: 'email', cell: (request) => request.user.email },
          { header: t('requests.bundle'), cell: (request) => request.bundle.name },
          { header: t('requests.price'), kind: 'number', cell: (request) => formatPrice(request.price) },
          {
            header: t('payments.column'),
            kind: 'list',
            cell: (request) => (
              <RequestPayment
                request={request}
                isCancellingInvoice={cancelInvoice.isPending && cancelInvoice.variables._id === request.openInvoice?._id}
                onCancelInvoice={(invoice) => cancelInvoice.mutate(invoice)}
              />
            ),
          },
          {
            header: t('requests.action'),
            kind: 'actions',
            cell: (request) => <RequestAction request={request} busyWith={busyWith(request)} onSettle={(decision) => settle.mutate({ request, decision })} />,
          },
        ]}
        loadError={t('requests.loadError')}
        empty={t('requests.empty')}
        rowKey={(request) => request._id}
      />
      {requests.data && <Pager name={title} page={page} total={requests.data.total} onChange={setPage} />}
    </AdminSection>
  );
}

function RequestAction({ request, busyWith, onSettle }: { request: AccessRequest; busyWith: Decision | null; onSettle: (decision: Decision) => void }) {
  const { t } = useTranslation('admin');
  if (request.isApproved) return <Badge tone="success">{t('requests.approved')}</Badge>;
  const who = { email: request.user.email, name: request.bundle.name };
  return (
    <div className="admin-actions">
      <ConfirmInline
        variant="primary"
        label={t('requests.approve')}
        name={t('requests.approveLabel', who)}
        question={t('requests.confirmApprove')}
        isLoading={busyWith === 'approve'}
        onConfirm={() => onSettle('approve')}
      />
      <ConfirmInline
        label={t('requests.cancel')}
        name={t('requests.cancelLabel', who)}
        question={t('requests.confirmCancel')}
        isLoading={busyWith === 'cancel'}
        onConfirm={() => onSettle('cancel')}
      />
    </div>
  );
}
