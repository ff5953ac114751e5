// /administrator/users: every user with name and email, 10 per page, paged on the server (spec
// section 2), and the administrator role granted or removed after a Yes; never one's own. The list is
// searched by name or email (the text in the address, so Back returns to it), and each user opens
// their own page.
import { Badge, Link, PageTitle, useCurrentUser, useSearchParams, useTranslation, type User } from '@learning/platform';
import { useEffect, useState } from 'react';
import { AdminTable } from '../../components/AdminTable';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { usePageParam } from '../../paging';
import { learnerPath, useSetAdministrator, useUsers } from '../../users';

export function UsersScreen() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePageParam();
  const search = useSearchParam();
  const users = useUsers(page, search.value);
  const { user: me } = useCurrentUser();
  const setAdministrator = useSetAdministrator();
  const title = t('users.title');
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <div className="admin-search">
        <input
          className="lp-field__input"
          type="search"
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          value={search.typed}
          onChange={(event) => search.type(event.target.value)}
        />
      </div>
      <ErrorNotice title={t('users.roleFailed')} error={setAdministrator.error} />
      <AdminTable
        query={users}
        rows={users.data?.result}
        caption={title}
        columns={[
          {
            header: t('users.name'),
            cell: (user) => (
              <>
                <Link to={learnerPath(user._id)}>{user.name || user.email}</Link>
                {user.isAdmin && (
                  <>
                    {' '}
                    <Badge tone="info">{t('users.admin')}</Badge>
                  </>
                )}
              </>
            ),
          },
          { header: t('users.email'), kind: 'email', cell: (user) => user.email },
          {
            header: t('table.actions'),
            kind: 'actions',
            cell: (user) =>
              user._id === me?._id ? (
                <span className="admin-muted">{t('users.you')}</span>
              ) : (
                <AdministratorRole
                  user={user}
                  isBusy={setAdministrator.isPending && setAdministrator.variables.user._id === user._id}
                  onChange={(isAdmin) => setAdministrator.mutate({ user, isAdmin })}
                />
              ),
          },
        ]}
        loadError={t('users.loadError')}
        empty={t('users.empty')}
        rowKey={(user) => user._id}
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

export const searchParam = 'search';
const searchDelayMs = 300;

/**
 * The search as typed, and as the address holds it (?search=): the address follows the typing once
 * it pauses (replacing the entry, so Back leaves the list, not each letter), from page 1; the box
 * follows the address when Back or a link changes it.
 */
function useSearchParam() {
  const [params, setParams] = useSearchParams();
  const value = params.get(searchParam)?.trim() ?? '';
  const [typed, setTyped] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (typed.trim() !== value) setTyped(value);
  }
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === value) return;
    const timer = setTimeout(
      () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (wanted) next.set(searchParam, wanted);
            else next.delete(searchParam);
            next.delete('page');
            return next;
          },
          { replace: true },
        ),
      searchDelayMs,
    );
    return () => clearTimeout(timer);
  }, [typed, value, setParams]);
  return { value, typed, type: setTyped };
}
