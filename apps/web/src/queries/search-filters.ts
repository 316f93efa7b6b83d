import type { Language } from '@sentiero/contract/languages';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';

/**
 * What tickets can be filtered by (activities, services, countries, categories): the search
 * form's choices and the activities a member can like. Reference data, like the categories.
 */
export function getSearchFiltersQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['search-filters', language],
    queryFn: ({ signal }) => callApi('searchFilters', { lng: language }, { signal }),
    staleTime: 30 * 60 * 1000,
  });
}
