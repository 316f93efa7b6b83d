import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { categories, countries, regions } from '@sentiero/db/schema';
import { asc, eq } from 'drizzle-orm';

export function findCategories(db: Db, language: Language) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: localized(categories.name, language) })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export function findCountries(db: Db, language: Language) {
  return db
    .select({ code: countries.code, name: localized(countries.name, language) })
    .from(countries)
    .orderBy(asc(countries.sortOrder));
}

export function findRegions(db: Db, language: Language, country: CountryCode | undefined) {
  return db
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
    .where(country ? eq(regions.countryCode, country) : undefined)
    .orderBy(asc(countries.sortOrder), asc(regions.id));
}
