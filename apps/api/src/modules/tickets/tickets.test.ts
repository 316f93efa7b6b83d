import { DURATION_TYPES } from '@sentiero/contract/durations';
import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { ticketFacets, tickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
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
    const { body } = await get('/api/app/ticket/list/recommended?source=discounted&lng=en');
    const savings = body.ticket_list.map(
      (card: Card) => card.price_cents - (card.discounted_price_cents ?? card.price_cents),
    );
    expect(savings.every((saving: number) => saving > 0)).toBe(true);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
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
    const [card] = (await get('/api/app/ticket/list/recommended?lng=en')).body.ticket_list as Card[];
    const english = await get(`/api/app/ticket/info?id=${card?.id}&lng=en`);
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
    const italian = await get(`/api/app/ticket/info?id=${card?.id}&lng=it`);
    expect(italian.body.ticket.title).not.toBe(ticket.title);
    expect(italian.body.ticket.price_cents).toBe(ticket.price_cents);
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
    const [card] = (await get('/api/app/ticket/list/recommended?lng=de')).body.ticket_list as Card[];
    const { body } = await get(`/api/app/ticket/area/info?id=${card?.id}&lng=de`);
    for (const url of [body.ticket.downloads.area_rules, body.ticket.downloads.ticket_rules]) {
      const file = await sut.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+-de\.txt"$/);
      expect(file.body.length).toBeGreaterThan(100);
    }
  });
});

describe('app/ticket/area/list and app/region/ticket', () => {
  it('lists the tickets of one area only', async () => {
    const [card] = (await get('/api/app/ticket/list/recommended?lng=en')).body.ticket_list as Card[];
    const { body } = await get(`/api/app/ticket/area/list?id=${card?.area.id}&lng=en`);
    expect(body.total).toBeGreaterThan(0);
    expect(body.ticket_list.every((ticket: Card) => ticket.area.id === card?.area.id)).toBe(true);
    const v2 = await get(`/api/app/v2/ticket/area/list?id=${card?.area.id}&lng=en`);
    expect(v2.body).toEqual(body);
  });

  it('lists the tickets of a region, optionally of one category', async () => {
    const regions = (await get('/api/app/region/list?country=IT&lng=it')).body.region_list;
    const piemonte = regions.find((region: { slug: string }) => region.slug === 'piemonte');
    const all = await get(`/api/app/region/ticket?id=${piemonte.id}&lng=it`);
    expect(all.body.total).toBeGreaterThan(0);
    const nature = await get(`/api/app/region/ticket?id=${piemonte.id}&id_category=18&lng=it`);
    expect(nature.body.total).toBeLessThanOrEqual(all.body.total);
    expect(
      nature.body.ticket_list.every((ticket: { category_id: number }) => ticket.category_id === 18),
    ).toBe(true);
  });
});

