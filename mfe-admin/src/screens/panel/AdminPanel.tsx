// The admin panel: its sections (lesson bundles with requests, Monster plans with requests,
// videos, users) and the chosen one below.
import { NavLink, Outlet, useTranslation } from '@learning/platform';

const sections = [
  { to: 'lessons', label: 'lessons.title' },
  { to: 'lessons/requests', label: 'lessonRequests.title' },
  { to: 'monsterplans', label: 'monsterplans.title' },
  { to: 'monsterplans/requests', label: 'monsterplanRequests.title' },
  { to: 'videos', label: 'videos.title' },
  { to: 'users', label: 'users.title' },
] as const;

export function AdminPanel() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-panel">
      <nav aria-label={t('panel.label')}>
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: '0 0 24px' }}>
          {sections.map(({ to, label }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                className={({ isActive }) => `lp-button ${isActive ? 'lp-button--primary' : 'lp-button--secondary'}`}
              >
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
