import { areaActivationRequests, areaPhotos, ticketFacets, tickets } from '@sentiero/db/schema';
import { rebuildSearchIndex } from '@sentiero/db/search-index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  createActivityType,
  createCategory,
  createCity,
  createRegion,
} from '../../test/catalogue-factories.ts';
import { createArea, createTicket } from '../../test/factories.ts';

let sut: TestApp;
// No demo catalogue: each test writes the regions, areas, towns and tickets it lists.
beforeAll(async () => {
  sut = await createTestApp({}, { seed: 'reference' });
});
afterAll(() => sut.close());

type Area = {
  id: number;
  slug: string;
  name: string;
  country: string;
  available: boolean;
  ticket_count: number;
  min_price_cents: number | null;
  region: { id: number };
};

async function get(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

const ids = (areas: Area[]) => areas.map((area) => area.id);

describe('app/v2/area/list', () => {
  it('lists the areas of each country with their tickets counted and their lowest price', async () => {
    const { db } = sut.database;
    for (const [country, prices] of [
      ['IT', [1500]],
      ['CH', [4000, 2500]],
      ['ES', [900, 1200, 3000]],
      ['SI', []],
    ] as const) {
      const region = await createRegion(db, { countryCode: country });
      const area = await createArea(db, { regionId: region.id });
      for (const priceCents of prices) await createTicket(db, { areaId: area.id, priceCents });
      const { status, body } = await get(
        `/api/app/v2/area/list?country=${country}&id_region=${region.id}&lng=en`,
      );
      expect(status).toBe(200);
      expect(body.total).toBe(1);
      expect(body.area_list).toEqual([
        expect.objectContaining({
          id: area.id,
          country,
          available: true,
          ticket_count: prices.length,
          min_price_cents: prices.length ? Math.min(...prices) : null,
        }),
      ]);
    }
  });

  it('names an area in each language', async () => {
    const region = await createRegion(sut.database.db);
    await createArea(sut.database.db, {
      regionId: region.id,
      name: { it: 'Val Taro', en: 'Taro valley', es: 'Valle del Taro', de: 'Tarotal', sl: 'Dolina Taro' },
    });
    const names = await Promise.all(
      ['it', 'en', 'de'].map(async (lng) => {
        const { body } = await get(`/api/app/v2/area/list?id_region=${region.id}&lng=${lng}`);
        return body.area_list.map((area: Area) => area.name);
      }),
    );
    expect(names).toEqual([['Val Taro'], ['Taro valley'], ['Tarotal']]);
  });

  it('filters by country, region, category and activity, and combines them', async () => {
    const { db } = sut.database;
    // An activity of this test's own, in one area of each country: the filters count these only.
    const angling = await createActivityType(db);
    const [nature, adventure] = [await createCategory(db), await createCategory(db)];
    const italy = await createArea(db, { regionId: (await createRegion(db, { countryCode: 'IT' })).id });
    const slovenia = await createArea(db, { regionId: (await createRegion(db, { countryCode: 'SI' })).id });
    await createTicket(db, { areaId: italy.id, activityTypeId: angling.id, categoryId: nature.id });
    await createTicket(db, { areaId: slovenia.id, activityTypeId: angling.id, categoryId: adventure.id });
    const listed = async (query: string) =>
      ids((await get(`/api/app/v2/area/list?${query}&lng=en`)).body.area_list as Area[]);

    // Italy's areas first, as the countries are ordered.
    expect(await listed(`activity=${angling.slug}`)).toEqual([italy.id, slovenia.id]);
    expect(await listed(`activity=${angling.slug}&country=si`)).toEqual([slovenia.id]);
    expect(await listed(`activity=${angling.slug}&id_category=${adventure.id}`)).toEqual([slovenia.id]);
    expect(await listed(`activity=${angling.slug}&id_category=${nature.id}&country=SI`)).toEqual([]);
    expect(await listed(`id_region=${slovenia.regionId}`)).toEqual([slovenia.id]);
    expect(await listed(`id_region=${slovenia.regionId}&country=IT`)).toEqual([]);
  });

  it('keeps each area card’s listings and lowest price current as tickets are added, changed and withdrawn', async () => {
    const { db } = sut.database;
    const area = await createArea(db);
    const card = async () => (await get(`/api/app/v2/area/info?id=${area.id}&lng=en`)).body.area as Area;
    expect(await card()).toMatchObject({ ticket_count: 0, min_price_cents: null });

    const cheap = await createTicket(db, { areaId: area.id, priceCents: 900 });
    await createTicket(db, { areaId: area.id, priceCents: 2500, discountedPriceCents: 2000 });
    expect(await card()).toMatchObject({ ticket_count: 2, min_price_cents: 900 });

    // A price change reaches the listings through their facet rows, as the catalogue rebuild writes them.
    await db.update(ticketFacets).set({ priceCents: 3000 }).where(eq(ticketFacets.ticketId, cheap.id));
    expect(await card()).toMatchObject({ ticket_count: 2, min_price_cents: 2000 });

    // Popularity changes every few minutes and leaves the figures alone.
    await db.update(ticketFacets).set({ popularity: 99 }).where(eq(ticketFacets.areaId, area.id));
    expect(await card()).toMatchObject({ ticket_count: 2, min_price_cents: 2000 });

    await db.delete(ticketFacets).where(eq(ticketFacets.ticketId, cheap.id));
    expect(await card()).toMatchObject({ ticket_count: 1, min_price_cents: 2000 });

    // The rebuild writes every listing again from the tickets: the withdrawn one comes back, and
    // every area's figures equal a count of its active tickets.
    await db.transaction((tx) => rebuildSearchIndex(tx));
    expect(await card()).toMatchObject({ ticket_count: 2, min_price_cents: 900 });
    await db.update(tickets).set({ status: 'unpublished' }).where(eq(tickets.areaId, area.id));
    await db.transaction((tx) => rebuildSearchIndex(tx));
    expect(await card()).toMatchObject({ ticket_count: 0, min_price_cents: null });
    const { body } = await get('/api/app/v2/area/list?lng=en&page=1');
    const counted = await db
      .select({ areaId: tickets.areaId })
      .from(tickets)
      .where(eq(tickets.status, 'published'));
    for (const listed of body.area_list as Area[]) {
      expect(listed.ticket_count).toBe(counted.filter((row) => row.areaId === listed.id).length);
    }
  });

  it('shows an area that is not on sale yet as not available', async () => {
    const region = await createRegion(sut.database.db, { countryCode: 'SI' });
    const closed = await createArea(sut.database.db, { regionId: region.id, available: false });
    const { body } = await get(`/api/app/v2/area/list?country=SI&id_region=${region.id}&lng=en`);
    expect(body.area_list).toEqual([
      expect.objectContaining({ id: closed.id, available: false, ticket_count: 0 }),
    ]);
  });

  it('refuses an unknown country', async () => {
    const { status, body } = await get('/api/app/v2/area/list?country=XX&lng=en');
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('country');
  });
});

describe('app/v2/area/info', () => {
  it('describes an area with its activities, limits and rules file', async () => {
    const { db } = sut.database;
    const taro = await createArea(db, {
      timeZone: 'Europe/Rome',
      limits: {
        it: 'Al massimo 3 kg di funghi a persona al giorno.',
        en: 'At most 3 kg of mushrooms a person a day.',
        es: 'Como máximo 3 kg de setas por persona y día.',
        de: 'Höchstens 3 kg Pilze pro Person und Tag.',
        sl: 'Največ 3 kg gob na osebo na dan.',
      },
    });
    const foraging = await createActivityType(db);
    await createTicket(db, { areaId: taro.id, activityTypeId: foraging.id });
    const { status, body } = await get(`/api/app/v2/area/info?id=${taro.id}&lng=it`);
    expect(status).toBe(200);
    expect(body.area.time_zone).toBe('Europe/Rome');
    expect(body.area.activities.map((activity: { slug: string }) => activity.slug)).toEqual([foraging.slug]);
    expect(body.area.limits).toBe('Al massimo 3 kg di funghi a persona al giorno.');
    const rules = await sut.app.inject({ method: 'GET', url: body.area.downloads.area_rules });
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toContain(body.area.name);
  });

  it('shows the area photos in order, with alternative text in the language asked for', async () => {
    const soca = await createArea(sut.database.db);
    const alt = {
      it: 'Il fiume Isonzo',
      en: 'The Soča river',
      es: 'El río Soča',
      de: 'Die Soča',
      sl: 'Reka Soča',
    };
    await sut.database.db.insert(areaPhotos).values([
      {
        areaId: soca.id,
        url: '/images/soca-2.jpg',
        width: 1600,
        height: 900,
        alt,
        credit: 'Sentiero',
        sortOrder: 2,
      },
      {
        areaId: soca.id,
        url: '/images/soca-1.jpg',
        width: 1600,
        height: 1067,
        alt,
        credit: 'Sentiero',
        sortOrder: 1,
      },
    ]);
    const { body } = await get(`/api/app/v2/area/info?id=${soca.id}&lng=sl`);
    expect(body.area.photos.map((photo: { url: string }) => photo.url)).toEqual([
      '/images/soca-1.jpg',
      '/images/soca-2.jpg',
    ]);
    expect(body.area.photos[0]).toMatchObject({ alt: 'Reka Soča', width: 1600, height: 1067 });
  });

  it('answers an unknown area with a 404', async () => {
    expect((await get('/api/app/v2/area/info?id=424242&lng=en')).status).toBe(404);
    expect((await get('/api/app/area/rules?id=424242&lng=en')).status).toBe(404);
  });
});

describe('api/city/list and app/get/city', () => {
  it('lists the towns and finds one by part of its name', async () => {
    const { db } = sut.database;
    const region = await createRegion(db, { countryCode: 'SI' });
    const town = (slug: string, name: string) =>
      createCity(db, {
        regionId: region.id,
        slug,
        name: { it: name, en: name, es: name, de: name, sl: name },
      });
    const bovec = await town('bovec', 'Bovec');
    await town('bohinj', 'Bohinj');
    await town('kobarid', 'Kobarid');
    const slugs = async (query: string) =>
      (await get(`/api/api/city/list?${query}lng=sl`)).body.city_list.map(
        (city: { slug: string }) => city.slug,
      );
    // By name, as a Slovenian reader sorts them.
    expect(await slugs('')).toEqual(['bohinj', 'bovec', 'kobarid']);
    expect(await slugs(`id_region=${region.id}&`)).toEqual(['bohinj', 'bovec', 'kobarid']);
    expect(await slugs('q=bo&')).toEqual(['bohinj', 'bovec']);
    expect(await slugs('q=bov&')).toEqual(['bovec']);
    const one = await get(`/api/app/get/city?id=${bovec.id}&lng=sl`);
    expect(one.body.city).toMatchObject({ id: bovec.id, slug: 'bovec', name: 'Bovec' });
    expect((await get('/api/app/get/city?id=987654&lng=sl')).status).toBe(404);
  });
});

describe('app/area/activation/request', () => {
  /** An area that is not on sale yet, as Kočevsko was before its season. */
  async function kocevsko(): Promise<Area> {
    const area = await createArea(sut.database.db, { available: false });
    return (await get(`/api/app/v2/area/info?id=${area.id}&lng=en`)).body.area as Area;
  }

  const ask = (payload: Record<string, unknown>, origin = 'http://localhost') =>
    sut.app.inject({ method: 'POST', url: '/api/app/area/activation/request', headers: { origin }, payload });

  it('records a request to hear when an area opens, once per address', async () => {
    const area = await kocevsko();
    expect(area.available).toBe(false);
    const first = await ask({ id: area.id, email: ' Ana.Novak@Example.si ', lng: 'sl' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ requested: true });
    expect((await ask({ id: area.id, email: 'ana.novak@example.si' })).statusCode).toBe(200);
    const rows = await sut.database.db
      .select({ email: areaActivationRequests.email, language: areaActivationRequests.language })
      .from(areaActivationRequests)
      .where(eq(areaActivationRequests.areaId, area.id));
    expect(rows).toEqual([{ email: 'ana.novak@example.si', language: 'sl' }]);
  });

  it('refuses an address that is not an email, naming the field', async () => {
    const area = await kocevsko();
    const response = await ask({ id: area.id, email: 'ana at example', lng: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'This value is not valid' });
    const missing = await ask({ id: area.id, lng: 'en' });
    expect(missing.json().fields).toEqual({ email: 'This field is mandatory' });
  });

  it('refuses a request sent from another site', async () => {
    const area = await kocevsko();
    const response = await ask(
      { id: area.id, email: 'ana@example.si', lng: 'en' },
      'https://elsewhere.example',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN_ORIGIN',
      message: 'This request was refused because it did not come from this site',
    });
  });

  it('answers an unknown area with a 404', async () => {
    expect((await ask({ id: 424242, email: 'ana@example.si' })).statusCode).toBe(404);
  });

  it('slows down a visitor who asks too often', async () => {
    const area = await kocevsko();
    const statuses = [];
    let refusal: unknown;
    // Counted before the body is read: the refusal speaks the URL's language, as the web app sends it.
    // From an address of its own, so the other tests' requests are not in its count.
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/app/area/activation/request?lng=en',
        remoteAddress: '192.0.2.7',
        headers: { origin: 'http://localhost' },
        payload: { id: area.id, email: `hiker${attempt}@example.si` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refusal ??= response.json();
    }
    // Ten a minute.
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(refusal).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please wait a moment and try again',
    });
  });
});
