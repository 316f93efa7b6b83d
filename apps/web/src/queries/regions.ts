import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';

/**
 * The regions and their countries, for the catalogue's region picker and the member's
 * preferences alike. Reference data: it changes with a deployment, not while someone browses.
 */
export function getRegionsQueryOptions(language: Language, country?: CountryCode) {
  return queryOptions({
    queryKey: ['regions', language, country ?? 'all'],
    queryFn: ({ signal }) => callApi('regionList', { lng: language, country }, { signal }),
    staleTime: 30 * 60 * 1000,
  });
}
