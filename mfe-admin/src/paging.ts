// Paged lists of the admin screens (spec section 9: 10 rows per page). The page is part of the
// address (?page=2, or a named parameter when a screen has several tables), so Back returns to it.
import type { Page } from '@learning/contracts';
import { api, useSearchParams } from '@learning/platform';

export const rowsPerPage = 10;

/** The 1-based page a table shows, from the address; anything that is not a page number reads 1. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next <= 1) changed.delete(name);
      else changed.set(name, String(next));
      return changed;
    });
  return [page, setPage];
}

export function pageCount(total: number, perPage: number = rowsPerPage): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** One page of a list the server holds whole (bundles, plans): the same shape as a server-paged answer. */
export function pageOf<Item>(items: readonly Item[], page: number, perPage: number = rowsPerPage): Page<Item> {
  return { result: items.slice((page - 1) * perPage, page * perPage), total: items.length };
}

/** Every item of a server-paged list, page by page (the largest page the services allow is 100). */
export async function fetchAllPages<Item>(path: string, signal?: AbortSignal): Promise<Item[]> {
  const perPage = 100;
  const items: Item[] = [];
  for (let currentPage = 1; ; currentPage += 1) {
    const { result, total } = await api.get<Page<Item>>(path, { perPage, currentPage }, signal);
    items.push(...result);
    if (result.length === 0 || items.length >= total) return items;
  }
}
