import type { CataloguePhoto } from '@sentiero/contract/catalogue-photos';
import type { CountryCode } from '@sentiero/contract/common';
import { addCalendarDays, calendarDateIn, parseCalendarDate } from '@sentiero/contract/durations';
import { pageCount } from '@sentiero/contract/paging';
import {
  findStartDateProblem,
  isInSalePeriod,
  type StartDateRules,
} from '@sentiero/contract/rules/start-dates';
import { rulesDocumentUrl } from '@sentiero/contract/rules-document-files';
import {
  type CalendarDayReason,
  TICKETS_PAGE_SIZE,
  type TicketCard,
  type TicketInfo,
} from '@sentiero/contract/tickets';
import { describeCancellation } from '../../platform/cancellation-texts.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findCardPhotos, listCataloguePhotos } from '../catalogue-photos/index.ts';
import { findCardsById, findTicketCards, type TicketCardRow, type TicketListQuery } from './listing-repo.ts';
import {
  findCountryNames,
  findDayOverrides,
  findServiceTags,
  findTakenPlaces,
  findTicketForPurchase,
  findTicketInfo,
  findTicketPackages,
  findTicketRules,
  findTicketServices,
} from './repo.ts';

/**
 * The ticket as checkout sells it — price, sale period, places, and the names an order summary
 * and a signed ticket carry — in the context's language. Undefined unless the ticket is published.
 */
export function findSaleTicket(ctx: Pick<ServiceContext, 'db' | 'lang'>, id: number) {
  return findTicketInfo(ctx.db, ctx.lang, id);
}

/**
 * The same for a member's purchase, with the order an earlier try of it made (`idempotencyKey`)
 * read in the same statement, so a buy stays at five statements (ADR 007).
 */
export function findSaleTicketForPurchase(
  ctx: Pick<ServiceContext, 'db' | 'lang'>,
  id: number,
  purchase: { userId: number; idempotencyKey: string },
) {
  return findTicketForPurchase(ctx.db, ctx.lang, id, purchase);
}

/**
 * A ticket as a buy reads it, without the earlier try's order and the closed days its guests are
 * checked against; the event page's ticket has all of it.
 */
export type PurchaseTicket = Omit<
  NonNullable<Awaited<ReturnType<typeof findSaleTicketForPurchase>>>,
  'earlierOrderId' | 'closedDates'
>;

type SaleWindow = {
  status: string;
  areaAvailable: boolean;
  saleFrom: string | null;
  saleUntil: string | null;
};

/** A ticket can be bought today when it is published, its area is open and today is in its sale period. */
export function isOnSale(ticket: SaleWindow, today: string): boolean {
  return ticket.status === 'published' && ticket.areaAvailable && isInSalePeriod(ticket, today);
}

function toCard(ctx: ServiceContext, row: TicketCardRow, photo: CataloguePhoto | undefined): TicketCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    area: { id: row.areaId, slug: row.areaSlug, name: row.areaName },
    region: { id: row.regionId, name: row.regionName },
    country: row.country as CountryCode,
    activity: { slug: row.activitySlug, name: row.activityName, icon: row.activityIcon },
    category_id: row.categoryId,
    duration_type: row.durationType,
    price_cents: row.priceCents,
    discounted_price_cents: row.discountedPriceCents,
    member_price_cents: row.memberPriceCents,
    currency: 'EUR',
    min_age: row.minAge,
    on_sale: isOnSale(row, calendarDateIn(row.timeZone, ctx.clock.now())),
    photo: photo ?? null,
  };
}

/** Cards of a page of rows, each with its first photo (one query for the page). */
async function toCards(ctx: ServiceContext, rows: TicketCardRow[]): Promise<TicketCard[]> {
  const photos = await findCardPhotos(
    ctx,
    'ticket',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCard(ctx, row, photos.get(row.id)));
}

