// /administrator/users: every user with name and email, 10 per page, paged on the server (spec section 2).
import { Badge, PageTitle, useTranslation } from '@learning/platform';
import { AdminTable } from '../../components/AdminTable';
import { Pager } from '../../components/Pager';
import { usePageParam } from '../../paging';
import { useUsers } from '../../users';

export function UsersScreen() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const users = useUsers(page);
  const title = t('users.title');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <AdminTable
        query={users}
        rows={users.data?.result}
        caption={title}
        columns={[t('users.name'), t('users.email')]}
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
          </>
        )}
      />
      {users.data && <Pager name={title} page={page} total={users.data.total} onChange={setPage} />}
    </>
  );
}
