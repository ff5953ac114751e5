// The table every admin list uses, with the states around it: loading, a failed load with a retry,
// the empty text, and the rows (dimmed while the next page loads). On a phone each row shows as a
// card, each cell under its column's name and the actions on a line of their own (admin.css), so no
// action hides behind a sideways scroll; wherever the table is still wider than its box, the box
// takes the keyboard's focus so that it can be scrolled without a mouse.
import { EmptyState, LoadError, Loader } from '@learning/platform';
import { useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';

export interface AdminColumn<Row> {
  /** The column's header, and the cell's label when the row shows as a card. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** 'number' and 'email' keep their own typography; 'list' holds a list (under its label on a phone); 'actions' is the row's buttons. */
  kind?: 'number' | 'email' | 'list' | 'actions';
}

export interface AdminTableProps<Row> {
  /** The list's query: its state, and the refetch that the retry button calls. */
  query: { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; refetch: () => unknown };
  /** The rows shown (one page). */
  rows: readonly Row[] | undefined;
  /** The table's accessible name. */
  caption: string;
  columns: ReadonlyArray<AdminColumn<Row>>;
  loadError: string;
  empty: string;
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
}

const cellClass = { number: 'admin-table__number', email: 'admin-table__email', list: 'admin-table__list', actions: 'admin-table__actions' } as const;

export function AdminTable<Row>({ query, rows, caption, columns, loadError, empty, rowKey, rowAttributes }: AdminTableProps<Row>) {
  if (query.isPending) return <Loader />;
  if (query.isError) return <LoadError title={loadError} onRetry={() => void query.refetch()} />;
  if (!rows || rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  // The roles are spelled out: a table laid out as cards (display: block) loses its table semantics
  // in some browsers, and with them the header a screen reader names each cell by.
  return (
    <ScrollBox name={caption}>
      <table className="admin-table" role="table" aria-busy={query.isPlaceholderData || undefined}>
        <caption className="lp-visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map(({ header }) => (
              <th key={header} scope="col" role="columnheader">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={rowKey(row)} role="row" {...rowAttributes?.(row)}>
              {columns.map(({ header, cell, kind }) => (
                <td key={header} role="cell" data-label={header} className={kind && cellClass[kind]}>
                  {/* One box beside the label on a phone, whatever the cell holds. */}
                  <div className="admin-table__value">{cell(row, index)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The table's box; when what it holds is wider than it, a named group in the tab order (a group, not a region: no more landmarks). */
function ScrollBox({ name, children }: { name: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [isScrollable, setScrollable] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    // jsdom lays nothing out and has no ResizeObserver.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="admin-table-wrap" {...(isScrollable ? { tabIndex: 0, role: 'group', 'aria-label': name } : {})}>
      {children}
    </div>
  );
}
