import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import type { Order } from '@sentiero/contract/checkout';
import type { Language } from '@sentiero/contract/languages';
import { CALENDAR_MAX_DAYS } from '@sentiero/contract/tickets';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';
import type { MutationConfig } from '../../lib/mutation-config.ts';
import { forYouQueryKey, myTicketsQueryKey } from '../../queries/member.ts';
import {
  getTicketCalendarQueryOptions,
  getTicketQueryOptions,
  ticketQueryKey,
} from '../../queries/ticket.ts';
import { getNextPaymentStep } from './payment-methods.ts';

/** The days a guest can start on, from today as far as the calendar answers. */
export function getCheckoutCalendarQueryOptions(language: Language, id: number) {
  return getTicketCalendarQueryOptions(language, id, undefined, CALENDAR_MAX_DAYS);
}

/** The ticket being bought: the same answer as its event page, so the guests step opens at once. */
export function useCheckoutTicket(id: number) {
  return useQuery({
    ...getTicketQueryOptions(useCurrentLanguage(), id),
    // Switching language mid-purchase keeps the form on screen while the texts reload.
    placeholderData: keepPreviousData,
  });
}

export function useCheckoutCalendar(id: number) {
  return useQuery(getCheckoutCalendarQueryOptions(useCurrentLanguage(), id));
}

/**
 * A purchase (or a payment that failed after the order was placed) changes the buyer's tickets
 * and the places left of the ticket, and what the member is recommended: all are asked again
 * where they are shown.
 */
export function invalidatePurchase(client: QueryClient, ticketId: number) {
  void client.invalidateQueries({ queryKey: myTicketsQueryKey });
  void client.invalidateQueries({ queryKey: forYouQueryKey });
  void client.invalidateQueries({ queryKey: ticketQueryKey(ticketId) });
}

/** Asks the server what came of an order's payment (a card confirmed, PayPal approved). */
export function completeOrder(code: string, signal?: AbortSignal) {
  return callApi('ticketBuyComplete', { code }, { signal });
}

/** Puts the places of an order that will not be paid back on sale now, not when its hold runs out. */
export async function releaseUnpaidOrder(client: QueryClient, ticketId: number, code: string) {
  await callApi('ticketBuyCancel', { code });
  void client.invalidateQueries({ queryKey: ticketQueryKey(ticketId) });
}

export type BuyTicketsVariables = {
  purchase: ApiInput<'ticketBuy'>;
  /** An order of this same attempt still waiting for its card: paid, not placed a second time. */
  reusableOrder: Order | null;
  /** Confirms a card with the provider's script; answers the order as the server then has it. */
  confirmCard(order: Order, clientSecret: string): Promise<Order>;
};

/**
 * Buying: places the order (or takes the one waiting for its card), then confirms the card when
 * the provider asks for it. Settled either way, the buyer's tickets and the ticket's places are
 * asked again: a declined card may still have placed an order that holds places.
 */
export function useBuyTickets(ticketId: number, config: MutationConfig<Order, BuyTicketsVariables> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: async ({ purchase, reusableOrder, confirmCard }: BuyTicketsVariables) => {
      const order = reusableOrder ?? (await callApi('ticketBuy', purchase)).order;
      const next = getNextPaymentStep(order);
      return next.kind === 'confirm_card' ? confirmCard(order, next.clientSecret) : order;
    },
    onSettled: (...args) => {
      invalidatePurchase(client, ticketId);
      return config.onSettled?.(...args);
    },
  });
}

/** Checks a coupon for this ticket and this many guests; a check changes nothing on the server. */
export function useCheckCoupon(
  ticketId: number,
  quantity: number,
  config: MutationConfig<ApiOutput<'couponInfo'>, string> = {},
) {
  return useMutation({
    ...config,
    mutationFn: (code: string) => callApi('couponInfo', { code, id_ticket: ticketId, quantity }),
  });
}
