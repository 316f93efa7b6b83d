import { z } from 'zod';

/** `page` is 1-based; lists have a fixed page size and answer with `page`, `pages` and `total`. */
export const ZPageParam = z.coerce.number().int().min(1).max(10_000).default(1);

export const ZPaging = { page: z.number().int(), pages: z.number().int(), total: z.number().int() };

/**
 * Ticket lists count at most a thousand tickets past the page asked for, so a broad listing of a
 * large catalogue stays fast: `total_exact` is false when more match than `total` says.
 */
export const ZCountedPaging = { ...ZPaging, total_exact: z.boolean() };

/** Numeric ids arrive as strings from forms and query strings. */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
