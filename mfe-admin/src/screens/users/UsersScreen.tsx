// /administrator/users: every user with name and email, 10 per page, paged on the server (spec
// section 2), and the administrator role granted or removed after a Yes; never one's own.
import { Badge, PageTitle, useCurrentUser, useTranslation, type User } from '@learning/platform';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { usePageParam } from '../../paging';
import { useSetAdministrator, useUsers } from '../../users';

export function UsersScreen() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const users = useUsers(page);
  const { user: me } = useCurrentUser();
  const setAdministrator = useSetAdministrator();
  const title = t('users.title');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ErrorNotice title={t('users.roleFailed')} error={setAdministrator.error} />
      <AdminTable
        query={users}
        rows={users.data?.result}
        caption={title}
        columns={[t('users.name'), t('users.email'), t('table.actions')]}
        loadError={t('users.loadError')}
        empty={t('users.empty')}
        rowKey={(user) => user._id}
        cells={(user) => (
          <>
            <td>
              {user.name}
              {user.isAdmin && (
                <>
                  {' '}
                  <Badge tone="info">{t('users.admin')}</Badge>
                </>
              )}
            </td>
            <td className="admin-table__email">{user.email}</td>
            <td>
              {user._id === me?._id ? (
                <span className="admin-muted">{t('users.you')}</span>
              ) : (
                <AdministratorRole
                  user={user}
                  isBusy={setAdministrator.isPending && setAdministrator.variables.user._id === user._id}
                  onChange={(isAdmin) => setAdministrator.mutate({ user, isAdmin })}
                />
              )}
            </td>
          </>
        )}
      />
      {users.data && <Pager name={title} page={page} total={users.data.total} onChange={setPage} />}
    </>
  );
}

function AdministratorRole({ user, isBusy, onChange }: { user: User; isBusy: boolean; onChange: (isAdmin: boolean) => void }) {
  const { t } = useTranslation('admin');
  return user.isAdmin ? (
    <ConfirmInline label={t('users.removeAdmin')} question={t('users.confirmRemoveAdmin')} isLoading={isBusy} onConfirm={() => onChange(false)} />
  ) : (
    <ConfirmInline label={t('users.makeAdmin')} question={t('users.confirmMakeAdmin')} isLoading={isBusy} variant="secondary" onConfirm={() => onChange(true)} />
  );
}
