import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';
import { useCurrentLanguage } from '../lib/i18n.ts';

/**
 * Everything cached about one ticket starts with this key, so a purchase (or a released hold)
 * can mark the ticket's places as changed on every screen that shows them.
 */
export const ticketQueryKey = (id: number) => ['ticket', id] as const;

/**
 * A ticket with its area, prices and rules: the event page and the checkout read the same answer,
 * so the checkout opens on what the event page loaded.
 */
export function getTicketQueryOptions(language: Language, id: number) {
  return queryOptions({
    queryKey: [...ticketQueryKey(id), 'info', language],
    queryFn: ({ signal }) => callApi('ticketAreaInfo', { lng: language, id }, { signal }),
  });
}

/**
 * The ticket's days and their places left, from `from` (today when not given). Places sell
 * while a visitor looks or a buyer types, so an answer older than 30 seconds is asked again.
 */
export function getTicketCalendarQueryOptions(
  language: Language,
  id: number,
  from: string | undefined,
  days: number,
) {
  return queryOptions({
    queryKey: [...ticketQueryKey(id), 'calendar', from ?? 'today', days],
    queryFn: ({ signal }) => callApi('ticketCalendarV2', { lng: language, id, from, days }, { signal }),
    staleTime: 30 * 1000,
  });
}

export function useTicket(id: number) {
  return useQuery(getTicketQueryOptions(useCurrentLanguage(), id));
}

export function useTicketCalendar(id: number, from: string | undefined, days: number) {
  return useQuery({
    ...getTicketCalendarQueryOptions(useCurrentLanguage(), id, from, days),
    // Paging through the months keeps the month shown until the next one has loaded.
    placeholderData: keepPreviousData,
  });
}