describe('app/ticket/calendar', () => {
  it('marks past days, closed days and places per day, in the area time zone', async () => {
    const cards = await allTickets();
    const card = cards.find((ticket) => ticket.duration_type === 'DAILY') as Card;
    const info = (await get(`/api/app/ticket/info?id=${card.id}&lng=en`)).body.ticket;
    const { status, body } = await get(`/api/app/ticket/calendar?id=${card.id}&from=2026-11-20&days=14`);
    expect(status).toBe(200);
    expect(body.today).toBe('2026-11-22');
    expect(body.days).toHaveLength(14);
    expect(body.days[0]).toMatchObject({ date: '2026-11-20', open: false, reason: 'past' });
    for (const day of body.days.slice(2)) {
      const weekday = ((new Date(`${day.date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      if (!info.open_days.includes(weekday)) expect(day).toMatchObject({ open: false, reason: 'closed-day' });
      expect(day.capacity).toBe(info.daily_capacity);
    }
    const v2 = await get(`/api/app/v2/ticket/calendar?id=${card.id}&from=2026-11-20&days=14`);
    expect(v2.body).toEqual(body);
  });

  it('counts the places taken by orders, and says sold out when none are left', async () => {
    const cards = await allTickets();
    const infos = await Promise.all(cards.map((card) => get(`/api/app/ticket/info?id=${card.id}&lng=en`)));
    const calendarOf = async (id: number) =>
      (await get(`/api/app/ticket/calendar?id=${id}&from=2027-06-01&days=60`)).body.days as Array<{
        date: string;
        open: boolean;
      }>;
    let limited: { id: number; daily_capacity: number } | undefined;
    let open: { date: string } | undefined;
    for (const info of infos.map((response) => response.body.ticket)) {
      if (info.daily_capacity === null) continue;
      open = (await calendarOf(info.id)).find((day) => day.open);
      if (open) {
        limited = info;
        break;
      }
    }
    if (!limited || !open) throw new Error('the seed has no ticket with places per day open in summer 2027');
    const { id, daily_capacity: capacity } = limited;
    const day = open.date;
    // Every place of the day sold: one order line per place, its places taken as a buy takes them.
    const userId = await memberId(await createMember(sut));
    const lines = Array.from({ length: capacity }, () => ({ ticketId: id, startDate: day }));
    await createOrder(sut.database.db, { userId }, lines, { capacity });
    expect((await calendarOf(id)).find((entry) => entry.date === day)).toMatchObject({
      open: false,
      reason: 'sold-out',
      remaining: 0,
    });
  });

  it('refuses more than 92 days at once', async () => {
    const [card] = (await get('/api/app/ticket/list/recommended?lng=en')).body.ticket_list as Card[];
    const { status, body } = await get(`/api/app/ticket/calendar?id=${card?.id}&days=400&lng=en`);
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('days');
  });

  it('refuses a first day whose calendar would run past the year 9999, naming the field', async () => {
    const [card] = (await get('/api/app/ticket/list/recommended?lng=en')).body.ticket_list as Card[];
    for (const from of ['9999-12-31', '2200-01-01', '1899-12-31']) {
      const { status, body } = await get(`/api/app/ticket/calendar?id=${card?.id}&from=${from}&lng=en`);
      expect(status).toBe(400);
      expect(body.fields).toHaveProperty('from');
    }
  });
});

describe('app/ticket/residence/list and app/service/tag/list', () => {
  it('names the countries whose residents may buy a residents-only ticket', async () => {
    const cards = await allTickets();
    const infos = await Promise.all(cards.map((card) => get(`/api/app/ticket/info?id=${card.id}&lng=en`)));
    const residentsOnly = infos.find((info) => info.body.ticket.residents_only !== null)?.body.ticket;
    expect(residentsOnly).toBeDefined();
    const { body } = await get(`/api/app/ticket/residence/list?id=${residentsOnly.id}&lng=en`);
    expect(body.residents_only).toBe(true);
    expect(body.country_list.map((country: { code: string }) => country.code)).toEqual(
      residentsOnly.residents_only,
    );
  });

  it('lists the services a ticket may include', async () => {
    const { body } = await get('/api/app/service/tag/list?lng=es');
    expect(body.service_tag_list.length).toBeGreaterThanOrEqual(10);
    expect(body.service_tag_list.map((tag: { slug: string }) => tag.slug)).toContain('guide');
  });
});

describe('app/ticket/package/list', () => {
  it('offers the other durations of a permit in the same area, cheapest first', async () => {
    const cards = await allTickets();
    const daily = cards.find((card) => card.slug === 'val-taro-porcini-daily-permit') as Card;
    const { status, body } = await get(`/api/app/ticket/package/list?id=${daily.id}&lng=en`);
    expect(status).toBe(200);
    const slugs = body.package_list.map((card: Card) => card.slug);
    expect(slugs).toContain('val-taro-porcini-daily-permit');
    expect(slugs).toContain('val-taro-porcini-weekly-permit');
    expect(slugs).not.toContain('val-taro-truffle-hunt-compiano');
    const prices = body.package_list.map((card: Card) => card.discounted_price_cents ?? card.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.package_list.every((card: Card) => card.area.id === daily.area.id)).toBe(true);
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    expect((await get('/api/app/ticket/package/list?id=999999&lng=en')).status).toBe(404);
    const malformed = await get('/api/app/ticket/package/list?id=abc&lng=en');
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ id: 'This value is not valid' });
  });
});
