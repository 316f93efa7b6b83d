import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { preparedOnce } from '@sentiero/db/prepared';
import { categories, countries, regions } from '@sentiero/db/schema';
import { asc, eq, sql } from 'drizzle-orm';

// The catalogue's lists are read on most pages: each statement is prepared once per language.

export function findCategories(db: Db, language: Language) {
  return preparedOnce(db, `categories_${language}`, (name) =>
    db
      .select({ id: categories.id, slug: categories.slug, name: localized(categories.name, language) })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id))
      .prepare(name),
  ).execute();
}

export function findCountries(db: Db, language: Language) {
  return preparedOnce(db, `countries_${language}`, (name) =>
    db
      .select({ code: countries.code, name: localized(countries.name, language) })
      .from(countries)
      .orderBy(asc(countries.sortOrder))
      .prepare(name),
  ).execute();
}

export function findRegions(db: Db, language: Language, country: CountryCode | undefined) {
  return preparedOnce(db, `regions_${language}_${country ? 'country' : 'all'}`, (name) =>
    db
      .select({
        id: regions.id,
        slug: regions.slug,
        name: localized(regions.name, language),
        country: regions.countryCode,
        latitude: regions.latitude,
        longitude: regions.longitude,
      })
      .from(regions)
      .innerJoin(countries, eq(countries.code, regions.countryCode))
      .where(country ? eq(regions.countryCode, sql.placeholder('country')) : undefined)
      .orderBy(asc(countries.sortOrder), asc(regions.id))
      .prepare(name),
  ).execute({ country });
}
