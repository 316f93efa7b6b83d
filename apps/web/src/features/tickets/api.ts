import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';
import { shouldRetryOnline } from '../../lib/query-client.ts';
import { myTicketsQueryKey } from '../../queries/member.ts';
import { getCategoriesQueryOptions } from '../../queries/reference-data.ts';

export function getMyTicketsQueryOptions(language: Language, page: number, categoryId?: number) {
  return queryOptions({
    queryKey: [...myTicketsQueryKey, language, categoryId ?? 'all', page],
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
    retry: shouldRetryOnline,
  });
}

export const useMyTickets = (page: number, categoryId?: number) =>
  useQuery(getMyTicketsQueryOptions(useCurrentLanguage(), page, categoryId));

/** The catalogue's categories, asked for like the tickets: the filter must work offline too. */
export function useTicketCategories() {
  return useQuery({
    ...getCategoriesQueryOptions(useCurrentLanguage()),
    networkMode: 'always',
    retry: shouldRetryOnline,
  });
}

/** The shared views of tickets, whoever's they are: a companion opens them without an account. */
const sharedTicketsQueryKey = ['tickets', 'shared'] as const;

export const useSharedTicket = (token: string) => {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: [...sharedTicketsQueryKey, language, token],
    queryFn: ({ signal }) => callApi('ticketShared', { lng: language, token }, { signal }),
  });
};

/**
 * A read-only link to the ticket. It is a new link, so no answer cached so far changes (the
 * member's ticket list does not say which tickets are shared).
 */
export const useShareTicket = () =>
  useMutation({ mutationFn: (code: string) => callApi('ticketShare', { code }) });

/**
 * Every link shared so far stops working; the next share makes a new one. A shared view this
 * tab has open or cached is asked again, and shows the link no longer works.
 */
export function useRevokeTicketShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi('ticketShareRevoke', { code }),
    onSuccess: () => void client.invalidateQueries({ queryKey: sharedTicketsQueryKey }),
  });
}

export const fetchVerificationKeys = () => callApi('ticketKeys', {});

/** What cancelling the ticked guests gives back now (ADR 045); all open guests when none are ticked yet. */
export function useCancelPreview(order: string, guests: number[] | undefined) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['tickets', 'cancel-preview', language, order, guests ?? 'open'],
    queryFn: ({ signal }) =>
      callApi(
        'ticketCancelPreview',
        { lng: language, order, ...(guests && guests.length > 0 && { guests }) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Cancels the guests and refunds them; the member's tickets are asked again to show them cancelled. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { order: string; guests: number[]; password?: string; idempotency_key: string }) =>
      callApi('ticketCancel', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: myTicketsQueryKey }),
  });
}

/** The member's reviews and the tickets they can review now (ADR 051). */
const myReviewsQueryKey = ['tickets', 'reviews'] as const;

export function useMyReviews() {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: [...myReviewsQueryKey, language],
    queryFn: ({ signal }) => callApi('ticketReviewMine', { lng: language }, { signal }),
    // A ranger's check-in makes a ticket reviewable: asked again on every visit, like the tickets.
    staleTime: 0,
  });
}

/** Publishes a review; the member's reviews, and the event page's list, are asked again. */
export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; rating: number; text: string; language: Language }) =>
      callApi('ticketReviewCreate', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myReviewsQueryKey });
      void client.invalidateQueries({ queryKey: ['catalogue', 'reviews'] });
    },
  });
}

/** Which ticked guests can move, and the open days with places for all of them (ADR 049). */
export function useMovePreview(order: string, guests: number[] | undefined) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['tickets', 'move-preview', language, order, guests ?? 'open'],
    queryFn: ({ signal }) =>
      callApi(
        'ticketMovePreview',
        { lng: language, order, ...(guests && guests.length > 0 && { guests }) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Moves the guests to another day: new tickets; the member's tickets are asked again to show them. */
export function useMoveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { order: string; guests: number[]; day: string }) => callApi('ticketMove', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: myTicketsQueryKey }),
  });
}

/** What a buyer of a cancelled day may choose, from the mail's link (ADR 049); no login. */
export function useDayCancellationChoice(token: string) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['tickets', 'day-cancelled', language, token],
    queryFn: ({ signal }) => callApi('dayCancellationChoice', { lng: language, token }, { signal }),
    enabled: token.length > 0,
  });
}

/** The buyer's choice: everything back, or the guests moved to another day. */
export function useChooseForCancelledDay(token: string) {
  const client = useQueryClient();
  const language = useCurrentLanguage();
  return useMutation({
    mutationFn: (input: { choice: 'refund' | 'move'; day?: string }) =>
      callApi('dayCancellationChoose', { lng: language, token, ...input }),
    onSuccess: (answer) => client.setQueryData(['tickets', 'day-cancelled', language, token], answer),
  });
}
