import { afterAll, beforeAll } from 'vitest';
import { type Browser, createTestApp, type TestApp } from './app.ts';
import { createMember, createTicket, type TicketOverrides } from './factories.ts';

/*
 * What the checkout test files (buy, coupons, holds, popularity) share: one app per file, the
 * tickets they buy, written by factories, and the helpers that buy them. The `let` exports are
 * live bindings: a file reads `sut` and `daily` after `setUpCheckout`'s beforeAll has set them.
 */

/** The test clock: summer 2027, when the tests buy, is ahead. */
export const NOW = '2026-11-23T08:00:00Z';

/** A ticket as `app/ticket/info` answers it: the tests read its figures as a buyer's page does. */
export type TicketInfo = {
  id: number;
  duration_type: string;
  price_cents: number;
  discounted_price_cents: number | null;
  daily_capacity: number | null;
  min_age: number;
  requires_fishing_card: boolean;
  residents_only: string[] | null;
};

export let sut: TestApp;
/** Every ticket the file wrote: the plain daily one, a fishing permit, a residents-only one, another. */
export let tickets: TicketInfo[];
/** A DAILY ticket anybody may buy, with places per day and a discounted price. */
export let daily: TicketInfo;

/** Starts the app and writes the tickets before the file's tests, and closes the app after them. */
export function setUpCheckout(): void {
  beforeAll(async () => {
    sut = await createTestApp({}, { now: NOW });
    const write = async (overrides: TicketOverrides) => {
      const { id } = await createTicket(sut.database.db, overrides);
      const response = await sut.app.inject({ method: 'GET', url: `/api/app/ticket/info?id=${id}&lng=en` });
      return response.json().ticket as TicketInfo;
    };
    daily = await write({ priceCents: 2000, discountedPriceCents: 1800, dailyCapacity: 30 });
    tickets = [
      daily,
      await write({ requiresFishingCard: true }),
      await write({ residentCountries: ['IT'] }),
      await write({ priceCents: 1200 }),
    ];
  });
  afterAll(() => sut.close());
}

let serial = 0;

/** A member signed up through the API, as the buyers of these tests are. */
export function member(): Promise<Browser> {
  return createMember(sut);
}

/** The first open day of a ticket in summer 2027 and the places it has left, as its calendar says. */
export async function firstOpenDay(ticketId: number): Promise<{ date: string; remaining: number | null }> {
  const response = await sut.app.inject({
    method: 'GET',
    url: `/api/app/ticket/calendar?id=${ticketId}&from=2027-06-01&days=60`,
  });
  const day = response.json().days.find((entry: { open: boolean }) => entry.open);
  if (!day) throw new Error(`ticket ${ticketId} has no open day in summer 2027`);
  return day;
}

export const CARD_OK = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
export const CARD_DECLINED = { number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2030, cvc: '123' };

/** Buys the daily ticket with the sandbox card unless `body` says otherwise. */
export async function buy(browser: Browser, body: Record<string, unknown>, language = 'en') {
  return browser.post(`/api/app/v4/ticket/buy?lng=${language}`, {
    id_ticket: daily.id,
    payment_method: 'sandbox',
    card: CARD_OK,
    idempotency_key: `key-${Date.now()}-${++serial}`,
    ...body,
  });
}

export const guest = (date: string, name = 'Anna Conti') => ({
  full_name: name,
  start_date: date,
  end_date: date,
});

/** A guest for the whole duration of a ticket starting on `date`. */
export function twoDays(date: string, ticket: TicketInfo) {
  const days = { DAILY: 0, TWODAYS: 1, THREEDAYS: 2, FOURDAYS: 3, WEEKLY: 6 }[ticket.duration_type] ?? 0;
  const end = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { full_name: 'Anna Conti', start_date: date, end_date: end };
}
