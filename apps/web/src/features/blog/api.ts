import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';

export function getBlogListQueryOptions(language: Language, page: number) {
  return queryOptions({
    queryKey: ['blog', 'list', language, page],
    queryFn: ({ signal }) => callApi('blogList', { lng: language, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function getBlogPostQueryOptions(language: Language, sku: string) {
  return queryOptions({
    queryKey: ['blog', 'post', language, sku],
    queryFn: ({ signal }) => callApi('blogInfo', { lng: language, sku }, { signal }),
  });
}

function useLanguage(): Language {
  useTranslation();
  return currentLanguage();
}

export function useBlogList(page: number) {
  return useQuery(getBlogListQueryOptions(useLanguage(), page));
}

export function useBlogPost(sku: string) {
  return useQuery(getBlogPostQueryOptions(useLanguage(), sku));
}
