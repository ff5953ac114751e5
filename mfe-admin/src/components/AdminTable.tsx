// The table every admin list uses, with the states around it: loading, a failed load with a retry,
// the empty text, and the rows (dimmed while the next page loads).
import { EmptyState, LoadError, Loader } from '@learning/platform';
import type { HTMLAttributes, ReactNode } from 'react';

export interface AdminTableProps<Row> {
  /** The list's query: its state, and the refetch that the retry button calls. */
  query: { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; refetch: () => unknown };
  /** The rows shown (one page). */
  rows: readonly Row[] | undefined;
  /** The table's accessible name. */
  caption: string;
  columns: readonly string[];
  loadError: string;
  empty: string;
  rowKey: (row: Row) => string;
  /** The row's cells. */
  cells: (row: Row, index: number) => ReactNode;
  rowAttributes?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
}

export function AdminTable<Row>({ query, rows, caption, columns, loadError, empty, rowKey, cells, rowAttributes }: AdminTableProps<Row>) {
  if (query.isPending) return <Loader />;
  if (query.isError) return <LoadError title={loadError} onRetry={() => void query.refetch()} />;
  if (!rows || rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={query.isPlaceholderData || undefined}>
        <caption className="lp-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {cells(row, index)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
