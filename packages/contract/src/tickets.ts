import { z } from 'zod';
import { ZCataloguePhoto } from './catalogue-photos.ts';
import { ZCalendarDate, ZCountryCode, ZLanguageParam } from './common.ts';
import { DURATION_TYPES } from './durations.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZCountedPaging, ZId, ZPageParam } from './paging.ts';
import { ZCancellationRule } from './rules/cancellation.ts';

export const TICKETS_PAGE_SIZE = 12;

export const ZActivity = z
  .object({ slug: z.string(), name: z.string(), icon: z.string() })
  .meta({ id: 'Activity' });

/** A ticket as cards and lists show it. */
export const ZTicketCard = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    area: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    region: z.object({ id: z.number().int(), name: z.string() }),
    country: ZCountryCode,
    activity: ZActivity,
    category_id: z.number().int(),
    duration_type: z.enum(DURATION_TYPES),
    price_cents: z.number().int(),
    discounted_price_cents: z.number().int().nullable(),
    /** What a Sentiero+ member pays (exclusive discounts on extra packages); null: no member price. */
    member_price_cents: z.number().int().nullable(),
    currency: z.literal('EUR'),
    min_age: z.number().int(),
    on_sale: z.boolean(),
    /** The operator's first photo of the ticket, shown instead of the activity's drawing; null: none. */
    photo: ZCataloguePhoto.nullable(),
  })
  .meta({ id: 'TicketCard' });
export type TicketCard = z.infer<typeof ZTicketCard>;

export const ZTicketPage = z.object({ ticket_list: z.array(ZTicketCard), ...ZCountedPaging });

const ZSeason = z.object({ start: z.string(), end: z.string() });

/** SPEC section 3, "Ticket info": everything the event page answers. */
export const ZTicketInfo = ZTicketCard.extend({
  description: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({
    area: z.string(),
    city: z.string().nullable(),
    region: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    time_zone: z.string(),
  }),
  validity: z.object({ duration_type: z.enum(DURATION_TYPES), season: ZSeason.nullable() }),
  duration_hours: z.number().nullable(),
  languages: z.array(z.string()),
  meeting_point: z.string().nullable(),
  services: z.array(z.object({ slug: z.string(), name: z.string() })),
  open_days: z.array(z.number().int().min(1).max(7)),
  /** The cancellation rule in words, in the request's language (ADR 045). */
  cancellation_policy: z.string(),
  /** The same, one sentence per tier, fee and change of day. */
  cancellation_terms: z.array(z.string()),
  cancellation_rule: ZCancellationRule,
  max_usage: z.number().int().nullable(),
  limits: z.string().nullable(),
  residents_only: z.array(ZCountryCode).nullable(),
  requires_fishing_card: z.boolean(),
  daily_capacity: z.number().int().nullable(),
  sale_from: z.string().nullable(),
  sale_until: z.string().nullable(),
  downloads: z.object({
    area_rules: z.string(),
    ticket_rules: z.string(),
    /** The operator's rules documents (PDF) of the ticket and of its area, where they gave one. */
    rules_document: z.string().nullable(),
    area_rules_document: z.string().nullable(),
  }),
  /** Every photo of the ticket in the operator's order; the first is `photo`. */
  photo_list: z.array(ZCataloguePhoto),
}).meta({ id: 'TicketInfo' });
export type TicketInfo = z.infer<typeof ZTicketInfo>;

const ZTicketRequest = z.object({ lng: ZLanguageParam, id: ZId });

export const ticketInfo = defineEndpoint({
  path: '/app/ticket/info',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary: 'Everything about one ticket (the event page).',
  input: ZTicketRequest,
  output: z.object({ ticket: ZTicketInfo }),
});

/** The event page's call: the ticket with its area, read with the member's credentials. */
export const ticketAreaInfo = defineEndpoint({
  path: '/app/ticket/area/info',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'tickets',
  summary: 'The ticket of an event page with its area (SPEC: with credentials on event detail and payment).',
  input: ZTicketRequest,
  output: z.object({ ticket: ZTicketInfo }),
});

const ZAreaTicketsRequest = z.object({ lng: ZLanguageParam, id: ZId, page: ZPageParam });

export const ticketAreaList = defineEndpoint({
  path: '/app/ticket/area/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary: 'The tickets of an area, a page at a time.',
  input: ZAreaTicketsRequest,
  output: ZTicketPage,
});

export const ticketAreaListV2 = defineEndpoint({ ...ticketAreaList, path: '/app/v2/ticket/area/list' });

