import { DURATION_TYPES } from '@sentiero/contract/durations';
import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { ticketFacets, tickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivityType, createRegion } from '../../test/catalogue-factories.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';

let sut: TestApp;
// A Sunday evening in Italy: the calendar and sale periods are read at this instant.
beforeAll(async () => {
  sut = await createTestApp({}, { now: '2026-11-22T18:00:00Z' });
});
afterAll(() => sut.close());

type Card = {
  id: number;
  slug: string;
  title: string;
  duration_type: string;
  price_cents: number;
  discounted_price_cents: number | null;
  area: { id: number; slug: string };
};

async function get(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

/** Every page of a listing. */
async function allCards(url: string): Promise<(Card & { on_sale: boolean })[]> {
  const first = await get(`${url}&page=1`);
  const cards = [...first.body.ticket_list];
  for (let page = 2; page <= first.body.pages; page++) {
    cards.push(...(await get(`${url}&page=${page}`)).body.ticket_list);
  }
  return cards;
}

/** The whole catalogue, on sale today or not: the search without a filter. */
const allTickets = () => allCards('/api/app/v2/search?order=date&lng=en');

/** SPEC section 2 fixes the category ids. */
const ADVENTURE = 16;
const LIVING_NATURE = 18;

/** A title that differs in every language, as a translated ticket's does. */
const translated = (en: string) => ({
  it: `${en} (it)`,
  en,
  es: `${en} (es)`,
  de: `${en} (de)`,
  sl: `${en} (sl)`,
});

describe('the seeded catalogue', () => {
  it('sells at least 80 tickets covering all fifteen duration types', async () => {
    const cards = await allTickets();
    expect(cards.length).toBeGreaterThanOrEqual(80);
    expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
    expect(new Set(cards.map((card) => card.duration_type))).toEqual(new Set(DURATION_TYPES));
  });
});

describe('app/ticket/list/recommended', () => {
  it('pages through tickets with a fixed page size and stable order', async () => {
    const first = await get('/api/app/ticket/list/recommended?lng=it');
    expect(first.status).toBe(200);
    expect(first.body.ticket_list).toHaveLength(TICKETS_PAGE_SIZE);
    expect(first.body).toMatchObject({ page: 1, pages: Math.ceil(first.body.total / TICKETS_PAGE_SIZE) });
    const second = await get('/api/app/ticket/list/recommended?lng=it&page=2');
    const firstIds = first.body.ticket_list.map((card: Card) => card.id);
    expect(second.body.ticket_list.some((card: Card) => firstIds.includes(card.id))).toBe(false);
  });

  it('lists discounted tickets, biggest saving first', async () => {
    const db = sut.database.db;
    // Bigger savings than any seeded ticket's, so both head the row.
    const small = await createTicket(db, { priceCents: 90_000, discountedPriceCents: 60_000 });
    const big = await createTicket(db, { priceCents: 90_000, discountedPriceCents: 10_000 });
    const full = await createTicket(db, { priceCents: 90_000 });
    const { body } = await get('/api/app/ticket/list/recommended?source=discounted&lng=en');
    const savings = body.ticket_list.map(
      (card: Card) => card.price_cents - (card.discounted_price_cents ?? card.price_cents),
    );
    expect(savings.every((saving: number) => saving > 0)).toBe(true);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
    expect(body.ticket_list.slice(0, 2).map((card: Card) => card.id)).toEqual([big.id, small.id]);
    expect(body.ticket_list[0]).toMatchObject({ price_cents: 90_000, discounted_price_cents: 10_000 });
    const everyDiscounted = await allCards('/api/app/ticket/list/recommended?source=discounted&lng=en');
    expect(everyDiscounted.some((card) => card.id === full.id)).toBe(false);
  });

  it('shows on the home rows only tickets that can be bought now', async () => {
    const db = sut.database.db;
    // Written last, so each would head the newest row; 22 November 2026 is the test clock's day.
    const onSale = await createTicket(db, { saleFrom: '2026-11-22', discountedPriceCents: 1 });
    const notYet = await createTicket(db, { saleFrom: '2026-11-23', discountedPriceCents: 1 });
    const over = await createTicket(db, { discountedPriceCents: 1 });
    // Its sale ended yesterday (the factory wants a ticket it can start in summer 2027).
    await db.update(ticketFacets).set({ saleUntil: '2026-11-21' }).where(eq(ticketFacets.ticketId, over.id));
    await db.update(tickets).set({ saleUntil: '2026-11-21' }).where(eq(tickets.id, over.id));
    const closedArea = await createArea(db, { available: false });
    const inClosedArea = await createTicket(db, { areaId: closedArea.id, discountedPriceCents: 1 });
    const hidden = [notYet.id, over.id, inClosedArea.id];
    for (const source of ['newest', 'hottest', 'discounted']) {
      const cards = await allCards(`/api/app/ticket/list/recommended?source=${source}&lng=en`);
      expect(cards.every((card) => card.on_sale)).toBe(true);
      expect(cards.some((card) => hidden.includes(card.id))).toBe(false);
      expect(cards.some((card) => card.id === onSale.id)).toBe(true);
    }
    const newest = await get('/api/app/ticket/list/recommended?source=newest&lng=en');
    expect(newest.body.ticket_list[0].id).toBe(onSale.id);
  });

  it('answers the same on the v2 path and refuses an unknown source', async () => {
    const v1 = await get('/api/app/ticket/list/recommended?source=newest&lng=de');
    const v2 = await get('/api/app/v2/ticket/list/recommended?source=newest&lng=de');
    expect(v2.body).toEqual(v1.body);
    const bad = await get('/api/app/ticket/list/recommended?source=cheapest&lng=en');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('source');
  });
});

describe('app/ticket/info', () => {
  it('answers every ticket-info field of SPEC, in the request language', async () => {
    const card = await createTicket(sut.database.db, {
      title: translated('Porcini day permit'),
      priceCents: 1750,
      minAge: 14,
      dailyCapacity: 12,
    });
    const english = await get(`/api/app/ticket/info?id=${card.id}&lng=en`);
    expect(english.status).toBe(200);
    const ticket = english.body.ticket;
    for (const field of [
      'location',
      'category',
      'validity',
      'price_cents',
      'min_age',
      'languages',
      'meeting_point',
      'services',
      'open_days',
      'cancellation_policy',
      'duration_hours',
      'max_usage',
      'downloads',
    ]) {
      expect(ticket).toHaveProperty(field);
    }
    expect(ticket).toMatchObject({
      id: card.id,
      title: 'Porcini day permit',
      price_cents: 1750,
      min_age: 14,
      daily_capacity: 12,
      open_days: [1, 2, 3, 4, 5, 6, 7],
    });
    const italian = await get(`/api/app/ticket/info?id=${card.id}&lng=it`);
    expect(italian.body.ticket.title).toBe('Porcini day permit (it)');
    expect(italian.body.ticket.price_cents).toBe(1750);
  });

  it('answers an unknown ticket with a 404 and a bad id with a 400', async () => {
    expect((await get('/api/app/ticket/info?id=999999&lng=en')).status).toBe(404);
    const bad = await get('/api/app/ticket/info?id=porcini&lng=en');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('id');
    const missing = await sut.app.inject({
      method: 'POST',
      url: '/api/app/ticket/info',
      payload: { lng: 'en' },
    });
    expect(missing.json().fields.id).toBe('This field is mandatory');
  });

  it('offers the area and ticket rules as files in the request language', async () => {
    const db = sut.database.db;
    const rulesIn = (what: string) => ({
      it: `${what}: regole in italiano.`,
      en: `${what}: rules in English.`,
      es: `${what}: normas en español.`,
      de: `${what}: Regeln auf Deutsch, mit dem Ausweis und dem Korb aus Weide zu befolgen.`,
      sl: `${what}: pravila v slovenščini.`,
    });
    const area = await createArea(db, { rules: rulesIn('Area') });
    const card = await createTicket(db, { areaId: area.id, rules: rulesIn('Ticket') });
    const { body } = await get(`/api/app/ticket/area/info?id=${card.id}&lng=de`);
    const downloads = [
      [body.ticket.downloads.area_rules, 'Area: Regeln auf Deutsch'],
      [body.ticket.downloads.ticket_rules, 'Ticket: Regeln auf Deutsch'],
    ] as const;
    for (const [url, words] of downloads) {
      const file = await sut.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+-de\.txt"$/);
      expect(file.body).toContain(words);
    }
  });
});

describe('app/ticket/area/list and app/region/ticket', () => {
  it('lists the tickets of one area only', async () => {
    const db = sut.database.db;
    const area = await createArea(db);
    const first = await createTicket(db, { areaId: area.id });
    const second = await createTicket(db, { areaId: area.id });
    const elsewhere = await createTicket(db);
    const { body } = await get(`/api/app/ticket/area/list?id=${area.id}&lng=en`);
    expect(body.total).toBe(2);
    expect(body.ticket_list.map((ticket: Card) => ticket.id).sort()).toEqual([first.id, second.id].sort());
    expect(body.ticket_list.every((ticket: Card) => ticket.area.id === area.id)).toBe(true);
    expect(elsewhere.row.areaId).not.toBe(area.id);
    const v2 = await get(`/api/app/v2/ticket/area/list?id=${area.id}&lng=en`);
    expect(v2.body).toEqual(body);
  });

  it('lists the tickets of a region, optionally of one category', async () => {
    const db = sut.database.db;
    const region = await createRegion(db);
    const [north, south] = [
      await createArea(db, { regionId: region.id }),
      await createArea(db, { regionId: region.id }),
    ];
    const nature = await createTicket(db, { areaId: north?.id, categoryId: LIVING_NATURE });
    const adventure = await createTicket(db, { areaId: south?.id, categoryId: ADVENTURE });
    await createTicket(db, { categoryId: LIVING_NATURE });
    const listed = (await get('/api/app/region/list?country=IT&lng=it')).body.region_list;
    expect(listed.map((row: { id: number }) => row.id)).toContain(region.id);
    const all = await get(`/api/app/region/ticket?id=${region.id}&lng=it`);
    expect(all.body.total).toBe(2);
    expect(all.body.ticket_list.map((ticket: Card) => ticket.id).sort()).toEqual(
      [nature.id, adventure.id].sort(),
    );
    const natureOnly = await get(
      `/api/app/region/ticket?id=${region.id}&id_category=${LIVING_NATURE}&lng=it`,
    );
    expect(natureOnly.body.total).toBe(1);
    expect(natureOnly.body.ticket_list).toEqual([
      expect.objectContaining({ id: nature.id, category_id: LIVING_NATURE }),
    ]);
  });
});

describe('app/ticket/calendar', () => {
  it('marks past days, closed days and places per day, in the area time zone', async () => {
    // Open Monday, Wednesday and Friday, 12 places a day.
    const card = await createTicket(sut.database.db, { openDays: [1, 3, 5], dailyCapacity: 12 });
    const info = { open_days: [1, 3, 5], daily_capacity: 12 };
    const { status, body } = await get(`/api/app/ticket/calendar?id=${card.id}&from=2026-11-20&days=14`);
    expect(status).toBe(200);
    expect(body.today).toBe('2026-11-22');
    expect(body.days).toHaveLength(14);
    expect(body.days[0]).toMatchObject({ date: '2026-11-20', open: false, reason: 'past' });
    for (const day of body.days.slice(2)) {
      const weekday = ((new Date(`${day.date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      if (info.open_days.includes(weekday)) expect(day).toMatchObject({ open: true, remaining: 12 });
      else expect(day).toMatchObject({ open: false, reason: 'closed-day' });
      expect(day.capacity).toBe(info.daily_capacity);
    }
    // 24 November 2026 is a Tuesday, the 25th a Wednesday.
    expect(body.days.find((day: { date: string }) => day.date === '2026-11-24')).toMatchObject({
      open: false,
    });
    expect(body.days.find((day: { date: string }) => day.date === '2026-11-25')).toMatchObject({
      open: true,
    });
    const v2 = await get(`/api/app/v2/ticket/calendar?id=${card.id}&from=2026-11-20&days=14`);
    expect(v2.body).toEqual(body);
  });

  it('counts the places taken by orders, and says sold out when none are left', async () => {
    const capacity = 3;
    const { id, date: day } = await createTicket(sut.database.db, { dailyCapacity: capacity });
    const calendarOf = async (ticket: number) =>
      (await get(`/api/app/ticket/calendar?id=${ticket}&from=${day}&days=2`)).body.days as Array<{
        date: string;
        open: boolean;
      }>;
    // Places taken as a buy takes them: one order line per place.
    const userId = await memberId(await createMember(sut));
    const sell = (places: number) =>
      createOrder(
        sut.database.db,
        { userId },
        Array.from({ length: places }, () => ({ ticketId: id, startDate: day })),
        { capacity },
      );
    await sell(2);
    expect((await calendarOf(id)).find((entry) => entry.date === day)).toMatchObject({
      open: true,
      remaining: 1,
    });
    await sell(1);
    expect((await calendarOf(id)).find((entry) => entry.date === day)).toMatchObject({
      open: false,
      reason: 'sold-out',
      remaining: 0,
    });
  });

  it('refuses more than 92 days at once', async () => {
    const card = await createTicket(sut.database.db);
    expect((await get(`/api/app/ticket/calendar?id=${card.id}&days=92&lng=en`)).status).toBe(200);
    const { status, body } = await get(`/api/app/ticket/calendar?id=${card.id}&days=400&lng=en`);
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('days');
  });

  it('refuses a first day whose calendar would run past the year 9999, naming the field', async () => {
    const card = await createTicket(sut.database.db);
    for (const from of ['9999-12-31', '2200-01-01', '1899-12-31']) {
      const { status, body } = await get(`/api/app/ticket/calendar?id=${card.id}&from=${from}&lng=en`);
      expect(status).toBe(400);
      expect(body.fields).toHaveProperty('from');
    }
  });
});

describe('app/ticket/residence/list and app/service/tag/list', () => {
  it('names the countries whose residents may buy a residents-only ticket', async () => {
    const residentsOnly = await createTicket(sut.database.db, { residentCountries: ['IT', 'SI'] });
    const info = (await get(`/api/app/ticket/info?id=${residentsOnly.id}&lng=en`)).body.ticket;
    expect(info.residents_only).toEqual(['IT', 'SI']);
    const { body } = await get(`/api/app/ticket/residence/list?id=${residentsOnly.id}&lng=en`);
    expect(body.residents_only).toBe(true);
    expect(body.country_list.map((country: { code: string }) => country.code)).toEqual(['IT', 'SI']);
    const open = await get(
      `/api/app/ticket/residence/list?id=${(await createTicket(sut.database.db)).id}&lng=en`,
    );
    expect(open.body.residents_only).toBe(false);
  });

  it('lists the services a ticket may include', async () => {
    const { body } = await get('/api/app/service/tag/list?lng=es');
    expect(body.service_tag_list.length).toBeGreaterThanOrEqual(10);
    expect(body.service_tag_list.map((tag: { slug: string }) => tag.slug)).toContain('guide');
  });
});

describe('app/ticket/package/list', () => {
  it('offers the other durations of a permit in the same area, cheapest first', async () => {
    const db = sut.database.db;
    const area = await createArea(db);
    const [porcini, truffles] = [await createActivityType(db), await createActivityType(db)];
    const permit = { areaId: area.id, activityTypeId: porcini.id };
    const weekly = await createTicket(db, { ...permit, durationType: 'WEEKLY', priceCents: 4000 });
    const daily = await createTicket(db, { ...permit, priceCents: 1200 });
    const seasonal = await createTicket(db, {
      ...permit,
      durationType: 'SEASONAL',
      priceCents: 9000,
      discountedPriceCents: 3000,
    });
    await createTicket(db, { areaId: area.id, activityTypeId: truffles?.id, priceCents: 100 });
    await createTicket(db, { activityTypeId: porcini.id, priceCents: 100 });
    const { status, body } = await get(`/api/app/ticket/package/list?id=${daily.id}&lng=en`);
    expect(status).toBe(200);
    // Cheapest first, the discounted price counting: the seasonal permit's 30 € before the weekly 40 €.
    expect(body.package_list.map((card: Card) => card.id)).toEqual([daily.id, seasonal.id, weekly.id]);
    const prices = body.package_list.map((card: Card) => card.discounted_price_cents ?? card.price_cents);
    expect(prices).toEqual([1200, 3000, 4000]);
    expect(body.package_list.every((card: Card) => card.area.id === area.id)).toBe(true);
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    expect((await get('/api/app/ticket/package/list?id=999999&lng=en')).status).toBe(404);
    const malformed = await get('/api/app/ticket/package/list?id=abc&lng=en');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ id: 'This value is not valid' });
  });
});