export async function listTickets(
  ctx: ServiceContext,
  { filter, order, page }: Pick<TicketListQuery, 'filter' | 'order'> & { page: number },
) {
  const { rows, total, exact } = await findTicketCards(ctx.db, ctx.lang, {
    filter,
    order,
    limit: TICKETS_PAGE_SIZE,
    offset: (page - 1) * TICKETS_PAGE_SIZE,
  });
  return {
    ticket_list: await toCards(ctx, rows),
    page,
    pages: pageCount(total, TICKETS_PAGE_SIZE),
    total,
    total_exact: exact,
  };
}

export function listAreaTickets(ctx: ServiceContext, areaId: number, page: number) {
  return listTickets(ctx, { filter: { areaId }, order: 'default', page });
}

export function listRegionTickets(
  ctx: ServiceContext,
  regionId: number,
  categoryId: number | undefined,
  page: number,
) {
  return listTickets(ctx, { filter: { regionId, categoryId }, order: 'default', page });
}

export function listRecommendedTickets(
  ctx: ServiceContext,
  source: 'hottest' | 'newest' | 'discounted',
  page: number,
) {
  // The home page's rows show only what can be bought now.
  const filter = { discountedOnly: source === 'discounted', onSaleAt: ctx.clock.now() };
  return listTickets(ctx, { filter, order: source, page });
}

/** The cards of the tickets `ids`, in that order; an id that is no longer listed is left out. */
export async function listTicketCardsById(ctx: ServiceContext, ids: number[]): Promise<TicketCard[]> {
  if (ids.length === 0) return [];
  const cards = await toCards(ctx, await findCardsById(ctx.db, ctx.lang, ids));
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
}

export async function listTicketPackages(ctx: ServiceContext, id: number) {
  const rows = await findTicketPackages(ctx.db, ctx.lang, id);
  if (rows.length === 0) throw notFound();
  return { package_list: await toCards(ctx, rows) };
}

export async function requireTicketInfo(ctx: ServiceContext, id: number): Promise<TicketInfo> {
  const row = await findTicketInfo(ctx.db, ctx.lang, id);
  if (!row) throw notFound();
  const [services, photos] = await Promise.all([
    findTicketServices(ctx.db, ctx.lang, id),
    listCataloguePhotos(ctx, { ticketId: id }),
  ]);
  const lng = `lng=${ctx.lang}`;
  const cancellationTerms = describeCancellation(ctx.lang, row.cancellationRule);
  return {
    ...toCard(ctx, row, photos[0]),
    description: row.description,
    category: { id: row.categoryId, name: row.categoryName },
    location: {
      area: row.areaName,
      city: row.cityName,
      region: row.regionName,
      country: row.countryName,
      latitude: row.latitude,
      longitude: row.longitude,
      time_zone: row.timeZone,
    },
    validity: { duration_type: row.durationType, season: row.season },
    duration_hours: row.durationHours,
    languages: row.languages,
    meeting_point: row.meetingPoint,
    services,
    open_days: row.openDays,
    cancellation_policy: cancellationTerms.join(' '),
    cancellation_terms: cancellationTerms,
    cancellation_rule: row.cancellationRule,
    max_usage: row.maxUsage,
    limits: row.limits,
    residents_only: (row.residentCountries as CountryCode[] | null) ?? null,
    requires_fishing_card: row.requiresFishingCard,
    daily_capacity: row.dailyCapacity,
    sale_from: row.saleFrom,
    sale_until: row.saleUntil,
    downloads: {
      area_rules: `/api/app/area/rules?id=${row.areaId}&${lng}`,
      ticket_rules: `/api/app/ticket/rules?id=${row.id}&${lng}`,
      rules_document: row.ticketDocument ? rulesDocumentUrl({ ticketId: row.id }, row.ticketDocument) : null,
      area_rules_document: row.areaDocument
        ? rulesDocumentUrl({ areaId: row.areaId }, row.areaDocument)
        : null,
    },
    photo_list: photos,
  };
}

/**
 * Day by day, whether the ticket can start on that day: the contract's start-date rule (open
 * days, the whole validity in the season, the sale period, the days its operator closed) and the
 * places left (the day's own capacity where the operator changed it). Dates are calendar days in
 * the area's time zone.
 */
