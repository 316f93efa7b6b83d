import { seedServiceTags } from '@sentiero/db/seed/vocabulary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createActivityType,
  createCategory,
  createRegion,
  createServiceTag,
} from '../../test/catalogue-factories.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';

let sut: TestApp;
// A Sunday evening in Italy: the calendar and sale periods are read at this instant. No demo
// catalogue: each test writes the listings it reads (the home rows: home-rows.test.ts).
beforeAll(async () => {
  sut = await createTestApp({}, { now: '2026-11-22T18:00:00Z', seed: 'reference' });
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

/** A title that differs in every language, as a translated ticket's does. */
const translated = (en: string) => ({
  it: `${en} (it)`,
  en,
  es: `${en} (es)`,
  de: `${en} (de)`,
  sl: `${en} (sl)`,
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
    // In the order they were listed, each with its area.
    expect(body).toMatchObject({ total: 2, pages: 1 });
    expect(body.ticket_list).toEqual([
      expect.objectContaining({ id: first.id, area: expect.objectContaining({ id: area.id }) }),
      expect.objectContaining({ id: second.id, area: expect.objectContaining({ id: area.id }) }),
    ]);
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
    const [nature, adventure] = [await createCategory(db), await createCategory(db)];
    // Listed by area, then by ticket: the south area's ticket, written first, comes second.
    const inSouth = await createTicket(db, { areaId: south.id, categoryId: adventure.id });
    const inNorth = await createTicket(db, { areaId: north.id, categoryId: nature.id });
    await createTicket(db, { categoryId: nature.id });
    const listed = (await get('/api/app/region/list?country=IT&lng=it')).body.region_list;
    expect(listed).toContainEqual(expect.objectContaining({ id: region.id, name: `Region ${region.slug}` }));
    const all = await get(`/api/app/region/ticket?id=${region.id}&lng=it`);
    expect(all.body.total).toBe(2);
    expect(all.body.ticket_list.map((ticket: Card) => ticket.id)).toEqual([inNorth.id, inSouth.id]);
    const natureOnly = await get(`/api/app/region/ticket?id=${region.id}&id_category=${nature.id}&lng=it`);
    expect(natureOnly.body.total).toBe(1);
    expect(natureOnly.body.ticket_list).toEqual([
      expect.objectContaining({ id: inNorth.id, category_id: nature.id }),
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

  it('lists the services a ticket may include, in the request language', async () => {
    const picnic = await createServiceTag(sut.database.db, {
      name: { it: 'Merenda', en: 'Picnic', es: 'Merienda', de: 'Picknick', sl: 'Piknik' },
    });
    const { body } = await get('/api/app/service/tag/list?lng=es');
    // The vocabulary's services in their order, then the one written here.
    expect(
      body.service_tag_list.map(({ slug, name }: { slug: string; name: string }) => ({ slug, name })),
    ).toEqual([
      ...seedServiceTags.map((tag) => ({ slug: tag.slug, name: tag.name.es })),
      { slug: picnic.slug, name: 'Merienda' },
    ]);
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
