import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';
import { shouldRetryQuery } from '../../lib/query-client.ts';
import { isNetworkFailure } from './offline-tickets.ts';

// With no network the saved list is shown at once rather than after three retries.
const retryOnline = (failureCount: number, error: unknown) =>
  !isNetworkFailure(error) && shouldRetryQuery(failureCount, error);

export function getMyTicketsQueryOptions(language: Language, page: number, categoryId?: number) {
  return queryOptions({
    queryKey: ['tickets', 'mine', language, categoryId ?? 'all', page],
    queryFn: ({ signal }) =>
      callApi(
        'ticketList',
        { lng: language, page, id_category: categoryId, source: 'mytickets' },
        { signal },
      ),
    placeholderData: keepPreviousData,
    // Uses change when a ranger redeems a ticket: asked again on every visit.
    staleTime: 0,
    // Tried even when the browser says it is offline, so the failure shows the saved list.
    networkMode: 'always',
    retry: retryOnline,
  });
}

export const useMyTickets = (page: number, categoryId?: number) =>
  useQuery(getMyTicketsQueryOptions(useCurrentLanguage(), page, categoryId));

export function useTicketCategories() {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['tickets', 'categories', language],
    queryFn: ({ signal }) => callApi('categoryList', { lng: language }, { signal }),
    staleTime: 30 * 60 * 1000,
    networkMode: 'always',
    retry: retryOnline,
  });
}

export const useSharedTicket = (token: string) => {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['tickets', 'shared', language, token],
    queryFn: ({ signal }) => callApi('ticketShared', { lng: language, token }, { signal }),
  });
};

export const useShareTicket = () =>
  useMutation({ mutationFn: (code: string) => callApi('ticketShare', { code }) });

/** Every link shared so far stops working; the next share makes a new one. */
export const useRevokeTicketShare = () =>
  useMutation({ mutationFn: (code: string) => callApi('ticketShareRevoke', { code }) });

export const fetchVerificationKeys = () => callApi('ticketKeys', {});
