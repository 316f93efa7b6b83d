import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { ticketFacets, tickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createTicket, inEveryLanguage, type TestTicket } from '../../test/factories.ts';

/*
 * The home page's rows (`app/ticket/list/recommended`) over a catalogue this file writes in full:
 * no demo catalogue, so each row is exactly the listings below, in the row's order.
 */

let sut: TestApp;
/** Thirteen listings on sale, the most popular first. */
let popular: TestTicket[];
/** On sale, discounted: 900 € for 600 € and for 100 €; the last on sale from today, 1 cent off. */
let smallSaving: TestTicket;
let bigSaving: TestTicket;
let fromToday: TestTicket;
/** Discounted and the most popular of all, but not for sale today. */
let notYet: TestTicket;
let over: TestTicket;
let inClosedArea: TestTicket;

// A Sunday evening in Italy: the sale periods are read on 22 November 2026.
beforeAll(async () => {
  sut = await createTestApp({}, { now: '2026-11-22T18:00:00Z', seed: 'reference' });
  const { db } = sut.database;
  const area = await createArea(db);
  const at = { areaId: area.id };
  popular = [];
  for (let rank = 0; rank < 13; rank++)
    popular.push(
      await createTicket(db, {
        ...at,
        title: inEveryLanguage(`Popular ${rank}`),
        popularity: 1300 - 100 * rank,
      }),
    );
  const dear = { ...at, priceCents: 90_000 };
  smallSaving = await createTicket(db, { ...dear, discountedPriceCents: 60_000, popularity: 50 });
  bigSaving = await createTicket(db, { ...dear, discountedPriceCents: 10_000, popularity: 40 });
  fromToday = await createTicket(db, {
    ...at,
    saleFrom: '2026-11-22',
    discountedPriceCents: 1499,
    popularity: 30,
  });
  const hidden = { discountedPriceCents: 1, popularity: 100_000 };
  notYet = await createTicket(db, { ...at, ...hidden, saleFrom: '2026-11-23' });
  over = await createTicket(db, { ...at, ...hidden });
  // Its sale ended yesterday (the factory wants a ticket it can start in summer 2027).
  await db.update(ticketFacets).set({ saleUntil: '2026-11-21' }).where(eq(ticketFacets.ticketId, over.id));
  await db.update(tickets).set({ saleUntil: '2026-11-21' }).where(eq(tickets.id, over.id));
  const closedArea = await createArea(db, { available: false });
  inClosedArea = await createTicket(db, { ...hidden, areaId: closedArea.id });
});
afterAll(() => sut.close());

type Card = { id: number; on_sale: boolean; price_cents: number; discounted_price_cents: number | null };
type Row = { ticket_list: Card[]; page: number; pages: number; total: number };

async function row(query: string): Promise<Row> {
  const response = await sut.app.inject({ method: 'GET', url: `/api/app/ticket/list/recommended?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = (cards: { id: number }[]) => cards.map((card) => card.id);

describe('app/ticket/list/recommended', () => {
  it('pages through the most popular tickets on sale, twelve a page', async () => {
    const first = await row('lng=it');
    const second = await row('lng=it&page=2');
    expect(first).toMatchObject({ page: 1, pages: 2, total: 16 });
    expect(ids(first.ticket_list)).toEqual(ids(popular.slice(0, TICKETS_PAGE_SIZE)));
    expect(second).toMatchObject({ page: 2, pages: 2, total: 16 });
    expect(ids(second.ticket_list)).toEqual(
      ids([popular[12] as TestTicket, smallSaving, bigSaving, fromToday]),
    );
    expect((await row('source=hottest&lng=it')).ticket_list).toEqual(first.ticket_list);
  });

  it('lists the newest tickets on sale first', async () => {
    const newest = [fromToday, bigSaving, smallSaving, ...[...popular].reverse()];
    const first = await row('source=newest&lng=en');
    expect(ids(first.ticket_list)).toEqual(ids(newest.slice(0, TICKETS_PAGE_SIZE)));
    expect(ids((await row('source=newest&lng=en&page=2')).ticket_list)).toEqual(
      ids(newest.slice(TICKETS_PAGE_SIZE)),
    );
  });

  it('lists the discounted tickets on sale, biggest saving first', async () => {
    const { ticket_list, total } = await row('source=discounted&lng=en');
    expect(total).toBe(3);
    expect(ticket_list).toEqual([
      expect.objectContaining({ id: bigSaving.id, price_cents: 90_000, discounted_price_cents: 10_000 }),
      expect.objectContaining({ id: smallSaving.id, price_cents: 90_000, discounted_price_cents: 60_000 }),
      expect.objectContaining({ id: fromToday.id, price_cents: 1500, discounted_price_cents: 1499 }),
    ]);
  });

  it('shows on the home rows only tickets that can be bought now', async () => {
    const hidden = [notYet.id, over.id, inClosedArea.id];
    for (const source of ['hottest', 'newest', 'discounted']) {
      const cards = [
        ...(await row(`source=${source}&lng=en`)).ticket_list,
        ...(await row(`source=${source}&lng=en&page=2`)).ticket_list,
      ];
      expect(
        cards.every((card) => card.on_sale),
        source,
      ).toBe(true);
      expect(
        ids(cards).filter((id) => hidden.includes(id)),
        source,
      ).toEqual([]);
    }
  });

  it('answers the same on the v2 path and refuses an unknown source', async () => {
    const v1 = await sut.app.inject({
      method: 'GET',
      url: '/api/app/ticket/list/recommended?source=newest&lng=de',
    });
    const v2 = await sut.app.inject({
      method: 'GET',
      url: '/api/app/v2/ticket/list/recommended?source=newest&lng=de',
    });
    expect(v2.json()).toEqual(v1.json());
    const bad = await sut.app.inject({
      method: 'GET',
      url: '/api/app/ticket/list/recommended?source=cheapest&lng=en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('source');
  });
});
