import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short state label ("Идэвхгүй", "Хүсэлт хүлээгдэж байна"): text, never colour alone. */
export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={['lp-badge', `lp-badge--${tone}`, className].filter(Boolean).join(' ')}>{children}</span>;
}
