// Shapes shared by every /v1 family: ids, paging, errors.
import { z } from 'zod';

export const id = z.string().min(1).max(100);

/** Query of a paged list: `perPage` and 1-based `currentPage`. */
export const pageQuery = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  currentPage: z.coerce.number().int().min(1).default(1),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<Item> {
  result: Item[];
  total: number;
}