export const regionTicket = defineEndpoint({
  path: '/app/region/ticket',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary: 'The tickets of a region, optionally of one category, a page at a time.',
  input: z.object({ lng: ZLanguageParam, id: ZId, id_category: ZId.optional(), page: ZPageParam }),
  output: ZTicketPage,
});

export const RECOMMENDED_SOURCES = ['hottest', 'newest', 'discounted'] as const;

export const ticketListRecommended = defineEndpoint({
  path: '/app/ticket/list/recommended',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary: 'Tickets for the home page: hottest (default), newest or discounted.',
  input: z.object({
    lng: ZLanguageParam,
    source: z.enum(RECOMMENDED_SOURCES).default('hottest'),
    page: ZPageParam,
  }),
  output: ZTicketPage,
});

export const ticketListRecommendedV2 = defineEndpoint({
  ...ticketListRecommended,
  path: '/app/v2/ticket/list/recommended',
  kind: 'read',
});

/**
 * Why a ticket is in a member's "for you" row, strongest reason first: the card's own activity,
 * area or region names it ("because you like Rafting", "in Piemonte, where you went before").
 */
export const RECOMMENDATION_REASONS = [
  'preferred-activity',
  'bought-area',
  'preferred-region',
  'bought-activity',
  'bought-region',
  'good-conditions',
  'popular',
] as const;
export type RecommendationReason = (typeof RECOMMENDATION_REASONS)[number];

export const FOR_YOU_SIZE = 12;

export const ZRecommendedTicket = ZTicketCard.extend({ reason: z.enum(RECOMMENDATION_REASONS) }).meta({
  id: 'RecommendedTicket',
});
export type RecommendedTicket = z.infer<typeof ZRecommendedTicket>;

/**
 * A member's own row. Apart from `app/ticket/list/recommended` because that answer is public and
 * kept by browsers, proxies and the server's cache per URL: an answer that depends on the session
 * must never share its URL with the visitors' one.
 */
export const ticketListForYou = defineEndpoint({
  path: '/app/ticket/list/for-you',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'tickets',
  summary:
    "A member's recommendations: tickets on sale today, ranked by their preferences (app/user/tag), " +
    'their past purchases, conditions in the area, popularity and recency; never a ticket they hold for dates still ahead.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    ticket_list: z.array(ZRecommendedTicket).max(FOR_YOU_SIZE),
    /** False when the member has told and bought nothing yet: the row is the popular tickets. */
    personal: z.boolean(),
  }),
});

export const CALENDAR_MAX_DAYS = 92;

/** Why a day is closed to starting on: the start-date rule's reasons (`rules/start-dates.ts`) and the places. */
export const CALENDAR_DAY_REASONS = [
  'past',
  'closed-day',
  'outside-season',
  'ends-after-season',
  'not-on-sale',
  'sold-out',
] as const;
export type CalendarDayReason = (typeof CALENDAR_DAY_REASONS)[number];

export const ZCalendarDay = z
  .object({
    date: z.string(),
    open: z.boolean(),
    reason: z.enum(CALENDAR_DAY_REASONS).nullable(),
    capacity: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
  })
  .meta({ id: 'CalendarDay' });

const ZCalendarRequest = z.object({
  lng: ZLanguageParam,
  id: ZId,
  from: ZCalendarDate.optional().meta({
    description: 'First day, YYYY-MM-DD; today in the area by default.',
  }),
  days: z.coerce.number().int().min(1).max(CALENDAR_MAX_DAYS).default(31),
});

export const ticketCalendar = defineEndpoint({
  path: '/app/ticket/calendar',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary: 'Day by day: whether a ticket can start that day, and the places left.',
  input: ZCalendarRequest,
  output: z.object({
    ticket_id: z.number().int(),
    time_zone: z.string(),
    today: z.string(),
    days: z.array(ZCalendarDay),
  }),
});

export const ticketCalendarV2 = defineEndpoint({ ...ticketCalendar, path: '/app/v2/ticket/calendar' });

export const ticketResidenceList = defineEndpoint({
  path: '/app/ticket/residence/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary: 'The countries whose residents may buy a residents-only ticket.',
  input: ZTicketRequest,
  output: z.object({
    residents_only: z.boolean(),
    country_list: z.array(z.object({ code: ZCountryCode, name: z.string() })),
  }),
});

export const ticketPackageList = defineEndpoint({
  path: '/app/ticket/package/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'tickets',
  summary:
    'The packages of a ticket: the same activity in the same area for other durations, cheapest first.',
  input: ZTicketRequest,
  output: z.object({ package_list: z.array(ZTicketCard) }),
});

export const serviceTagList = defineEndpoint({
  path: '/app/service/tag/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'catalogue',
  summary: 'The services a ticket may include (guide, equipment, insurance...).',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    service_tag_list: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  }),
});
