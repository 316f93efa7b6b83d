import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.ts';

const siteQueryOptions = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => callApi('site', {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSite() {
  return useQuery(siteQueryOptions);
}
