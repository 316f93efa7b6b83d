import { LANGUAGES } from '@sentiero/contract/languages';
import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { executeRows } from '@sentiero/db/client';
import { tickets } from '@sentiero/db/schema';
import { rebuildSearchIndex } from '@sentiero/db/search-index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createTicket, inEveryLanguage } from '../../test/factories.ts';
import { RELEVANCE_CANDIDATES } from '../tickets/index.ts';
import { queryWords } from './service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

type Card = {
  id: number;
  title: string;
  activity: { slug: string };
  country: string;
  category_id: number;
  price_cents: number;
  discounted_price_cents: number | null;
  duration_type: string;
};

async function search(query: string) {
  const response = await sut.app.inject({ method: 'GET', url: `/api/app/v2/search?${query}` });
  return { status: response.statusCode, body: response.json() };
}

const price = (card: Card) => card.discounted_price_cents ?? card.price_cents;

describe('query words', () => {
  it('folds case and accents and keeps letters and digits', () => {
    expect(queryWords('  Soča  RAFTING, 2-day!')).toEqual(['soca', 'rafting', 'day']);
    expect(queryWords(undefined)).toEqual([]);
  });
});

describe('app/v2/search', () => {
  it('finds porcini permits when the visitor types porcni', async () => {
    const { status, body } = await search('q=porcni&lng=it');
    expect(status).toBe(200);
    expect(body.query_words).toEqual(['porcini']);
    expect(body.total).toBeGreaterThan(0);
    expect(body.ticket_list.every((card: Card) => card.activity.slug === 'mushroom-foraging')).toBe(true);
  });

  it('finds kayak when the visitor types kajak', async () => {
    const { body } = await search('q=kajak&lng=en');
    expect(body.query_words).toEqual(['kayak']);
    expect(body.ticket_list.some((card: Card) => card.activity.slug === 'kayak')).toBe(true);
  });

  it('ignores accents and stems words in the request language', async () => {
    const accented = await search(`q=${encodeURIComponent('Soča')}&lng=sl`);
    const plain = await search('q=soca&lng=sl');
    expect(accented.body.total).toBeGreaterThan(0);
    expect(accented.body.ticket_list).toEqual(plain.body.ticket_list);
    const plural = await search('q=funghi&lng=it');
    const singular = await search('q=fungo&lng=it');
    expect(plural.body.total).toBeGreaterThan(0);
    expect(singular.body.total).toBeGreaterThan(0);
  });

  it('answers in the request language', async () => {
    const italian = await search('q=rafting&lng=it');
    const german = await search('q=rafting&lng=de');
    expect(italian.body.total).toBe(german.body.total);
    expect(italian.body.ticket_list[0].title).not.toBe(german.body.ticket_list[0].title);
  });

  it('combines filters: category, activity, country, service, price and duration', async () => {
    const fishing = await search('activity=fishing&lng=en');
    const italianFishing = await search('activity=fishing&country=IT&lng=en');
    expect(italianFishing.body.total).toBeGreaterThan(0);
    expect(italianFishing.body.total).toBeLessThan(fishing.body.total);
    expect(italianFishing.body.ticket_list.every((card: Card) => card.country === 'IT')).toBe(true);

    const cheapNature = await search('id_category=18&max_price=1500&lng=en');
    expect(
      cheapNature.body.ticket_list.every((card: Card) => card.category_id === 18 && price(card) <= 1500),
    ).toBe(true);

    const seasonal = await search('duration_type=SEASONAL&min_price=3000&lng=en');
    expect(
      seasonal.body.ticket_list.every(
        (card: Card) => card.duration_type === 'SEASONAL' && price(card) >= 3000,
      ),
    ).toBe(true);

    const guided = await search('service=guide&activity=rafting&lng=en');
    expect(guided.body.total).toBeGreaterThan(0);
  });

  it('takes "any" for a place, activity, service, category or ticket type as no filter at all', async () => {
    const everything = await search('q=rafting&lng=en');
    const anyChoice = await search(
      'q=rafting&country=any&activity=any&service=any&id_category=any&duration_type=any&lng=en',
    );
    expect(anyChoice.status).toBe(200);
    expect(anyChoice.body.total).toBeGreaterThan(0);
    expect(anyChoice.body).toEqual(everything.body);
    const anyPlaceInSlovenia = await search('q=rafting&country=SI&activity=any&lng=en');
    expect(anyPlaceInSlovenia.body.ticket_list.every((card: Card) => card.country === 'SI')).toBe(true);
    expect((await search('country=anywhere&lng=en')).status).toBe(400);
  });

  it('takes a word alone, every other field left blank as a form sends it, as the whole search', async () => {
    const alone = await search('q=porcini&lng=it');
    const fromForm = await search(
      'q=porcini&country=any&start_date=&end_date=&min_price=&max_price=&id_category=&id_region=&activity=&service=&duration_type=&lng=it',
    );
    expect(fromForm.status).toBe(200);
    expect(alone.body.total).toBeGreaterThan(0);
    expect(fromForm.body).toEqual(alone.body);
  });

  it('keeps only tickets usable on the chosen day', async () => {
    const winter = await search(
      'activity=cross-country-skiing&start_date=2027-01-15&end_date=2027-01-20&lng=en',
    );
    const summer = await search(
      'activity=cross-country-skiing&start_date=2027-07-15&end_date=2027-07-20&lng=en',
    );
    expect(winter.body.total).toBeGreaterThan(summer.body.total);
  });

  it('orders by price both ways and pages without overlap', async () => {
    const ascending = (await search('order=price_asc&lng=en')).body.ticket_list.map(price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await search('order=price_desc&lng=en')).body.ticket_list.map(price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const first = (await search('order=price_asc&lng=en&page=1')).body.ticket_list.map(
      (card: Card) => card.id,
    );
    const second = (await search('order=price_asc&lng=en&page=2')).body.ticket_list.map(
      (card: Card) => card.id,
    );
    expect(second.some((id: number) => first.includes(id))).toBe(false);
  });

  it('finds nothing for words the catalogue does not know', async () => {
    const { status, body } = await search('q=zzzqqq&lng=en');
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(body.ticket_list).toEqual([]);
  });

  it('refuses an end date before the start date and a maximum price below the minimum', async () => {
    const dates = await search('start_date=2027-05-10&end_date=2027-05-01&lng=en');
    expect(dates.status).toBe(400);
    expect(dates.body.fields).toEqual({ end_date: 'This value is not valid' });
    const prices = await search('min_price=5000&max_price=1000&lng=en');
    expect(prices.status).toBe(400);
    expect(prices.body.fields).toHaveProperty('max_price');
    const order = await search('order=cheapest&lng=en');
    expect(order.status).toBe(400);
  });

  it('answers the same on the advanced path', async () => {
    expect((await search('q=rafting&lng=en')).body).toEqual(
      (await sut.app.inject({ method: 'GET', url: '/api/app/v2/search/advanced?q=rafting&lng=en' })).json(),
    );
  });
});

describe('app/search/filters', () => {
  it('offers the ticket filter choices in the request language', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/app/search/filters?lng=de' });
    const body = response.json();
    expect(body.category_list.map((category: { id: number }) => category.id)).toEqual([16, 17, 18, 19]);
    expect(body.activity_list.length).toBeGreaterThanOrEqual(13);
    expect(body.duration_types).toHaveLength(15);
    expect(body.orders).toEqual(['default', 'price_asc', 'price_desc', 'date']);
    expect(body.price_range.min_cents).toBeLessThan(body.price_range.max_cents);
    expect(body.country_list.map((country: { name: string }) => country.name)).toContain('Schweiz');
  });
});

