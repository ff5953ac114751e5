import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { truncate } from '../format';

/**
 * The title of a screen: the page heading and the document title. With maxLength, a long heading
 * (a plan's name) is cut and its whole text is in the title attribute and the document title.
 * `description` is what search engines show under the title (the site's own when absent).
 */
export function PageTitle({ children, subtitle, maxLength, description }: { children: string; subtitle?: ReactNode; maxLength?: number; description?: string }) {
  usePageTitle(children, description);
  const shown = maxLength ? truncate(children, maxLength) : children;
  return (
    <header className="lp-page-title">
      <h1 title={shown === children ? undefined : children}>{shown}</h1>
      {subtitle && <p className="lp-page-title__subtitle">{subtitle}</p>}
    </header>
  );
}

export function usePageTitle(title: string, description?: string): void {
  const { t } = useTranslation('common');
  const siteName = t('siteName');
  const shownDescription = description || t('siteDescription');
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
  // Each screen sets it, so one without its own does not keep the last screen's.
  useEffect(() => {
    descriptionMeta().content = shownDescription;
  }, [shownDescription]);
}

/** The page's <meta name="description">: the shell's index.html has one; made if a page has none. */
function descriptionMeta(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
  return meta;
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <section className={['lp-card', className].filter(Boolean).join(' ')}>{children}</section>;
}
