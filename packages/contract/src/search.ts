import { z } from 'zod';
import { ZCalendarDate, ZCountryCode, ZLanguageParam } from './common.ts';
import { DURATION_TYPES } from './durations.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZCountedPaging, ZId, ZPageParam } from './paging.ts';
import { SEARCH_BLANKS } from './search-choices.ts';
import { ZActivity, ZTicketCard } from './tickets.ts';

/** SPEC section 3, "order by": default, price ascending, price descending, date (newest first). */
export const SEARCH_ORDERS = ['default', 'price_asc', 'price_desc', 'date'] as const;

const ZCents = z.coerce.number().int().min(0).max(10_000_000);

/**
 * A field, or a blank: empty (a form's field left blank) or "any" (shared links and the home
 * page's search send it). A blank filters nothing, so a word alone is a whole search.
 */
function orBlank<T extends z.ZodType>(schema: T) {
  return z.union([z.literal(SEARCH_BLANKS).transform(() => undefined), schema]).optional();
}

/** The ticket filter of SPEC section 3; every field optional, all given ones combine. */
export const ZSearchRequest = z.object({
  lng: ZLanguageParam,
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: 'Words to find: accents and small typos are forgiven.' }),
  id_category: orBlank(ZId),
  activity: orBlank(z.string().max(64)),
  service: orBlank(z.string().max(64)),
  country: orBlank(z.string().trim().toUpperCase().pipe(ZCountryCode)),
  id_region: orBlank(ZId),
  start_date: orBlank(ZCalendarDate),
  end_date: orBlank(ZCalendarDate),
  min_price: orBlank(ZCents),
  max_price: orBlank(ZCents),
  duration_type: orBlank(z.enum(DURATION_TYPES)),
  order: z.enum(SEARCH_ORDERS).default('default'),
  page: ZPageParam,
});

export const ZSearchResponse = z.object({
  ticket_list: z.array(ZTicketCard),
  ...ZCountedPaging,
  /** The words searched for after correcting typos, so the page can say what it looked for. */
  query_words: z.array(z.string()),
});

export const search = defineEndpoint({
  path: '/app/v2/search',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'search',
  summary: 'Tickets matching words and filters, a page at a time.',
  input: ZSearchRequest,
  output: ZSearchResponse,
});

export const searchAdvanced = defineEndpoint({ ...search, path: '/app/v2/search/advanced' });

export const ZSearchFilters = z.object({
  category_list: z.array(z.object({ id: z.number().int(), name: z.string() })),
  activity_list: z.array(ZActivity),
  service_tag_list: z.array(z.object({ slug: z.string(), name: z.string() })),
  country_list: z.array(z.object({ code: ZCountryCode, name: z.string() })),
  duration_types: z.array(z.enum(DURATION_TYPES)),
  price_range: z.object({ min_cents: z.number().int(), max_cents: z.number().int() }),
  orders: z.array(z.enum(SEARCH_ORDERS)),
});

export const searchFilters = defineEndpoint({
  path: '/app/search/filters',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'search',
  summary: 'The choices the ticket filter offers, in the request language.',
  input: z.object({ lng: ZLanguageParam }),
  output: ZSearchFilters,
});

export const searchFiltersAdvanced = defineEndpoint({
  ...searchFilters,
  path: '/app/search/filters/advanced',
});
