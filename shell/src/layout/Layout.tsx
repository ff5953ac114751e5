// The page frame: the side menu (a drawer on phones, a column on wider screens) and the content.
import { Outlet, useLocation, useMediaQuery, useTranslation } from '@learning/platform';
import { useEffect, useRef, useState } from 'react';
import { InstallAppBanner } from '../installable/InstallAppBanner';
import { OfflineKeeping } from '../installable/OfflineKeeping';
import { OfflineNotice } from '../installable/OfflineNotice';
import { CentreLogo } from './CentreLogo';
import { SideMenu } from './SideMenu';

const wideScreen = '(min-width: 900px)';

export function Layout() {
  const { t } = useTranslation('shell');
  const isWide = useMediaQuery(wideScreen);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  // Following a link closes the drawer.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // The open drawer takes the focus; Escape closes it and gives the focus back to its button.
  useEffect(() => {
    if (!isMenuOpen) return undefined;
    nav.current?.querySelector<HTMLElement>('a[href], button:not(:disabled)')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  const isDrawerHidden = !isWide && !isMenuOpen;
  return (
    <div className={`shell${isMenuOpen ? ' shell--menu-open' : ''}`}>
      <a className="shell__skip" href="#content">
        {t('nav.skipToContent')}
      </a>
      <header className="shell__topbar">
        <button
          ref={menuButton}
          type="button"
          className="shell__menu-button"
          aria-expanded={isMenuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="shell__menu-icon" aria-hidden="true" />
          <span className="lp-visually-hidden">{isMenuOpen ? t('nav.close') : t('nav.open')}</span>
        </button>
        <CentreLogo />
        <span className="shell__brand">{t('siteName', { ns: 'common' })}</span>
      </header>
      {isMenuOpen && !isWide && <div className="shell__backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <nav ref={nav} id="side-menu" className="shell__nav" aria-label={t('nav.label')} inert={isDrawerHidden}>
        <div className="shell__brand shell__brand--nav">
          <CentreLogo />
          {t('siteName', { ns: 'common' })}
        </div>
        <SideMenu />
      </nav>
      <main id="content" className="shell__content" tabIndex={-1}>
        <OfflineNotice />
        <OfflineKeeping />
        <InstallAppBanner />
        <Outlet />
      </main>
    </div>
  );
}
