import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';
import { useCurrentLanguage } from '../lib/i18n.ts';

/**
 * The catalogue's reference lists, read by several features; they change with a deployment, not
 * while someone browses. Their hooks live here too, as `useSite` does in lib/site.ts: a feature
 * uses them as they are, or spreads the options to add its own (the member's ticket filter must
 * work offline). Measured on the build: with these hooks in catalogue/api.ts instead, Rolldown
 * moved the API client out of the home page's entry script into a chunk of its own, 0.5 KB more
 * to download before the home page runs (ADR 006).
 */
const REFERENCE_STALE_TIME = 30 * 60 * 1000;

/** SPEC section 3's categories (ids 16–19 and on): the catalogue's and the member's ticket filter. */
export function getCategoriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['categories', language],
    queryFn: ({ signal }) => callApi('categoryList', { lng: language }, { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

/** The regions and their countries: the catalogue's region picker and the member's preferences. */
export function getRegionsQueryOptions(language: Language, country?: CountryCode) {
  return queryOptions({
    queryKey: ['regions', language, country ?? 'all'],
    queryFn: ({ signal }) => callApi('regionList', { lng: language, country }, { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

/**
 * What tickets can be filtered by (activities, services, countries, categories): the search
 * form's choices and the activities a member can like.
 */
export function getSearchFiltersQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['search-filters', language],
    queryFn: ({ signal }) => callApi('searchFilters', { lng: language }, { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions(useCurrentLanguage()));
}

export function useRegions(country?: CountryCode) {
  return useQuery(getRegionsQueryOptions(useCurrentLanguage(), country));
}

export function useSearchFilters() {
  return useQuery(getSearchFiltersQueryOptions(useCurrentLanguage()));
}
