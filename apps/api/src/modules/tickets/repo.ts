import type { Language } from '@sentiero/contract/languages';
import { type Db, executeRows } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import { preparedOnce } from '@sentiero/db/prepared';
import {
  activityTypes,
  areas,
  catalogueDocuments,
  categories,
  cities,
  countries,
  regions,
  serviceTags,
  ticketDayOverrides,
  ticketServiceTags,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

/** What a ticket card shows: listings, packages and the event page read the same columns. */
export function cardColumns(language: Language) {
  return {
    id: tickets.id,
    slug: tickets.slug,
    title: localized(tickets.title, language),
    areaId: areas.id,
    areaSlug: areas.slug,
    areaName: localized(areas.name, language),
    areaAvailable: areas.available,
    timeZone: areas.timeZone,
    regionId: regions.id,
    regionName: localized(regions.name, language),
    country: regions.countryCode,
    activitySlug: activityTypes.slug,
    activityName: localized(activityTypes.name, language),
    activityIcon: activityTypes.icon,
    categoryId: tickets.categoryId,
    durationType: tickets.durationType,
    priceCents: tickets.priceCents,
    discountedPriceCents: tickets.discountedPriceCents,
    memberPriceCents: tickets.memberPriceCents,
    minAge: tickets.minAge,
    status: tickets.status,
    saleFrom: tickets.saleFrom,
    saleUntil: tickets.saleUntil,
  };
}

/** Tickets for the same activity in the same area as ticket `id` (itself included), cheapest first. */
export function findTicketPackages(db: Db, language: Language, id: number) {
  const sibling = db
    .select({ areaId: tickets.areaId, activityTypeId: tickets.activityTypeId })
    .from(tickets)
    .where(eq(tickets.id, id))
    .as('sibling');
  return db
    .select(cardColumns(language))
    .from(tickets)
    .innerJoin(
      sibling,
      and(eq(sibling.areaId, tickets.areaId), eq(sibling.activityTypeId, tickets.activityTypeId)),
    )
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .where(eq(tickets.status, 'published'))
    .orderBy(asc(sql`coalesce(${tickets.discountedPriceCents}, ${tickets.priceCents})`), asc(tickets.id))
    .limit(MAX_PACKAGES);
}

const MAX_PACKAGES = 24;

/** The event page and every buy read it: prepared once per language. */
export async function findTicketInfo(db: Db, language: Language, id: number) {
  const find = preparedOnce(db, `ticket_info_${language}`, (name) =>
    ticketInfoQuery(db, language).prepare(name),
  );
  const [row] = await find.execute({ id });
  return row;
}

/**
 * The ticket a member is paying for, and in the same statement the id of the order an earlier
 * try of this purchase made (`idempotencyKey`), if any. Undefined when the ticket is not on sale.
 * Only what a buy reads (sale and guest rules, price, places, the names its order summary and
 * signed tickets carry): every buy sends it, and the event page's texts are long.
 */
export async function findTicketForPurchase(
  db: Db,
  language: Language,
  id: number,
  purchase: { userId: number; idempotencyKey: string },
) {
  const find = preparedOnce(db, `ticket_for_purchase_${language}`, (name) =>
    db
      .select({
        earlierOrderId: sql<number | null>`(select o.id from orders o
          where o.user_id = ${sql.placeholder('userId')} and o.idempotency_key = ${sql.placeholder('key')})`,
        id: tickets.id,
        title: localized(tickets.title, language),
        areaId: areas.id,
        areaName: localized(areas.name, language),
        areaAvailable: areas.available,
        timeZone: areas.timeZone,
        regionName: localized(regions.name, language),
        categoryId: tickets.categoryId,
        categoryName: localized(categories.name, language),
        durationType: tickets.durationType,
        season: tickets.season,
        openDays: tickets.openDays,
        minAge: tickets.minAge,
        requiresFishingCard: tickets.requiresFishingCard,
        residentCountries: tickets.residentCountries,
        priceCents: tickets.priceCents,
        discountedPriceCents: tickets.discountedPriceCents,
        memberPriceCents: tickets.memberPriceCents,
        cancellationRule: tickets.cancellationRule,
        status: tickets.status,
        saleFrom: tickets.saleFrom,
        saleUntil: tickets.saleUntil,
        maxUsage: tickets.maxUsage,
        dailyCapacity: tickets.dailyCapacity,
        // The days ahead its operator closed: the start-date rule refuses them (a day of slack
        // for the areas' time zones).
        closedDates: sql<string[]>`coalesce((select array_agg(to_char(o.day, 'YYYY-MM-DD') order by o.day)
          from ${ticketDayOverrides} o where o.ticket_id = ${tickets.id} and o.closed
          and o.day >= current_date - 1), '{}')`,
      })
      .from(tickets)
      .innerJoin(areas, eq(areas.id, tickets.areaId))
      .innerJoin(regions, eq(regions.id, areas.regionId))
      .innerJoin(categories, eq(categories.id, tickets.categoryId))
      .where(and(eq(tickets.id, sql.placeholder('id')), eq(tickets.status, 'published')))
      .prepare(name),
  );
  const [row] = await find.execute({ id, userId: purchase.userId, key: purchase.idempotencyKey });
  return row;
}

function ticketInfoQuery<Extra extends Record<string, SQL>>(
  db: Db,
  language: Language,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      ...extra,
      ...cardColumns(language),
      description: localized(tickets.description, language),
      categoryName: localized(categories.name, language),
      cityName: localizedOrNull(cities.name, language),
      countryName: localized(countries.name, language),
      latitude: areas.latitude,
      longitude: areas.longitude,
      season: tickets.season,
      durationHours: tickets.durationHours,
      languages: tickets.languages,
      meetingPoint: localizedOrNull(tickets.meetingPoint, language),
      openDays: tickets.openDays,
      cancellationRule: tickets.cancellationRule,
      maxUsage: tickets.maxUsage,
      limits: localizedOrNull(areas.limits, language),
      residentCountries: tickets.residentCountries,
      requiresFishingCard: tickets.requiresFishingCard,
      dailyCapacity: tickets.dailyCapacity,
      ticketDocument: sql<
        string | null
      >`(select d.version from ${catalogueDocuments} d where d.ticket_id = ${tickets.id})`,
      areaDocument: sql<
        string | null
      >`(select d.version from ${catalogueDocuments} d where d.area_id = ${areas.id})`,
    })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(regions, eq(regions.id, areas.regionId))
    .innerJoin(countries, eq(countries.code, regions.countryCode))
    .innerJoin(activityTypes, eq(activityTypes.id, tickets.activityTypeId))
    .innerJoin(categories, eq(categories.id, tickets.categoryId))
    .leftJoin(cities, eq(cities.id, areas.cityId))
    .where(and(eq(tickets.id, sql.placeholder('id')), eq(tickets.status, 'published')));
}

