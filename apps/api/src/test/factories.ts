import { addCalendarDays } from '@sentiero/contract/durations';
import { LANGUAGES, type LocalizedText } from '@sentiero/contract/languages';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import { findFirstStartDate } from '@sentiero/contract/rules/start-dates';
import type { Db } from '@sentiero/db/client';
import {
  activityTypes,
  areas,
  areaWeatherDays,
  categories,
  coupons,
  orderLines,
  orders,
  regions,
  ticketFacets,
  tickets,
} from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { daysBetween, takePlaces } from '../modules/checkout/places.ts';
import type { NewOrder, NewOrderLine, OrderRow } from '../modules/checkout/repo.ts';
import { type Browser, createBrowser, type TestApp } from './app.ts';
import { defaultOperatorId } from './staff-factories.ts';

/*
 * Factories: each test writes the rows it needs instead of hunting the seeded catalogue for one
 * that happens to fit, so a change to the seed cannot break it. Rows go straight in through
 * Drizzle; only members sign up through the API, because tests then use their session cookie.
 */

type AreaRow = typeof areas.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

/** Slugs, codes and e-mail addresses are unique: a process-wide counter keeps them apart. */
let serial = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

/** The same words in every language, as localized jsonb columns hold them. */
export const inEveryLanguage = (words: string): LocalizedText =>
  Object.fromEntries(LANGUAGES.map((language) => [language, words])) as LocalizedText;

/** The first day tests buy on: the test clocks stand in November 2026, so summer 2027 is ahead. */
export const FIRST_TEST_DAY = '2027-06-01';

/** The password of a member `createMember` signs up, unless the test gives one. */
export const MEMBER_PASSWORD = 'Trota2026';

/** What a test may choose of a member it signs up; an e-mail address nobody else has by default. */
export type MemberDetails = { email?: string; password?: string; country?: string; lng?: string };

