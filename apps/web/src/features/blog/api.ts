import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

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

export function useBlogList(page: number) {
  return useQuery(getBlogListQueryOptions(useCurrentLanguage(), page));
}

export function useBlogPost(sku: string) {
  return useQuery(getBlogPostQueryOptions(useCurrentLanguage(), sku));
}
