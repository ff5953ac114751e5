// The admin panel: its sections (lesson bundles with their requests and the new-request count,
// Monster plans likewise, the payments, videos, users, the refunds to pay, the centre's logo) and the chosen one below.
import { NavLink, Outlet, useTranslation } from '@learning/platform';
import '../../admin.css';
import { useNewRequestCount, type RequestKind } from '../../requests';

// A section with another section under its address is current on its own address only; the others
// stay current on their sub-pages too (a learner's page is under Users).
const sections: ReadonlyArray<{ to: string; label: string; requests?: RequestKind }> = [
  { to: 'lessons', label: 'lessons.title', requests: 'lesson' },
  { to: 'lessons/requests', label: 'lessonRequests.title' },
  { to: 'monsterplans', label: 'monsterplans.title', requests: 'monsterplan' },
  { to: 'monsterplans/requests', label: 'monsterplanRequests.title' },
  { to: 'payments', label: 'payments.title' },
  { to: 'videos', label: 'videos.title' },
  { to: 'users', label: 'users.title' },
  { to: 'refunds', label: 'panel.refunds' },
  { to: 'centre', label: 'centre.title' },
];

export function AdminPanel() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-panel">
      <nav aria-label={t('panel.label')}>
        <ul className="admin-sections">
          {sections.map(({ to, label, requests }) => (
            <li key={to}>
              <NavLink to={to} end={sections.some((other) => other.to.startsWith(`${to}/`))} className={({ isActive }) => `lp-button ${isActive ? 'lp-button--primary' : 'lp-button--secondary'}`}>
                {t(label)}
                {requests && <NewRequestCount kind={requests} />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

function NewRequestCount({ kind }: { kind: RequestKind }) {
  const { t } = useTranslation('admin');
  const count = useNewRequestCount(kind).data ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin-count">
      <span aria-hidden="true">{count}</span>
      <span className="lp-visually-hidden"> {t('panel.newRequests', { count })}</span>
    </span>
  );
}