export function findTicketServices(db: Db, language: Language, ticketId: number) {
  return db
    .select({ slug: serviceTags.slug, name: localized(serviceTags.name, language) })
    .from(ticketServiceTags)
    .innerJoin(serviceTags, eq(serviceTags.id, ticketServiceTags.serviceTagId))
    .where(eq(ticketServiceTags.ticketId, ticketId))
    .orderBy(asc(serviceTags.id));
}

export function findServiceTags(db: Db, language: Language) {
  return db
    .select({ id: serviceTags.id, slug: serviceTags.slug, name: localized(serviceTags.name, language) })
    .from(serviceTags)
    .orderBy(asc(serviceTags.id));
}

export function findCountryNames(db: Db, language: Language, codes: string[]) {
  return db
    .select({ code: countries.code, name: localized(countries.name, language) })
    .from(countries)
    .where(inArray(countries.code, codes))
    .orderBy(asc(countries.sortOrder));
}

export async function findTicketRules(db: Db, language: Language, id: number) {
  const [row] = await db
    .select({
      slug: tickets.slug,
      title: localized(tickets.title, language),
      rules: localized(tickets.rules, language),
    })
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.status, 'published')));
  return row;
}

/** Places taken per day of a ticket between two dates, for the availability calendar. */
export async function findTakenPlaces(db: Db, ticketId: number, from: string, to: string) {
  const rows = await executeRows<{ day: string | Date; taken: number }>(
    db,
    sql`select day, taken from ticket_day_places
        where ticket_id = ${ticketId} and day between ${from} and ${to}`,
  );
  return new Map(
    rows.map((row) => [
      typeof row.day === 'string' ? row.day : row.day.toISOString().slice(0, 10),
      row.taken,
    ]),
  );
}

export type DayOverride = { closed: boolean; capacity: number | null; reason: string; updatedAt: Date };

/** The operator's overrides of a ticket's days between two dates, by day. */
export async function findDayOverrides(db: Db, ticketId: number, from: string, to: string) {
  const rows = await db
    .select({
      day: sql<string>`to_char(${ticketDayOverrides.day}, 'YYYY-MM-DD')`,
      closed: ticketDayOverrides.closed,
      capacity: ticketDayOverrides.capacity,
      reason: ticketDayOverrides.reason,
      updatedAt: ticketDayOverrides.updatedAt,
    })
    .from(ticketDayOverrides)
    .where(
      and(
        eq(ticketDayOverrides.ticketId, ticketId),
        sql`${ticketDayOverrides.day} between ${from} and ${to}`,
      ),
    );
  return new Map<string, DayOverride>(rows.map(({ day, ...override }) => [day, override]));
}
