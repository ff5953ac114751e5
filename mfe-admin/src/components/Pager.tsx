// The pages of an admin table, counted from the list's real total (the spec's fixed total of 4 rows
// was a defect): Previous, the page numbers, Next and a summary. A page past the end (its last rows
// were deleted) moves back to the last page.
import { useTranslation } from '@learning/platform';
import { useEffect } from 'react';
import { pageCount, rowsPerPage } from '../paging';

export interface PagerProps {
  /** What the pages are of, for the navigation's name ('Хэрэглэгчид'). */
  name: string;
  page: number;
  total: number;
  perPage?: number;
  onChange: (page: number) => void;
}

export function Pager({ name, page, total, perPage = rowsPerPage, onChange }: PagerProps) {
  const { t } = useTranslation('admin');
  const pages = pageCount(total, perPage);
  useEffect(() => {
    if (total > 0 && page > pages) onChange(pages);
  }, [total, page, pages, onChange]);
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={t('pager.label', { name })}>
      <button type="button" className="lp-button lp-button--subtle" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager.previous')}
      </button>
      <ul>
        {pageNumbers(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <button
                type="button"
                className={`lp-button ${number === page ? 'lp-button--primary' : 'lp-button--subtle'}`}
                aria-current={number === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: number })}
                onClick={() => onChange(number)}
              >
                {number}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="lp-button lp-button--subtle" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
      </button>
      <p className="admin-pager__summary">{t('pager.summary', { total, page: Math.min(page, pages), pages })}</p>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last and the pages around the current one; null is a gap. */
export function pageNumbers(page: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((number) => number >= 1 && number <= pages).sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1]! > 1 ? [null, number] : [number]));
}
