import type { CountryCode } from '@sentiero/contract/common';
import type { ServiceContext } from '../../platform/context.ts';
import { collatorFor } from '../../platform/i18n.ts';
import { findCategories, findCountries, findRegions } from './repo.ts';

export function listCategories(ctx: ServiceContext) {
  return findCategories(ctx.db, ctx.lang);
}

/** Countries in the catalogue's own order (Italy first), named in the request's language. */
export function listCountries(ctx: ServiceContext) {
  return findCountries(ctx.db, ctx.lang);
}

/** Regions come grouped by country and sorted by name as a reader of that language expects. */
export async function listRegions(ctx: ServiceContext, country: CountryCode | undefined) {
  const [regionRows, countryRows] = await Promise.all([
    findRegions(ctx.db, ctx.lang, country),
    findCountries(ctx.db, ctx.lang),
  ]);
  const countryOrder = new Map(countryRows.map((row, index) => [row.code, index]));
  const collator = collatorFor(ctx.lang);
  const regionList = regionRows
    .map((row) => ({ ...row, country: row.country as CountryCode }))
    .sort(
      (a, b) =>
        (countryOrder.get(a.country) ?? 0) - (countryOrder.get(b.country) ?? 0) ||
        collator.compare(a.name, b.name),
    );
  return {
    region_list: regionList,
    country_list: countryRows.map((row) => ({ code: row.code as CountryCode, name: row.name })),
  };
}
