import { activityTypes, serviceTags, ticketServiceTags } from '@sentiero/db/schema';
import { rebuildSearchIndex } from '@sentiero/db/search-index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivityType, createRegion } from '../../test/catalogue-factories.ts';
import { createArea, createTicket, inEveryLanguage } from '../../test/factories.ts';
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

/** SPEC section 2 fixes the category ids. */
const ADVENTURE = 16;
const LIVING_NATURE = 18;

/** The listings the word searches and filters below must find, written before the index is built. */
let mine: Awaited<ReturnType<typeof writeListings>>;

/** The id of an activity of the vocabulary every database holds (reference data, not catalogue). */
async function activityId(slug: string) {
  const [row] = await sut.database.db.select().from(activityTypes).where(eq(activityTypes.slug, slug));
  if (!row) throw new Error(`no activity ${slug}`);
  return row.id;
}

async function writeListings() {
  const { db } = sut.database;
  // Regions of their own: a word search in one of them finds these listings and no seeded one.
  const regions = {
    italy: await createRegion(db, { countryCode: 'IT' }),
    slovenia: await createRegion(db, { countryCode: 'SI' }),
  };
  const italy = await createArea(db, { regionId: regions.italy.id });
  const slovenia = await createArea(db, { regionId: regions.slovenia.id });
  const at = { areaId: italy.id };
  const porcini = await createTicket(db, {
    ...at,
    activityTypeId: await activityId('mushroom-foraging'),
    title: {
      it: 'Permesso funghi porcini',
      en: 'Porcini mushroom permit',
      es: 'Permiso de setas porcini',
      de: 'Steinpilz-Erlaubnis porcini',
      sl: 'Dovolilnica za jurčke porcini',
    },
  });
  const kayak = await createTicket(db, {
    ...at,
    activityTypeId: await activityId('kayak'),
    title: inEveryLanguage('Kayak tour of the lake'),
  });
  const soca = await createTicket(db, {
    ...at,
    activityTypeId: await activityId('canyoning'),
    title: inEveryLanguage('Soča canyon walk'),
  });
  const rafting = await createTicket(db, {
    ...at,
    activityTypeId: await activityId('rafting'),
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
  const unguidedRafting = await createTicket(db, {
    areaId: slovenia.id,
    activityTypeId: rafting.row.activityTypeId,
    title: inEveryLanguage('Rafting on the Idrijca'),
  });
  // An activity of this test's own, so its filters count these five listings and no others.
  const angling = await createActivityType(db);
  const fishing = { activityTypeId: angling.id };
  const fishingIn = async (
    area: { id: number },
    categoryId: number,
    priceCents: number,
    durationType: 'DAILY' | 'SEASONAL' = 'DAILY',
  ) => createTicket(db, { ...fishing, areaId: area.id, categoryId, priceCents, durationType });
  const fishingTickets = {
    natureDay: await fishingIn(italy, LIVING_NATURE, 1200),
    slovenianDay: await fishingIn(slovenia, ADVENTURE, 1000),
    dearNatureDay: await fishingIn(italy, LIVING_NATURE, 2500),
    dearSeason: await fishingIn(italy, LIVING_NATURE, 4000, 'SEASONAL'),
    cheapSeason: await fishingIn(italy, LIVING_NATURE, 2000, 'SEASONAL'),
  };
  // Skiing, of an activity of its own: one ticket for the winter only, one for all the year.
  const skiing = await createActivityType(db);
  const winterOnly = await createTicket(db, {
    areaId: italy.id,
    activityTypeId: skiing.id,
    season: { start: '12-01', end: '03-31' },
  });
  const allYear = await createTicket(db, { areaId: italy.id, activityTypeId: skiing.id });
  await db.transaction((tx) => rebuildSearchIndex(tx));
  return {
    regions: { italy: regions.italy.id, slovenia: regions.slovenia.id },
    porcini,
    kayak,
    soca,
    rafting,
    unguidedRafting,
    angling: angling.slug,
    fishing: fishingTickets,
    skiing: { slug: skiing.slug, winterOnly, allYear },
  };
}

const ids = (cards: Card[]) => cards.map((card) => card.id);

describe('app/v2/search', () => {
  beforeAll(async () => {
    mine = await writeListings();
  });

  /** A search among this test's listings in Italy only. */
  const inItaly = (query: string) => search(`${query}&id_region=${mine.regions.italy}`);

  it('finds porcini permits when the visitor types porcni', async () => {
    const { status, body } = await search('q=porcni&lng=it');
    expect(status).toBe(200);
    expect(body.query_words).toEqual(['porcini']);
    expect(body.ticket_list.every((card: Card) => card.activity.slug === 'mushroom-foraging')).toBe(true);
    const here = await inItaly('q=porcni&lng=it');
    expect(here.body.query_words).toEqual(['porcini']);
    expect(here.body.ticket_list).toEqual([
      expect.objectContaining({ id: mine.porcini.id, title: 'Permesso funghi porcini' }),
    ]);
  });

  it('finds kayak when the visitor types kajak', async () => {
    const { body } = await search('q=kajak&lng=en');
    expect(body.query_words).toEqual(['kayak']);
    expect(body.ticket_list.some((card: Card) => card.activity.slug === 'kayak')).toBe(true);
    const here = await inItaly('q=kajak&lng=en');
    expect(here.body.ticket_list).toEqual([
      expect.objectContaining({
        id: mine.kayak.id,
        title: 'Kayak tour of the lake',
        activity: expect.objectContaining({ slug: 'kayak' }),
      }),
    ]);
  });

  it('ignores accents and stems words in the request language', async () => {
    const accented = await search(`q=${encodeURIComponent('Soča')}&lng=sl`);
    const plain = await search('q=soca&lng=sl');
    expect(accented.body.ticket_list).toEqual(plain.body.ticket_list);
    const accentedHere = await inItaly(`q=${encodeURIComponent('Soča')}&lng=sl`);
    const plainHere = await inItaly('q=soca&lng=sl');
    expect(ids(accentedHere.body.ticket_list)).toEqual([mine.soca.id]);
    expect(plainHere.body.ticket_list).toEqual(accentedHere.body.ticket_list);
    // The Italian title says "funghi": the singular finds it too.
    for (const word of ['funghi', 'fungo']) {
      expect(ids((await inItaly(`q=${word}&lng=it`)).body.ticket_list), word).toEqual([mine.porcini.id]);
    }
  });

  it('answers in the request language', async () => {
    const italian = await search('q=rafting&lng=it');
    const german = await search('q=rafting&lng=de');
    expect(italian.body.total).toBe(german.body.total);
    expect((await inItaly('q=rafting&lng=it')).body.ticket_list).toEqual([
      expect.objectContaining({ id: mine.rafting.id, title: 'Rafting sul Sesia' }),
    ]);
    expect((await inItaly('q=rafting&lng=de')).body.ticket_list).toEqual([
      expect.objectContaining({ id: mine.rafting.id, title: 'Rafting auf der Sesia' }),
    ]);
  });

  it('combines filters: category, activity, country, service, price and duration', async () => {
    const { natureDay, slovenianDay, dearNatureDay, dearSeason, cheapSeason } = mine.fishing;
    const fishing = await search(`activity=${mine.angling}&lng=en`);
    expect(fishing.body.total).toBe(5);
    const italianFishing = await search(`activity=${mine.angling}&country=IT&lng=en`);
    expect(ids(italianFishing.body.ticket_list).sort()).toEqual(
      [natureDay.id, dearNatureDay.id, dearSeason.id, cheapSeason.id].sort(),
    );
    expect(italianFishing.body.ticket_list.every((card: Card) => card.country === 'IT')).toBe(true);
    expect(ids(italianFishing.body.ticket_list)).not.toContain(slovenianDay.id);

    const cheapNature = await search(`id_category=${LIVING_NATURE}&max_price=1500&lng=en`);
    expect(
      cheapNature.body.ticket_list.every(
        (card: Card) => card.category_id === LIVING_NATURE && price(card) <= 1500,
      ),
    ).toBe(true);
    const cheapNatureFishing = await search(
      `activity=${mine.angling}&id_category=${LIVING_NATURE}&max_price=1500&lng=en`,
    );
    expect(ids(cheapNatureFishing.body.ticket_list)).toEqual([natureDay.id]);

    const seasonal = await search('duration_type=SEASONAL&min_price=3000&lng=en');
    expect(
      seasonal.body.ticket_list.every(
        (card: Card) => card.duration_type === 'SEASONAL' && price(card) >= 3000,
      ),
    ).toBe(true);
    const dearSeasonal = await search(
      `activity=${mine.angling}&duration_type=SEASONAL&min_price=3000&lng=en`,
    );
    expect(ids(dearSeasonal.body.ticket_list)).toEqual([dearSeason.id]);

    const guided = await search('service=guide&activity=rafting&lng=en');
    expect(ids(guided.body.ticket_list)).toContain(mine.rafting.id);
    expect(ids(guided.body.ticket_list)).not.toContain(mine.unguidedRafting.id);
  });

  it('takes "any" for a place, activity, service, category or ticket type as no filter at all', async () => {
    const anyOf = 'country=any&activity=any&service=any&id_category=any&duration_type=any';
    const everything = await search('q=rafting&lng=en');
    const anyChoice = await search(`q=rafting&${anyOf}&lng=en`);
    expect(anyChoice.status).toBe(200);
    expect(anyChoice.body).toEqual(everything.body);
    expect(ids((await inItaly(`q=rafting&${anyOf}&lng=en`)).body.ticket_list)).toEqual([mine.rafting.id]);
    const anyPlaceInSlovenia = await search('q=rafting&country=SI&activity=any&lng=en');
    expect(anyPlaceInSlovenia.body.ticket_list.every((card: Card) => card.country === 'SI')).toBe(true);
    const ourSlovenianRegion = await search(
      `q=rafting&country=SI&activity=any&id_region=${mine.regions.slovenia}&lng=en`,
    );
    expect(ourSlovenianRegion.body.ticket_list).toEqual([
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
    const aloneHere = await inItaly('q=porcini&lng=it');
    expect(ids(aloneHere.body.ticket_list)).toEqual([mine.porcini.id]);
    expect((await inItaly(`q=porcini&${blanks}&lng=it`)).body).toEqual(aloneHere.body);
  });

  it('keeps only tickets usable on the chosen day', async () => {
    const { slug, winterOnly, allYear } = mine.skiing;
    const winter = await search(`activity=${slug}&start_date=2027-01-15&end_date=2027-01-20&lng=en`);
    const summer = await search(`activity=${slug}&start_date=2027-07-15&end_date=2027-07-20&lng=en`);
    expect(ids(winter.body.ticket_list).sort()).toEqual([winterOnly.id, allYear.id].sort());
    expect(ids(summer.body.ticket_list)).toEqual([allYear.id]);
  });

  it('orders by price both ways and pages without overlap', async () => {
    const ascending = (await search('order=price_asc&lng=en')).body.ticket_list.map(price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await search('order=price_desc&lng=en')).body.ticket_list.map(price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const { natureDay, slovenianDay, dearNatureDay, dearSeason, cheapSeason } = mine.fishing;
    const cheapestFirst = [slovenianDay, natureDay, cheapSeason, dearNatureDay, dearSeason].map(
      (ticket) => ticket.id,
    );
    const fishing = (order: string) => search(`activity=${mine.angling}&order=${order}&lng=en`);
    expect(ids((await fishing('price_asc')).body.ticket_list)).toEqual(cheapestFirst);
    expect(ids((await fishing('price_desc')).body.ticket_list)).toEqual([...cheapestFirst].reverse());
    const first = (await search('order=price_asc&lng=en&page=1')).body.ticket_list.map(
      (card: Card) => card.id,
    );
    const second = (await search('order=price_asc&lng=en&page=2')).body.ticket_list.map(
      (card: Card) => card.id,
    );
    expect(second.length).toBeGreaterThan(0);
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
