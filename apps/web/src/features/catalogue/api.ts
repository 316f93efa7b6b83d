import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

export function getCategoriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['catalogue', 'categories', language],
    queryFn: ({ signal }) => callApi('categoryList', { lng: language }, { signal }),
    staleTime: 30 * 60 * 1000,
  });
}

export function getRegionsQueryOptions(language: Language, country?: CountryCode) {
  return queryOptions({
    queryKey: ['catalogue', 'regions', language, country ?? 'all'],
    queryFn: ({ signal }) => callApi('regionList', { lng: language, country }, { signal }),
    staleTime: 30 * 60 * 1000,
  });
}

/** Re-renders with the new language when the visitor switches it. */
function useLanguage(): Language {
  useTranslation();
  return currentLanguage();
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions(useLanguage()));
}

export function useRegions(country?: CountryCode) {
  return useQuery(getRegionsQueryOptions(useLanguage(), country));
}
