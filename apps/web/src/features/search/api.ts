import type { ApiInput } from '@sentiero/contract/api';
import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

export type SearchInput = Omit<ApiInput<'search'>, 'lng'>;

export function getSearchQueryOptions(language: Language, input: SearchInput) {
  return queryOptions({
    queryKey: ['search', 'results', language, input],
    queryFn: ({ signal }) => callApi('search', { lng: language, ...input }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The results of `input`; nothing is asked while `enabled` is false (no search made yet). */
export function useSearch(input: SearchInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSearchQueryOptions(useCurrentLanguage(), input), enabled });
}
