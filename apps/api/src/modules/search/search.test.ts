import { DURATION_TYPES } from '@sentiero/contract/durations';
import { activityTypes, serviceTags, ticketServiceTags } from '@sentiero/db/schema';
import { rebuildSearchIndex } from '@sentiero/db/search-index';
import { seedCategories } from '@sentiero/db/seed/categories';
import { seedCountries } from '@sentiero/db/seed/countries';
import { seedActivityTypes, seedServiceTags } from '@sentiero/db/seed/vocabulary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivityType, createCategory, createRegion } from '../../test/catalogue-factories.ts';
import { createArea, createTicket, inEveryLanguage } from '../../test/factories.ts';
import { queryWords } from './service.ts';

/*
 * No demo catalogue: the listings below are all the search can find, so each answer is exactly
 * the listings that fit, in the order the visitor sees them.
 */

let sut: TestApp;
/** The listings the word searches and filters below must find, written before the index is built. */
let mine: Awaited<ReturnType<typeof writeListings>>;
beforeAll(async () => {
  sut = await createTestApp({}, { seed: 'reference' });
  mine = await writeListings();
});
afterAll(() => sut.close());

type Card = { id: number; title: string; country: string };

async function search(query: string) {
  const response = await sut.app.inject({ method: 'GET', url: `/api/app/v2/search?${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe('query words', () => {
  it('folds case and accents and keeps letters and digits', () => {
    expect(queryWords('  Soča  RAFTING, 2-day!')).toEqual(['soca', 'rafting', 'day']);
    expect(queryWords(undefined)).toEqual([]);
  });
});

/** The id of an activity of the vocabulary every database holds (reference data, not catalogue). */
async function activityId(slug: string) {
  const [row] = await sut.database.db.select().from(activityTypes).where(eq(activityTypes.slug, slug));
  if (!row) throw new Error(`no activity ${slug}`);
  return row.id;
}

/** Thirteen listings, each at a price of its own, in a region of Italy and one of Slovenia. */
async function writeListings() {
  const { db } = sut.database;
  const regions = {
    italy: await createRegion(db, { countryCode: 'IT' }),
    slovenia: await createRegion(db, { countryCode: 'SI' }),
  };
  const italy = await createArea(db, { regionId: regions.italy.id });
  const slovenia = await createArea(db, { regionId: regions.slovenia.id });
  const listing = async (
    activity: string | { id: number },
    priceCents: number,
    fields: Parameters<typeof createTicket>[1] = {},
  ) =>
    createTicket(db, {
      areaId: italy.id,
      activityTypeId: typeof activity === 'string' ? await activityId(activity) : activity.id,
      priceCents,
      ...fields,
    });
  const porcini = await listing('mushroom-foraging', 1800, {
    title: {
      it: 'Permesso funghi porcini',
      en: 'Porcini mushroom permit',
      es: 'Permiso de setas porcini',
      de: 'Steinpilz-Erlaubnis porcini',
      sl: 'Dovolilnica za jurčke porcini',
    },
  });
  // Porcini in its description only: found after the permit, whose title has the word.
  const chestnuts = await listing('trekking', 900, {
    title: inEveryLanguage('Chestnut walk'),
    description: inEveryLanguage('Chestnuts in October, porcini after the rain.'),
  });
  const kayak = await listing('kayak', 3500, { title: inEveryLanguage('Kayak tour of the lake') });
  const soca = await listing('canyoning', 4500, { title: inEveryLanguage('Soča canyon walk') });
  const rafting = await listing('rafting', 5500, {
    title: {
      it: 'Rafting sul Sesia',
      en: 'Rafting on the Sesia',
      es: 'Rafting en el Sesia',
      de: 'Rafting auf der Sesia',
      sl: 'Rafting na Sesii',
    },
  });
  const [guide] = await db.select().from(serviceTags).where(eq(serviceTags.slug, 'guide'));
  if (!guide) throw new Error('no guide service');
  await db.insert(ticketServiceTags).values({ ticketId: rafting.id, serviceTagId: guide.id });
  const unguidedRafting = await listing('rafting', 5000, {
    areaId: slovenia.id,
    title: inEveryLanguage('Rafting on the Idrijca'),
  });
  // Activities and categories of this test's own, after the vocabulary's.
  const angling = await createActivityType(db, { sortOrder: 1000 });
  const skiing = await createActivityType(db, { sortOrder: 1001 });
  const categories = { nature: await createCategory(db), adventure: await createCategory(db) };
  const fishingIn = (area: { id: number }, categoryId: number, priceCents: number, season = false) =>
    listing(angling, priceCents, {
      areaId: area.id,
      categoryId,
      durationType: season ? 'SEASONAL' : 'DAILY',
    });
  const { nature, adventure } = categories;
  const fishing = {
    natureDay: await fishingIn(italy, nature.id, 1200),
    slovenianDay: await fishingIn(slovenia, adventure.id, 1000),
    dearNatureDay: await fishingIn(italy, nature.id, 2500),
    dearSeason: await fishingIn(italy, nature.id, 4000, true),
    cheapSeason: await fishingIn(italy, nature.id, 2000, true),
  };
  // Skiing: one ticket for the winter only, one for all the year.
  const winterOnly = await listing(skiing, 3000, { season: { start: '12-01', end: '03-31' } });
  const allYear = await listing(skiing, 2800);
  await db.transaction((tx) => rebuildSearchIndex(tx));
  return {
    regions: { italy: regions.italy.id, slovenia: regions.slovenia.id },
    porcini,
    chestnuts,
    kayak,
    soca,
    rafting,
    unguidedRafting,
    angling,
    categories,
    fishing,
    skiing: { slug: skiing.slug, winterOnly, allYear },
  };
}

const ids = (cards: { id: number }[]) => cards.map((card) => card.id);

/** Every listing, cheapest first. */
function cheapestFirst() {
  const { natureDay, slovenianDay, dearNatureDay, dearSeason, cheapSeason } = mine.fishing;
  const { winterOnly, allYear } = mine.skiing;
  return ids([
    mine.chestnuts,
    slovenianDay,
    natureDay,
    mine.porcini,
    cheapSeason,
    dearNatureDay,
    allYear,
    winterOnly,
    mine.kayak,
    dearSeason,
    mine.soca,
    mine.unguidedRafting,
    mine.rafting,
  ]);
}

describe('app/v2/search', () => {
  it('finds the porcini permit first, then the walk whose description names porcini', async () => {
    for (const query of ['q=porcini&lng=it', 'q=porcni&lng=it']) {
      const { status, body } = await search(query);
      expect(status).toBe(200);
      expect(body.query_words, query).toEqual(['porcini']);
      expect(body.total).toBe(2);
      expect(
        body.ticket_list.map((card: Card) => [card.id, card.title]),
        query,
      ).toEqual([
        [mine.porcini.id, 'Permesso funghi porcini'],
        [mine.chestnuts.id, 'Chestnut walk'],
      ]);
    }
  });

  it('finds kayak when the visitor types kajak', async () => {
    const { body } = await search('q=kajak&lng=en');
    expect(body.query_words).toEqual(['kayak']);
    expect(body.ticket_list).toEqual([
      expect.objectContaining({
        id: mine.kayak.id,
        title: 'Kayak tour of the lake',
        activity: expect.objectContaining({ slug: 'kayak' }),
      }),
    ]);
  });

  it('ignores accents and stems words in the request language', async () => {
    const accented = await search(`q=${encodeURIComponent('Soča')}&lng=sl`);
    expect(ids(accented.body.ticket_list)).toEqual([mine.soca.id]);
    expect((await search('q=soca&lng=sl')).body.ticket_list).toEqual(accented.body.ticket_list);
    // The Italian title says "funghi": the singular finds it too.
    for (const word of ['funghi', 'fungo']) {
      expect(ids((await search(`q=${word}&lng=it`)).body.ticket_list), word).toEqual([mine.porcini.id]);
    }
  });

  it('answers in the request language', async () => {
    const titles = async (lng: string) =>
      (await search(`q=rafting&lng=${lng}`)).body.ticket_list.map((card: Card) => [card.id, card.title]);
    expect(await titles('it')).toEqual([
      [mine.rafting.id, 'Rafting sul Sesia'],
      [mine.unguidedRafting.id, 'Rafting on the Idrijca'],
    ]);
    expect(await titles('de')).toEqual([
      [mine.rafting.id, 'Rafting auf der Sesia'],
      [mine.unguidedRafting.id, 'Rafting on the Idrijca'],
    ]);
  });

  it('combines filters: category, activity, country, region, service, price and duration', async () => {
    const { natureDay, slovenianDay, dearNatureDay, dearSeason, cheapSeason } = mine.fishing;
    const { nature } = mine.categories;
    const found = async (query: string) => ids((await search(`${query}&lng=en`)).body.ticket_list);
    // In the catalogue's order: by country, area and ticket.
    expect(await found(`activity=${mine.angling.slug}`)).toEqual(
      ids([natureDay, dearNatureDay, dearSeason, cheapSeason, slovenianDay]),
    );
    expect(await found(`activity=${mine.angling.slug}&country=SI`)).toEqual([slovenianDay.id]);
    expect(await found(`activity=${mine.angling.slug}&id_region=${mine.regions.italy}`)).toEqual(
      ids([natureDay, dearNatureDay, dearSeason, cheapSeason]),
    );
    expect(await found(`id_category=${nature.id}&max_price=1500`)).toEqual([natureDay.id]);
    expect(await found('duration_type=SEASONAL&min_price=3000')).toEqual([dearSeason.id]);
    expect(await found('service=guide&activity=rafting')).toEqual([mine.rafting.id]);
    expect(await found('activity=rafting')).toEqual([mine.rafting.id, mine.unguidedRafting.id]);
  });

  it('takes "any" for a place, activity, service, category or ticket type as no filter at all', async () => {
    const anyOf = 'country=any&activity=any&service=any&id_category=any&duration_type=any';
    const everything = await search('q=rafting&lng=en');
    const anyChoice = await search(`q=rafting&${anyOf}&lng=en`);
    expect(anyChoice.status).toBe(200);
    expect(anyChoice.body).toEqual(everything.body);
    expect(ids(anyChoice.body.ticket_list)).toEqual([mine.rafting.id, mine.unguidedRafting.id]);
    const anyPlaceInSlovenia = await search('q=rafting&country=SI&activity=any&lng=en');
    expect(anyPlaceInSlovenia.body.ticket_list).toEqual([
      expect.objectContaining({ id: mine.unguidedRafting.id, country: 'SI' }),
    ]);
    expect((await search('country=anywhere&lng=en')).status).toBe(400);
  });

  it('takes a word alone, every other field left blank as a form sends it, as the whole search', async () => {
    const blanks =
      'country=any&start_date=&end_date=&min_price=&max_price=&id_category=&activity=&service=&duration_type=';
    const alone = await search('q=porcini&lng=it');
    const fromForm = await search(`q=porcini&${blanks}&id_region=&lng=it`);
    expect(fromForm.status).toBe(200);
    expect(fromForm.body).toEqual(alone.body);
    expect(ids(alone.body.ticket_list)).toEqual([mine.porcini.id, mine.chestnuts.id]);
  });

  it('keeps only tickets usable on the chosen day', async () => {
    const { slug, winterOnly, allYear } = mine.skiing;
    const winter = await search(`activity=${slug}&start_date=2027-01-15&end_date=2027-01-20&lng=en`);
    const summer = await search(`activity=${slug}&start_date=2027-07-15&end_date=2027-07-20&lng=en`);
    expect(ids(winter.body.ticket_list)).toEqual([winterOnly.id, allYear.id]);
    expect(ids(summer.body.ticket_list)).toEqual([allYear.id]);
  });

  it('orders by price both ways and pages without overlap', async () => {
    const page = async (order: string, number: number) => {
      const { body } = await search(`order=${order}&lng=en&page=${number}`);
      expect(body).toMatchObject({ page: number, pages: 2, total: 13 });
      return ids(body.ticket_list);
    };
    const ascending = cheapestFirst();
    expect(await page('price_asc', 1)).toEqual(ascending.slice(0, 12));
    expect(await page('price_asc', 2)).toEqual(ascending.slice(12));
    const descending = [...ascending].reverse();
    expect(await page('price_desc', 1)).toEqual(descending.slice(0, 12));
    expect(await page('price_desc', 2)).toEqual(descending.slice(12));
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
    const { nature, adventure } = mine.categories;
    expect(body.category_list).toEqual([
      ...seedCategories.map((category) => ({ id: category.id, name: category.name.de })),
      { id: nature.id, name: `Category ${nature.slug}` },
      { id: adventure.id, name: `Category ${adventure.slug}` },
    ]);
    expect(body.activity_list.map((activity: { slug: string }) => activity.slug)).toEqual([
      ...seedActivityTypes.map((activity) => activity.slug),
      mine.angling.slug,
      mine.skiing.slug,
    ]);
    expect(body.activity_list[0]).toEqual({
      slug: 'mushroom-foraging',
      name: 'Pilze sammeln',
      icon: 'sprout',
    });
    expect(body.service_tag_list).toEqual(
      seedServiceTags.map((tag) => ({ slug: tag.slug, name: tag.name.de })),
    );
    expect(body.country_list).toEqual(
      seedCountries.map((country) => ({ code: country.code, name: country.name.de })),
    );
    expect(body.duration_types).toEqual([...DURATION_TYPES]);
    expect(body.orders).toEqual(['default', 'price_asc', 'price_desc', 'date']);
    // The cheapest and the dearest listing: the chestnut walk and the Sesia rafting.
    expect(body.price_range).toEqual({ min_cents: 900, max_cents: 5500 });
  });
});
