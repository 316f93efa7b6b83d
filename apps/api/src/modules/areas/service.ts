import { AREAS_PAGE_SIZE, type AreaCard, type AreaInfo } from '@sentiero/contract/areas';
import type { CataloguePhoto } from '@sentiero/contract/catalogue-photos';
import type { CountryCode } from '@sentiero/contract/common';
import type { ForagingArea } from '@sentiero/contract/finds';
import { pageCount } from '@sentiero/contract/paging';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { collatorFor } from '../../platform/i18n.ts';
import { findCardPhotos, listCataloguePhotos } from '../catalogue-photos/index.ts';
import {
  type AreaCardRow,
  type AreaFilter,
  type CityRow,
  findAreaActivities,
  findAreaCards,
  findAreaExists,
  findAreaInfo,
  findAreaPhotos,
  findAreaRules,
  findCities,
  findCity,
  findForagingAreas,
  insertActivationRequest,
} from './repo.ts';

function toAreaCard(row: AreaCardRow, photo: CataloguePhoto | undefined): AreaCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    region: { id: row.regionId, name: row.regionName },
    country: row.country as CountryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    bounds: row.bounds,
    available: row.available,
    ticket_count: row.ticketCount,
    min_price_cents: row.minPriceCents,
    photo: photo ?? null,
  };
}

export async function listAreas(ctx: ServiceContext, filter: AreaFilter, page: number) {
  const { rows, total } = await findAreaCards(
    ctx.db,
    ctx.lang,
    filter,
    AREAS_PAGE_SIZE,
    (page - 1) * AREAS_PAGE_SIZE,
  );
  const photos = await findCardPhotos(
    ctx,
    'area',
    rows.map((row) => row.id),
  );
  const area_list = rows.map((row) => toAreaCard(row, photos.get(row.id)));
  return { area_list, page, pages: pageCount(total, AREAS_PAGE_SIZE), total };
}

export async function requireAreaInfo(ctx: ServiceContext, id: number): Promise<AreaInfo> {
  const row = await findAreaInfo(ctx.db, ctx.lang, id);
  if (!row) throw notFound();
  const [activities, photos, operatorPhotos] = await Promise.all([
    findAreaActivities(ctx.db, ctx.lang, id),
    findAreaPhotos(ctx.db, ctx.lang, id),
    listCataloguePhotos(ctx, { areaId: id }),
  ]);
  return {
    ...toAreaCard(row, operatorPhotos[0]),
    description: row.description,
    city: row.cityId === null || row.cityName === null ? null : { id: row.cityId, name: row.cityName },
    time_zone: row.timeZone,
    limits: row.limits,
    activities: activities.map(({ slug, name, icon }) => ({ slug, name, icon })),
    photos,
    downloads: { area_rules: `/api/app/area/rules?id=${row.id}&lng=${ctx.lang}` },
    photo_list: operatorPhotos,
  };
}

export async function requireAreaRules(ctx: ServiceContext, id: number) {
  const rules = await findAreaRules(ctx.db, ctx.lang, id);
  if (!rules) throw notFound();
  return rules;
}

function toCity(row: CityRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    region: { id: row.regionId, name: row.regionName },
    country: row.country as CountryCode,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export async function listCities(
  ctx: ServiceContext,
  filter: { regionId?: number | undefined; name?: string | undefined },
) {
  const rows = await findCities(ctx.db, ctx.lang, filter);
  const collator = collatorFor(ctx.lang);
  return { city_list: rows.map(toCity).sort((a, b) => collator.compare(a.name, b.name)) };
}

export async function requireCity(ctx: ServiceContext, id: number) {
  const row = await findCity(ctx.db, ctx.lang, id);
  if (!row) throw notFound();
  return { city: toCity(row) };
}

/** Kept once per address and area; asking twice is not an error, so nobody learns who asked before. */
export async function requestAreaActivation(ctx: ServiceContext, areaId: number, email: string) {
  if (!(await findAreaExists(ctx.db, areaId))) throw notFound();
  await insertActivationRequest(ctx.db, { areaId, email, language: ctx.lang });
  return { requested: true as const };
}

/** Where mushrooms are picked, with each area's legal daily limit (the finds map and the notebook). */
export async function listForagingAreas(
  ctx: Pick<ServiceContext, 'db' | 'lang'>,
  alsoIds: readonly number[] = [],
): Promise<ForagingArea[]> {
  const rows = await findForagingAreas(ctx.db, ctx.lang, [...new Set(alsoIds)]);
  return rows.map(({ dailyLimitG, ...row }) => ({ ...row, daily_limit_g: dailyLimitG }));
}

/** Whether an area exists, for records that name one. */
export function areaExists(ctx: Pick<ServiceContext, 'db'>, id: number): Promise<boolean> {
  return findAreaExists(ctx.db, id);
}