describe('a word that matches more listings than are ranked', () => {
  it('ranks the most popular matches, the better matches of equal popularity first, and counts as far as it ranked', async () => {
    const { db } = sut.database;
    const area = await createArea(db);
    const template = await createTicket(db, { areaId: area.id });
    const many = RELEVANCE_CANDIDATES + 100;
    // Every title has the word; one ticket among the most popular has it twice more, in its
    // description, and the least popular one has it as often but is never a candidate.
    await db.insert(tickets).values(
      Array.from({ length: many }, (_, index) => ({
        ...template.row,
        id: undefined,
        slug: `quokka-${index}`,
        title: inEveryLanguage(`Quokka walk ${index}`),
        description: inEveryLanguage(index === 7 || index === 0 ? 'Quokka, quokka.' : 'A walk.'),
        popularity: index === 7 ? 1000 + many - 8 : 1000 + index,
      })),
    );
    await db.transaction((tx) => rebuildSearchIndex(tx));

    const { body } = await search('q=quokka&lng=en');
    // Bounded work per request: the matches past those ranked are not read to count them.
    expect(body).toMatchObject({ total: RELEVANCE_CANDIDATES, total_exact: false });
    const titles = (body.ticket_list as Card[]).map((card) => card.title);
    expect(titles[0]).toBe('Quokka walk 7');
    expect(titles.slice(1, 4)).toEqual([
      `Quokka walk ${many - 1}`,
      `Quokka walk ${many - 2}`,
      `Quokka walk ${many - 3}`,
    ]);
    expect(titles).not.toContain('Quokka walk 0');
    const deep = await search(`q=quokka&lng=en&page=${Math.ceil(many / TICKETS_PAGE_SIZE)}`);
    expect(deep.body).toMatchObject({ total: many, total_exact: true });
    expect((deep.body.ticket_list as Card[]).length).toBeGreaterThan(0);
  });
});