export async function getTicketCalendar(
  ctx: ServiceContext,
  id: number,
  from: string | undefined,
  days: number,
) {
  const ticket = await findTicketInfo(ctx.db, ctx.lang, id);
  if (!ticket) throw notFound();
  const today = calendarDateIn(ticket.timeZone, ctx.clock.now());
  const first = from ?? today;
  if (!parseCalendarDate(first)) throw notFound();
  const calendar = await describeTicketDays(
    ctx,
    { ...ticket, onSale: isOnSale(ticket, today) },
    first,
    days,
    today,
  );
  return {
    ticket_id: ticket.id,
    time_zone: ticket.timeZone,
    today,
    days: calendar.map(({ date, open, reason, capacity, remaining }) => ({
      date,
      open,
      reason,
      capacity,
      remaining,
    })),
  };
}

/** What the days of a ticket are judged by: its start-date rules, its places and whether it is on sale today. */
export type TicketDayRules = Omit<StartDateRules, 'closedDates'> & {
  id: number;
  dailyCapacity: number | null;
  onSale: boolean;
};

/**
 * The one rule of a ticket's days, for the storefront's calendar and the console's: whether it
 * can start that day and why not, and its places. A day the operator closed is a closed day; a
 * day's own capacity replaces the ticket's (a ticket without a daily capacity has no limit, and
 * checkout's `take_ticket_places` applies the same capacity when it takes places).
 */
export async function describeTicketDays(
  ctx: Pick<ServiceContext, 'db'>,
  ticket: TicketDayRules,
  first: string,
  days: number,
  today: string,
) {
  const last = addCalendarDays(first, days - 1);
  const overrides = await findDayOverrides(ctx.db, ticket.id, first, last);
  const closedDates = [...overrides].filter(([, override]) => override.closed).map(([day]) => day);
  const taken =
    ticket.dailyCapacity === null
      ? new Map<string, number>()
      : await findTakenPlaces(ctx.db, ticket.id, first, last);
  return Array.from({ length: days }, (_, index) => {
    const date = addCalendarDays(first, index);
    const override = overrides.get(date) ?? null;
    const capacity = ticket.dailyCapacity === null ? null : (override?.capacity ?? ticket.dailyCapacity);
    const takenThatDay = taken.get(date) ?? 0;
    const remaining = capacity === null ? null : Math.max(0, capacity - takenThatDay);
    const problem = ticket.onSale
      ? findStartDateProblem({ ...ticket, closedDates }, date, today)
      : 'not-on-sale';
    const reason: CalendarDayReason | null =
      date < today
        ? 'past'
        : problem && problem !== 'invalid-date'
          ? problem
          : remaining !== null && remaining <= 0
            ? 'sold-out'
            : null;
    // Whether the ticket's own rules let it start that day, whatever its operator changed.
    const openByRules = ticket.onSale && date >= today && !findStartDateProblem(ticket, date, today);
    // Places sold and places held by orders being paid are both gone.
    return {
      date,
      open: reason === null,
      reason,
      capacity,
      remaining,
      taken: takenThatDay,
      override,
      openByRules,
    };
  });
}

export async function listResidenceCountries(ctx: ServiceContext, id: number) {
  const ticket = await findTicketInfo(ctx.db, ctx.lang, id);
  if (!ticket) throw notFound();
  const codes = ticket.residentCountries ?? [];
  const rows = codes.length ? await findCountryNames(ctx.db, ctx.lang, codes) : [];
  return {
    residents_only: codes.length > 0,
    country_list: rows.map((row) => ({ code: row.code as CountryCode, name: row.name })),
  };
}

export async function listServiceTags(ctx: ServiceContext) {
  return { service_tag_list: await findServiceTags(ctx.db, ctx.lang) };
}

export async function requireTicketRules(ctx: ServiceContext, id: number) {
  const rules = await findTicketRules(ctx.db, ctx.lang, id);
  if (!rules) throw notFound();
  return rules;
}
