// What a learner sees while something loads, fails, or is empty.
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';

export function Alert({ tone = 'error', title, children }: { tone?: 'error' | 'success' | 'info'; title?: string; children?: ReactNode }) {
  return (
    <div className={`lp-alert lp-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="lp-alert__title">{title}</p>}
      {children && <div className="lp-alert__body">{children}</div>}
    </div>
  );
}

/** Something that could not be loaded, and the button that tries again. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert title={title}>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

export function Loader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="lp-loader" role="status" aria-live="polite">
      <span className="lp-spinner" aria-hidden="true" />
      <span className="lp-loader__label">{label ?? t('loading')}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="lp-empty">{children}</p>;
}
