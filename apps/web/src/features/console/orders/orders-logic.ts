import { CONSOLE_ORDER_STATES } from '@sentiero/contract/console-orders';
import { paidShares } from '@sentiero/contract/rules/refund-shares';
import type { ManifestInput, OrderSearchInput, OrderStory } from './api.ts';

/*
 * The rules of the orders screens, apart from their markup: the search as it lives in the
 * address, the export's address for the same search, and what a refund would give back.
 */

/** The search's text fields, in the order the form shows them. */
export const TEXT_FILTERS = [
  'order_code',
  'ticket_code',
  'buyer_email',
  'buyer_name',
  'guest_name',
  'fiscal_code',
  'fishing_card',
] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

const ID_FILTERS = ['area_id', 'ticket_id'] as const;

/** The search an address asks for; fields that are empty or not what the API takes are left out. */
export function searchFromParams(params: URLSearchParams): OrderSearchInput {
  const search: Record<string, string | number> = {};
  for (const name of TEXT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) search[name] = value;
  }
  for (const name of ID_FILTERS) {
    const id = Number(params.get(name));
    if (Number.isInteger(id) && id > 0) search[name] = id;
  }
  const day = params.get('day');
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day)) search.day = day;
  const state = params.get('state');
  if (state && (CONSOLE_ORDER_STATES as readonly string[]).includes(state)) search.state = state;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) search.page = page;
  return search as OrderSearchInput;
}

/** The address's query for a search: only the fields set, the first page left implicit. */
export function paramsOfSearch(search: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '' || (name === 'page' && Number(value) <= 1))
      continue;
    params.set(name, String(value));
  }
  return params;
}

/** The CSV of every order the search finds (not only the page shown), in the console's language. */
export function exportAddress(search: OrderSearchInput, language: string): string {
  const { page: _page, ...filters } = search;
  const params = paramsOfSearch({ lng: language, ...filters });
  return `/api/console/orders/export.csv?${params.toString()}`;
}

/** Where a prepared export's file is taken from. */
export function exportFileAddress(id: number, language: string): string {
  return `/api/console/orders/exports/file?${new URLSearchParams({ lng: language, id: String(id) })}`;
}

/** An export's progress as a share of its total, 0–100 (a finished empty export is whole). */
export function exportShare(done: number, total: number): number {
  if (total <= 0) return done > 0 ? 100 : 0;
  return Math.min(100, Math.round((done / total) * 100));
}

/** The guests that can still be refunded: those whose ticket was not cancelled by a refund. */
export function refundableGuests(story: OrderStory): number[] {
  const claimed = new Set(
    story.refunds.filter((refund) => refund.state !== 'failed').flatMap((refund) => refund.guests),
  );
  return story.guests.filter((guest) => !claimed.has(guest.line_id)).map((guest) => guest.line_id);
}

/** Each guest's share of what the order cost: what refunding them gives back (ADR 029). */
export function guestShares(story: OrderStory): Map<number, number> {
  return paidShares(
    story.guests.map((guest) => ({ id: guest.line_id, unitPriceCents: guest.unit_price_cents })),
    story.order.total_cents,
  );
}

/** What refunding these guests gives back, by the same rule the server refunds with. */
export function refundPreview(story: OrderStory, guests: readonly number[]): number {
  const shares = guestShares(story);
  return guests.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0);
}

/** Orders paid on site or free took no money through Sentiero: a refund cancels without paying back. */
export function refundsMoney(story: OrderStory): boolean {
  return story.order.payment_method !== 'cash' && story.order.payment_method !== 'free';
}

/** A pay-on-site order whose payment was not taken yet: desk staff record it at the meeting point. */
export function awaitsPaymentOnSite(story: OrderStory): boolean {
  return (
    story.order.payment_method === 'cash' &&
    story.order.paid_at === null &&
    ['pending', 'paid', 'issued'].includes(story.order.state)
  );
}

/** A fresh key per refund the staff member asks for: the same click sent twice refunds once. */
export function newIdempotencyKey(): string {
  return `console-refund-${crypto.randomUUID()}`;
}

/** The manifest an address asks for: a day and a ticket or an area, or nothing to show yet. */
export function manifestFromParams(params: URLSearchParams): ManifestInput | null {
  const id = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const day = params.get('day') ?? '';
  const ticket = id('ticket_id');
  const area = id('area_id');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || (ticket === undefined && area === undefined)) return null;
  const page = id('page');
  return {
    day,
    ...(ticket !== undefined ? { ticket_id: ticket } : { area_id: area }),
    ...(page !== undefined && page > 1 ? { page } : {}),
  };
}

/** Today in the parks' calendar (every area we sell lies in Central European time). */
export function romeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}