/** A member signed up and logged in through the API, in a browser of its own. */
export async function createMember(
  sut: TestApp,
  name = 'Paolo',
  { email, password = MEMBER_PASSWORD, country = 'IT', lng = 'en' }: MemberDetails = {},
): Promise<Browser> {
  const browser = createBrowser(sut);
  const response = await browser.post(`/api/app/user/register?lng=${lng}`, {
    firstname: name,
    lastname: 'Conti',
    email: email ?? `${name.toLowerCase()}.${++serial}.${Date.now()}@example.it`,
    password,
    country,
    is_adult: true,
    policy_accepted: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

/** A ticket as `app/ticket/list` shows it to its holder. */
export type HeldTicket = {
  code: string;
  signed_code: string;
  qr_code: string;
  holder: string;
  valid_from: string;
  valid_until: string;
};

/**
 * A member who bought one ticket for `ticket`'s first open day through the API (the sandbox
 * card), in a browser of its own, and that ticket as the member's list shows it.
 */
export async function createTicketHolder(
  sut: TestApp,
  ticket: TestTicket,
  { name = 'Tina', holder = 'Tina Kos' } = {},
): Promise<{ browser: Browser; ticket: HeldTicket }> {
  const browser = await createMember(sut, name);
  const response = await browser.post('/api/app/v4/ticket/buy?lng=en', {
    id_ticket: ticket.id,
    guests: [{ full_name: holder, start_date: ticket.date, end_date: ticket.date }],
    payment_method: 'sandbox',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    idempotency_key: `holder-${++serial}-${Date.now()}`,
  });
  expect(response.statusCode).toBe(200);
  const [held] = (await browser.get('/api/app/ticket/list')).json().purchase_list[0].tickets;
  return { browser, ticket: held as HeldTicket };
}

/** Sentiero+ for a member, bought through the API with the sandbox's test card (the trial starts at once). */
export async function joinPremium(browser: Browser): Promise<void> {
  const bought = await browser.post('/api/app/subscription/buy?lng=en', {
    subscription_type: 'yearly',
    payment_method: 'sandbox',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    idempotency_key: unique('plus'),
  });
  expect(bought.statusCode, bought.body).toBe(200);
}

/** The id of the member a browser is logged in as. */
export async function memberId(browser: Browser): Promise<number> {
  const response = await browser.get('/api/app/user/info');
  expect(response.statusCode).toBe(200);
  return response.json().user.id as number;
}

/**
 * An available area in an Italian region. Regions are reference data written by the migrations'
 * seed, not catalogue, so borrowing one does not tie the test to the catalogue.
 */
export async function createArea(
  db: Db,
  overrides: Partial<typeof areas.$inferInsert> = {},
): Promise<AreaRow> {
  const slug = overrides.slug ?? unique('test-area');
  const regionId =
    overrides.regionId ??
    (
      await db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.countryCode, 'IT'))
        .orderBy(asc(regions.id))
    )[0]?.id;
  if (regionId === undefined) throw new Error('the database has no Italian region');
  const operatorId = overrides.operatorId ?? (await defaultOperatorId(db));
  const [row] = await db
    .insert(areas)
    .values({
      slug,
      regionId,
      operatorId,
      name: inEveryLanguage(`Area ${slug}`),
      summary: inEveryLanguage('An area written by a test.'),
      description: inEveryLanguage('An area written by a test.'),
      latitude: 46.1,
      longitude: 11.1,
      bounds: [
        [46.0, 11.0],
        [46.2, 11.2],
      ],
      timeZone: 'Europe/Rome',
      rules: inEveryLanguage('Leave no trace.'),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the area was not written');
  return row;
}

/** What a test may change on the ticket it creates; everything else has a plain default. */
export type TicketOverrides = Partial<typeof tickets.$inferInsert>;

/** A ticket a test created: its row, and the first day it can be bought on in summer 2027. */
export type TestTicket = { id: number; date: string; categoryId: number; capacity: number; row: TicketRow };

/**
 * A ticket anybody may buy, by default: DAILY, no minimum age, no fishing card, not
 * residents-only, 15 € a place, 20 places a day, open every day of a season that spans the whole
 * year. It is written with its `ticket_facets` row, the copy listings read, so it shows in lists
 * too; places per day (`ticket_day_places`) are written by the first buy, as in production. It
 * has no word-search document (`ticket_search`): a test that finds it by words rebuilds the index.
 */
export async function createTicket(db: Db, overrides: TicketOverrides = {}): Promise<TestTicket> {
  const areaId = overrides.areaId ?? (await createArea(db)).id;
  const slug = overrides.slug ?? unique('test-ticket');
  const [activity] = await db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .orderBy(asc(activityTypes.id))
    .limit(1);
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.id))
    .limit(1);
  if (!activity || !category) throw new Error('the database has no activity types or categories');
  const [row] = await db
    .insert(tickets)
    .values({
      slug,
      areaId,
      activityTypeId: activity.id,
      categoryId: category.id,
      title: inEveryLanguage(`Ticket ${slug}`),
      description: inEveryLanguage('A ticket written by a test.'),
      durationType: 'DAILY',
      season: { start: '01-01', end: '12-31' },
      priceCents: 1500,
      minAge: 0,
      languages: ['it', 'en'],
      openDays: [1, 2, 3, 4, 5, 6, 7],
      cancellationRule: CANCELLATION_PRESETS.flexible,
      rules: inEveryLanguage('Carry an identity document.'),
      requiresFishingCard: false,
      dailyCapacity: 20,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the ticket was not written');
  if (row.status === 'published') await writeFacets(db, row);
  const date = firstOpenDay(row);
  if (!date) throw new Error(`ticket ${row.slug} has no open day from ${FIRST_TEST_DAY}`);
  return { id: row.id, date, categoryId: row.categoryId, capacity: row.dailyCapacity ?? 0, row };
}

/** The ticket's facet row, as `rebuildSearchIndex` writes it for every published ticket. */
async function writeFacets(db: Db, ticket: TicketRow): Promise<void> {
  const [place] = await db
    .select({ regionId: regions.id, countryCode: regions.countryCode })
    .from(areas)
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .where(eq(areas.id, ticket.areaId));
  if (!place) throw new Error(`area ${ticket.areaId} has no region`);
  const paid = ticket.discountedPriceCents ?? ticket.priceCents;
  await db.insert(ticketFacets).values({
    ticketId: ticket.id,
    areaId: ticket.areaId,
    regionId: place.regionId,
    countryCode: place.countryCode,
    categoryId: ticket.categoryId,
    activityTypeId: ticket.activityTypeId,
    priceCents: paid,
    discountCents: ticket.priceCents - paid,
    durationType: ticket.durationType,
    seasonStart: ticket.season?.start ?? null,
    seasonEnd: ticket.season?.end ?? null,
    saleFrom: ticket.saleFrom,
    saleUntil: ticket.saleUntil,
    openDays: ticket.openDays,
    serviceTagIds: [],
    popularity: ticket.popularity,
    createdAt: ticket.createdAt,
  });
}

/** The first day from FIRST_TEST_DAY, within about a year, the ticket can start on (the contract's rule). */
function firstOpenDay(ticket: TicketRow): string | undefined {
  return findFirstStartDate(ticket, FIRST_TEST_DAY, FIRST_TEST_DAY);
}

/** The line of one guest on one ticket, for `createOrder`. */
export type OrderLineInput = Partial<NewOrderLine> & Pick<NewOrderLine, 'ticketId' | 'startDate'>;

/** When an order in each state was paid and issued, as the buy and its payment write it. */
function orderTimes(status: NewOrder['status'], at: Date): Pick<NewOrder, 'paidAt' | 'issuedAt'> {
  if (status === 'paid') return { paidAt: at };
  if (status === 'issued' || status === 'refunded') return { paidAt: at, issuedAt: at };
  return {};
}

/**
 * Writes an order and its lines directly, as a buy, a crash or an abandoned payment left them:
 * by default a pending card order whose hold is still running; a paid, issued or refunded one
 * has its payment's times. With `capacity`, its places are taken too, as the buy that wrote it
 * took them. An issued order has no ticket codes this way: a test that reads them buys through
 * the API (`createTicketHolder`).
 */
export async function createOrder(
  db: Db,
  order: Partial<NewOrder> & Pick<NewOrder, 'userId'>,
  lines: OrderLineInput[],
  { capacity }: { capacity?: number } = {},
): Promise<OrderRow> {
  const written = lines.map((line) => ({
    guestName: 'Anna Conti',
    endDate: line.startDate,
    unitPriceCents: 1000,
    ...line,
  }));
  const subtotal = written.reduce((sum, line) => sum + line.unitPriceCents, 0);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        code: unique('ST-TEST'),
        status: 'pending',
        language: 'en',
        paymentMethod: 'card',
        idempotencyKey: unique('order'),
        subtotalCents: subtotal,
        totalCents: subtotal,
        holdExpiresAt: new Date(Date.now() + 15 * 60_000),
        ...orderTimes(order.status ?? 'pending', new Date()),
        ...order,
      })
      .returning();
    if (!row) throw new Error('the order was not written');
    await tx.insert(orderLines).values(written.map((line) => ({ ...line, orderId: row.id })));
    if (capacity !== undefined) {
      for (const line of written) {
        const taken = await takePlaces(
          tx,
          line.ticketId,
          daysBetween(line.startDate, line.endDate),
          1,
          capacity,
        );
        if (!taken) throw new Error(`no place left for ${line.guestName} on ${line.startDate}`);
      }
    }
    return row;
  });
}

