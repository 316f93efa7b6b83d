import { readFileSync } from 'node:fs';
import { DURATION_TYPES } from '@sentiero/contract/durations';
import { LANGUAGES } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { seedBlogPosts } from './blog.ts';
import { seedAreas, seedTickets } from './catalogue.ts';
import { seedCities } from './cities.ts';
import { seedOperators } from './operators.ts';
import { seedRegions } from './regions.ts';
import { seedActivityTypes, seedServiceTags } from './vocabulary.ts';

/** Every LocalizedText found anywhere in a value, with where it was found. */
function localizedTexts(
  value: unknown,
  path: string,
  found: { path: string; text: Record<string, unknown> }[] = [],
) {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) localizedTexts(item, `${path}[${index}]`, found);
  } else if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.includes('it') && keys.includes('en'))
      found.push({ path, text: value as Record<string, unknown> });
    else for (const [key, inner] of Object.entries(value)) localizedTexts(inner, `${path}.${key}`, found);
  }
  return found;
}

const unique = (values: string[]) => new Set(values).size === values.length;

describe('catalogue seed data', () => {
  it('has every text in all five languages', () => {
    const texts = localizedTexts(
      {
        seedAreas,
        seedTickets,
        seedCities,
        seedBlogPosts,
        seedActivityTypes,
        seedServiceTags,
      },
      'seed',
    );
    const missing = texts.filter(({ text }) =>
      LANGUAGES.some(
        (language) => typeof text[language] !== 'string' || (text[language] as string).trim() === '',
      ),
    );
    expect(missing.map((entry) => entry.path)).toEqual([]);
  });

  it('has at least 24 areas in the four countries and 80 tickets', () => {
    expect(seedAreas.length).toBeGreaterThanOrEqual(24);
    expect(seedTickets.length).toBeGreaterThanOrEqual(80);
    const countryOf = new Map(seedRegions.map((region) => [region.slug, region.country]));
    expect(new Set(seedAreas.map((area) => countryOf.get(area.region)))).toEqual(
      new Set(['IT', 'CH', 'ES', 'SI']),
    );
  });

  it('uses unique slugs that point at existing rows', () => {
    expect(unique(seedAreas.map((area) => area.slug))).toBe(true);
    expect(unique(seedTickets.map((ticket) => ticket.slug))).toBe(true);
    expect(unique(seedCities.map((city) => city.slug))).toBe(true);
    expect(unique(seedBlogPosts.map((post) => post.sku))).toBe(true);
    const regions = new Set(seedRegions.map((region) => region.slug));
    const cities = new Set(seedCities.map((city) => city.slug));
    const areas = new Set(seedAreas.map((area) => area.slug));
    const activities = new Set(seedActivityTypes.map((activity) => activity.slug));
    const services = new Set(seedServiceTags.map((tag) => tag.slug));
    const broken = [
      ...seedCities.filter((city) => !regions.has(city.region)).map((city) => `city ${city.slug}`),
      ...seedAreas
        .filter((area) => !regions.has(area.region) || !cities.has(area.city))
        .map((area) => `area ${area.slug}`),
      ...seedTickets
        .filter(
          (ticket) =>
            !areas.has(ticket.area) ||
            !activities.has(ticket.activity) ||
            ticket.services.some((service) => !services.has(service)),
        )
        .map((ticket) => `ticket ${ticket.slug}`),
      ...seedBlogPosts
        .filter(
          (post) => (post.area && !areas.has(post.area)) || (post.activity && !activities.has(post.activity)),
        )
        .map((post) => `post ${post.sku}`),
    ];
    expect(broken).toEqual([]);
  });

  it('covers every duration type and every activity SPEC names', () => {
    expect(new Set(seedTickets.map((ticket) => ticket.durationType))).toEqual(new Set(DURATION_TYPES));
    const sold = new Set(seedTickets.map((ticket) => ticket.activity));
    for (const activity of [
      'mushroom-foraging',
      'fishing',
      'cross-country-skiing',
      'trekking',
      'kayak',
      'canoe',
      'boat',
      'rafting',
      'windsurf',
      'parachuting',
      'canyoning',
      'whale-watching',
      'snowshoeing',
    ]) {
      expect(sold, activity).toContain(activity);
    }
  });

  it('has tickets whose figures make sense', () => {
    const wrong = seedTickets.filter(
      (ticket) =>
        ticket.priceCents <= 0 ||
        (ticket.discountedPriceCents !== undefined && ticket.discountedPriceCents >= ticket.priceCents) ||
        ticket.openDays.length === 0 ||
        ticket.openDays.some((day) => day < 1 || day > 7) ||
        (ticket.durationType === 'SEASONAL' && !ticket.season) ||
        (ticket.season &&
          ![ticket.season.start, ticket.season.end].every((day) => /^\d{2}-\d{2}$/.test(day))) ||
        (ticket.saleFrom && ticket.saleUntil && ticket.saleFrom > ticket.saleUntil),
    );
    expect(wrong.map((ticket) => ticket.slug)).toEqual([]);
  });

  it('puts each area inside its own bounds', () => {
    const outside = seedAreas.filter(({ latitude, longitude, bounds: [[south, west], [north, east]] }) => {
      return !(
        south < north &&
        west < east &&
        south <= latitude &&
        latitude <= north &&
        west <= longitude &&
        longitude <= east
      );
    });
    expect(outside.map((area) => area.slug)).toEqual([]);
  });

  it('gives a numeric daily limit to exactly the areas whose limits state kilograms of mushrooms a day', () => {
    for (const area of seedAreas) {
      const stated = area.limits?.en.match(/^(\d+(?:\.\d+)?) kg of mushrooms per person per day/);
      expect(area.dailyLimitG, area.slug).toBe(stated ? Number(stated[1]) * 1000 : undefined);
    }
  });

  it('gives every seeded area to exactly one operator, as migration 0020 does', () => {
    const owners = seedAreas.map((area) => ({
      area: area.slug,
      operators: seedOperators.filter((operator) => operator.areas.includes(area.slug)).length,
    }));
    expect(owners.filter((owner) => owner.operators !== 1)).toEqual([]);
    const owned = seedOperators.flatMap((operator) => operator.areas);
    expect(owned.filter((slug) => !seedAreas.some((area) => area.slug === slug))).toEqual([]);
    const migration = readFileSync(
      new URL('../../migrations/0025_staff_and_audit_log.sql', import.meta.url),
      'utf8',
    );
    for (const operator of seedOperators) {
      expect(migration, operator.slug).toContain(`'${operator.slug}'`);
      for (const area of operator.areas) expect(migration).toContain(`('${area}', '${operator.slug}')`);
    }
  });
});
