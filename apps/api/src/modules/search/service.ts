import type { CountryCode } from '@sentiero/contract/common';
import { DURATION_TYPES } from '@sentiero/contract/durations';
import { SEARCH_ORDERS, type ZSearchRequest } from '@sentiero/contract/search';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { listCategories, listCountries } from '../catalogue/index.ts';
import { listServiceTags, listTickets } from '../tickets/index.ts';
import { findActivities, findClosestWords, findPriceRange } from './repo.ts';

type SearchRequest = z.output<typeof ZSearchRequest>;

const MAX_QUERY_WORDS = 6;

/** Query words as the index stores them: lower case, no accents, letters and digits only. */
export function queryWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2)
    .slice(0, MAX_QUERY_WORDS);
}

const ORDER: Record<SearchRequest['order'], 'relevance' | 'price-asc' | 'price-desc' | 'newest'> = {
  default: 'relevance',
  price_asc: 'price-asc',
  price_desc: 'price-desc',
  date: 'newest',
};

/**
 * Tickets matching the words and the filters of SPEC's ticket filter. Each word is corrected to
 * the closest word the catalogue uses in that language (so `porcni` finds porcini and `kajak`
 * finds kayak), then matched stemmed and as a prefix.
 */
export async function searchTickets(ctx: ServiceContext, input: SearchRequest) {
  if (input.start_date && input.end_date && input.end_date < input.start_date) {
    throw new AppError('VALIDATION_FAILED', 400, { end_date: 'invalid' });
  }
  if (input.min_price !== undefined && input.max_price !== undefined && input.max_price < input.min_price) {
    throw new AppError('VALIDATION_FAILED', 400, { max_price: 'invalid' });
  }
  const words = await findClosestWords(ctx.db, ctx.lang, queryWords(input.q));
  const result = await listTickets(ctx, {
    filter: {
      categoryId: input.id_category,
      activity: input.activity,
      serviceTag: input.service,
      country: input.country,
      regionId: input.id_region,
      minPriceCents: input.min_price,
      maxPriceCents: input.max_price,
      durationType: input.duration_type,
      startDate: input.start_date,
      endDate: input.end_date,
      text: words.length
        ? { language: ctx.lang, tsquery: words.map((word) => `${word}:*`).join(' & ') }
        : undefined,
    },
    order: ORDER[input.order],
    page: input.page,
  });
  return { ...result, query_words: words };
}

export async function listSearchFilters(ctx: ServiceContext) {
  const [categories, activities, { service_tag_list: serviceTags }, countries, prices] = await Promise.all([
    listCategories(ctx),
    findActivities(ctx.db, ctx.lang),
    listServiceTags(ctx),
    listCountries(ctx),
    findPriceRange(ctx.db),
  ]);
  return {
    category_list: categories.map(({ id, name }) => ({ id, name })),
    activity_list: activities,
    service_tag_list: serviceTags.map(({ slug, name }) => ({ slug, name })),
    country_list: countries.map((country) => ({
      code: country.code as CountryCode,
      name: country.name,
    })),
    duration_types: [...DURATION_TYPES],
    price_range: { min_cents: prices.min, max_cents: prices.max },
    orders: [...SEARCH_ORDERS],
  };
}
