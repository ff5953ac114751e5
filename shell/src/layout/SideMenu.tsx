// The side menu of spec section 2: the products for everyone; the administrator section only for
// administrators; sign-in and register for guests, sign-out for signed-in users. Notifications "is
// disabled and needs sign-in": disabled, saying so, until the visitor signs in; then a link to its
// page (/notifications, which the guards keep for signed-in users) with the count of unread ones.
import { Button, changeLanguage, languages, Link, NavLink, useCurrentUser, useLocation, useTranslation, useUnreadCount } from '@learning/platform';

export function SideMenu() {
  const { t } = useTranslation('shell');
  const { user, isAdmin, status } = useCurrentUser();
  const location = useLocation();
  // After signing in, come back here; from the auth screens themselves, go to the site origin.
  const isAuthScreen = /^\/(signin|create-account|login\/callback|signout\/callback)\b/.test(location.pathname);
  const here = window.location.origin + (isAuthScreen ? '' : location.pathname + location.search);

  return (
    <div className="side-menu">
      <ul className="side-menu__list">
        <MenuLink to="/home">{t('nav.home')}</MenuLink>
        <MenuLink to="/product-monster-plan">{t('nav.monsterplan')}</MenuLink>
        <MenuLink to="/product-remote-lesson">{t('nav.lessons')}</MenuLink>
        <MenuLink to="/boosterz">{t('nav.workshop')}</MenuLink>
        {user ? (
          <NotificationsLink />
        ) : (
          <li>
            <span className="side-menu__link side-menu__link--disabled" aria-disabled="true">
              {t('nav.notifications')}
              <span className="side-menu__hint">{t('nav.notificationsNeedSignIn')}</span>
            </span>
          </li>
        )}
        <MenuLink to="/help">{t('nav.help')}</MenuLink>
        {user && (
          <MenuLink to="/me" end>
            {t('nav.learning')}
          </MenuLink>
        )}
        {user && <MenuLink to="/me/settings">{t('nav.settings')}</MenuLink>}
      </ul>

      {isAdmin && (
        <section className="side-menu__section" aria-labelledby="side-menu-admin">
          <h2 id="side-menu-admin" className="side-menu__heading">
            {t('nav.administrator')}
          </h2>
          <ul className="side-menu__list">
            <MenuLink to="/administrator/lessons">{t('nav.adminLessons')}</MenuLink>
            <MenuLink to="/administrator/monsterplans">{t('nav.adminMonsterplans')}</MenuLink>
            <MenuLink to="/administrator/videos">{t('nav.adminVideos')}</MenuLink>
          </ul>
        </section>
      )}

      <div className="side-menu__account">
        {user ? (
          <>
            <p className="side-menu__user">{user.name}</p>
            <Link className="lp-button lp-button--secondary" to={`/signout/callback?signout=true&continue=${encodeURIComponent(window.location.origin)}`}>
              {t('nav.signOut')}
            </Link>
          </>
        ) : status !== 'pending' ? (
          <>
            <Link className="lp-button lp-button--primary" to={`/signin?continue=${encodeURIComponent(here)}`}>
              {t('nav.signIn')}
            </Link>
            <Link className="lp-button lp-button--secondary" to="/create-account">
              {t('nav.register')}
            </Link>
          </>
        ) : null}
        <LanguageSwitch />
      </div>
    </div>
  );
}

/** `end`: active on this very path only, not on the pages under it. */
function MenuLink({ to, end = false, children }: { to: string; end?: boolean; children: string }) {
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => `side-menu__link${isActive ? ' side-menu__link--active' : ''}`}>
        {children}
      </NavLink>
    </li>
  );
}

/** Polls the unread count while shown (signed in, tab visible); the badge's number is read out with the link's name. */
function NotificationsLink() {
  const { t } = useTranslation('shell');
  const count = useUnreadCount().data?.count ?? 0;
  const name = t('nav.notifications');
  return (
    <li>
      <NavLink
        to="/notifications"
        aria-label={count > 0 ? `${name}, ${t('nav.unread', { count })}` : undefined}
        className={({ isActive }) => `side-menu__link${isActive ? ' side-menu__link--active' : ''}`}
      >
        <span className="side-menu__label">
          {name}
          {count > 0 && (
            <span className="lp-badge lp-badge--danger side-menu__count" aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </span>
      </NavLink>
    </li>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  return (
    <div className="side-menu__languages" role="group" aria-label={t('nav.language')}>
      {languages.map((language) => (
        <Button
          key={language}
          variant={i18n.language === language ? 'secondary' : 'subtle'}
          aria-pressed={i18n.language === language}
          onClick={() => void changeLanguage(language)}
          lang={language}
        >
          {language === 'mn' ? 'Монгол' : 'English'}
        </Button>
      ))}
    </div>
  );
}
