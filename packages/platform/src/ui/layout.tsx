import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { truncate } from '../format';

/**
 * The title of a screen: the page heading and the document title. With maxLength, a long heading
 * (a plan's name) is cut and its whole text is in the title attribute and the document title.
 */
export function PageTitle({ children, subtitle, maxLength }: { children: string; subtitle?: ReactNode; maxLength?: number }) {
  usePageTitle(children);
  const shown = maxLength ? truncate(children, maxLength) : children;
  return (
    <header className="lp-page-title">
      <h1 title={shown === children ? undefined : children}>{shown}</h1>
      {subtitle && <p className="lp-page-title__subtitle">{subtitle}</p>}
    </header>
  );
}

export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const siteName = t('siteName');
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={['lp-card', className].filter(Boolean).join(' ')}>{children}</section>;
}