describe('a word search over more listings than the top tier holds', () => {
  const TOP_TIER = 250;
  const WOMBATS = 300;

  beforeAll(async () => {
    const { db } = sut.database;
    const area = await createArea(db);
    const template = await createTicket(db, { areaId: area.id });
    // The wombats are the most popular listings of all; the one numbat is the least popular.
    await db.insert(tickets).values([
      ...Array.from({ length: WOMBATS }, (_, index) => ({
        ...template.row,
        id: undefined,
        slug: `wombat-${index}`,
        title: inEveryLanguage(`Wombat watch ${index}`),
        popularity: 100_000 + index,
      })),
      {
        ...template.row,
        id: undefined,
        slug: 'numbat-walk',
        title: inEveryLanguage('Numbat walk'),
        popularity: 0,
      },
    ]);
    await db.transaction((tx) => rebuildSearchIndex(tx, { topTier: TOP_TIER }));
  });

  afterAll(() => sut.database.db.transaction((tx) => rebuildSearchIndex(tx)));

  it('puts the most popular documents of each language in the top tier', async () => {
    const rows = await executeRows<{ language: string; tier: number; least: number }>(
      sut.database.db,
      sql`select language, count(*)::int as tier, min(popularity)::int as least
        from ticket_search where top_tier group by language order by language`,
    );
    expect(rows).toEqual(
      [...LANGUAGES]
        .sort()
        .map((language) => ({ language, tier: TOP_TIER, least: 100_000 + WOMBATS - TOP_TIER })),
    );
  });

  it('ranks a common word among the most popular listings', async () => {
    const { body } = await search('q=wombat&lng=en');
    expect(body).toMatchObject({ total: RELEVANCE_CANDIDATES, total_exact: false });
    expect((body.ticket_list as Card[]).map((card) => card.title).slice(0, 3)).toEqual([
      `Wombat watch ${WOMBATS - 1}`,
      `Wombat watch ${WOMBATS - 2}`,
      `Wombat watch ${WOMBATS - 3}`,
    ]);
  });

  it('finds a word that only listings outside the top tier hold', async () => {
    const { body } = await search('q=numbat&lng=de');
    expect(body).toMatchObject({ total: 1, total_exact: true });
    expect(body.ticket_list[0].title).toBe('Numbat walk');
  });

  it('reads on past the top tier as the visitor pages on', async () => {
    const pages = Math.ceil(WOMBATS / TICKETS_PAGE_SIZE);
    const last = await search(`q=wombat&lng=en&page=${pages}`);
    expect(last.body).toMatchObject({ total: WOMBATS, total_exact: true });
    expect(last.body.ticket_list).toHaveLength(WOMBATS - (pages - 1) * TICKETS_PAGE_SIZE);
  });
});
