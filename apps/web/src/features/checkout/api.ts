import type { Language } from '@sentiero/contract/languages';
import { CALENDAR_MAX_DAYS } from '@sentiero/contract/tickets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

/** The ticket being bought, read with the member's credentials (SPEC section 7: event detail and payment). */
export function getCheckoutTicketQueryOptions(language: Language, id: number) {
  return queryOptions({
    queryKey: ['checkout', 'ticket', language, id],
    queryFn: ({ signal }) => callApi('ticketAreaInfo', { lng: language, id }, { signal }),
    // Switching language mid-purchase keeps the form on screen while the texts reload.
    placeholderData: keepPreviousData,
  });
}

/** The days a guest can start on, from today as far as the calendar answers. */
export function getCheckoutCalendarQueryOptions(language: Language, id: number) {
  return queryOptions({
    queryKey: ['checkout', 'calendar', id],
    queryFn: ({ signal }) =>
      callApi('ticketCalendarV2', { lng: language, id, days: CALENDAR_MAX_DAYS }, { signal }),
    // Places sell while the buyer types: a minute-old answer is as old as it may get.
    staleTime: 60 * 1000,
  });
}

export function useCheckoutTicket(id: number) {
  return useQuery(getCheckoutTicketQueryOptions(useCurrentLanguage(), id));
}

export function useCheckoutCalendar(id: number) {
  return useQuery(getCheckoutCalendarQueryOptions(useCurrentLanguage(), id));
}
