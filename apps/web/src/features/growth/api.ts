import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/** The mushroom growth table in one language: visitors get the short table, members the full one. */
export function getGrowthTableQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['growth', language],
    queryFn: ({ signal }) => callApi('areaListLevel', { lng: language }, { signal }),
  });
}

export function useGrowthTable(language: Language) {
  return useQuery(getGrowthTableQueryOptions(language));
}
