import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.ts';

/** The site's brand, company and payment methods: fixed while the server runs. */
export const siteQueryOptions = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => callApi('site', {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSite() {
  return useQuery(siteQueryOptions);
}