/** A coupon: 10 % off any ticket, unlimited, valid at any time, unless the test says otherwise. */
export async function createCoupon(
  db: Db,
  overrides: Partial<typeof coupons.$inferInsert> = {},
): Promise<CouponRow> {
  const [row] = await db
    .insert(coupons)
    .values({ code: unique('TEST').toUpperCase(), kind: 'percent', amount: 10, ...overrides })
    .returning();
  if (!row) throw new Error('the coupon was not written');
  return row;
}

type WeatherDayRow = typeof areaWeatherDays.$inferInsert;

/**
 * An area's stored weather for `count` days from `from`, as the weather refresh writes it: dry
 * and mild (15 °C, nights at 8 °C) unless `day` says otherwise for a day (given its date and its
 * offset from `from`). Days from `forecastFrom` on are forecast.
 */
export async function createWeatherDays(
  db: Db,
  areaId: number,
  {
    from,
    count,
    forecastFrom,
    day = () => ({}),
  }: {
    from: string;
    count: number;
    forecastFrom?: string;
    day?: (date: string, offset: number) => Partial<WeatherDayRow>;
  },
): Promise<void> {
  const rows = Array.from({ length: count }, (_, offset): WeatherDayRow => {
    const date = addCalendarDays(from, offset);
    return {
      areaId,
      day: date,
      rainMm: 0,
      tempMean: 15,
      tempMin: 8,
      tempMax: 21,
      weatherCode: 1,
      gustKmh: 10,
      forecast: forecastFrom !== undefined && date >= forecastFrom,
      source: 'open-meteo',
      fetchedAt: new Date(),
      ...day(date, offset),
    };
  });
  await db.insert(areaWeatherDays).values(rows);
}
