// A part of an admin screen, named by its heading (so it is a landmark a screen reader can jump to).
import type { ReactNode } from 'react';

export function AdminSection({ id, title, heading, children }: { id?: string; title: string; heading?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="admin-section" aria-label={title}>
      {heading ?? <h2>{title}</h2>}
      {children}
    </section>
  );
}
