import { z } from 'zod';
import { ZCataloguePhoto } from './catalogue-photos.ts';
import { parsedJson } from './checkout.ts';
import { formList, ZCalendarDate, ZCountryCode, ZFormBoolean, ZLanguageParam } from './common.ts';
import { DURATION_TYPES } from './durations.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';
import { ZCancellationRule } from './rules/cancellation.ts';
import { TICKET_STATUSES, TICKET_TEXT_FIELDS } from './rules/ticket-publishing.ts';
import { MAX_RULES_DOCUMENT_BYTES } from './rules-document-files.ts';

/*
 * The console's catalogue (issue 23, item 4): the areas and tickets an operator's owner or
 * manager (or Sentiero's admin) runs — every field of SPEC's ticket info, texts per language
 * with the missing ones named, draft → published → unpublished, per-day overrides (a closed day,
 * a day's own capacity, with a reason), photos and a rules document. Another operator's ticket
 * answers 404, as one that does not exist (as the console's orders, ADR 033).
 */

export const CATALOGUE_TICKETS_PAGE_SIZE = 25;
export const CATALOGUE_AREAS_PAGE_SIZE = 50;
/** Days the console shows ahead, with their overrides and places taken. */
export const CATALOGUE_DAYS_MAX = 92;

const ZText = (max: number) => z.string().trim().max(max, { error: 'field.tooLong' });

/** A text in every language; an empty string is a missing translation, flagged, not refused. */
export const ZLocalizedInput = (max: number) =>
  z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, ZText(max).default('')])),
  ) as z.ZodObject<Record<(typeof LANGUAGES)[number], z.ZodDefault<z.ZodString>>>;

const ZCents = z.number({ error: 'field.invalid' }).int({ error: 'field.invalid' }).min(0).max(100_000_000);
const ZMonthDay = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'field.seasonDay' });

/** Every field an operator edits, as the editor sends it whole. */
export const ZTicketFields = z
  .object({
    area_id: ZId,
    category_id: ZId,
    activity_type_id: ZId,
    title: ZLocalizedInput(160),
    description: ZLocalizedInput(8000),
    rules: ZLocalizedInput(8000),
    meeting_point: ZLocalizedInput(500),
    duration_type: z.enum(DURATION_TYPES, { error: 'field.invalid' }),
    duration_hours: z.number().positive().max(999).nullable().default(null),
    season: z.object({ start: ZMonthDay, end: ZMonthDay }).nullable().default(null),
    sale_from: ZCalendarDate.nullable().default(null),
    sale_until: ZCalendarDate.nullable().default(null),
    price_cents: ZCents,
    discounted_price_cents: ZCents.nullable().default(null),
    member_price_cents: ZCents.nullable().default(null),
    open_days: z
      .array(z.number().int().min(1).max(7), { error: 'field.invalid' })
      .min(1, { error: 'field.openDaysRequired' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'field.invalid' }),
    daily_capacity: z.number().int().min(1).max(100_000).nullable().default(null),
    resident_countries: z.array(ZCountryCode).max(10).nullable().default(null),
    requires_fishing_card: z.boolean().default(false),
    min_age: z.number().int().min(0).max(99).default(0),
    max_usage: z.number().int().min(1).max(10_000).nullable().default(null),
    /** What a buyer gets back when they cancel (ADR 045); the texts are written from it. */
    cancellation_rule: ZCancellationRule,
    languages: z.array(z.enum(LANGUAGES)).min(1, { error: 'field.languagesRequired' }).max(LANGUAGES.length),
    service_tag_ids: z.array(ZId).max(50).default([]),
  })
  .superRefine((ticket, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (ticket.discounted_price_cents !== null && ticket.discounted_price_cents >= ticket.price_cents)
      problem('discounted_price_cents', 'field.discountTooHigh');
    if (ticket.member_price_cents !== null && ticket.member_price_cents > ticket.price_cents)
      problem('member_price_cents', 'field.memberPriceTooHigh');
    if (ticket.sale_from && ticket.sale_until && ticket.sale_until < ticket.sale_from)
      problem('sale_until', 'field.saleEndsBeforeStart');
  });
export type TicketFields = z.output<typeof ZTicketFields>;
export type TicketFieldsInput = z.input<typeof ZTicketFields>;

/** The editor's fields travel as one JSON field (`ticket`) in form-data, nulls and nesting kept. */
const ZTicketFieldsField = z.preprocess(parsedJson, ZTicketFields);

export const ZLocalizedOutput = z.object(
  Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])),
) as z.ZodObject<Record<(typeof LANGUAGES)[number], z.ZodString>>;

/** Per language, the texts missing (title, description, rules, meeting point where there is one). */
const ZMissingTexts = z.partialRecord(z.enum(LANGUAGES), z.array(z.enum(TICKET_TEXT_FIELDS)));

const ZAreaRef = z.object({ id: z.number().int(), name: z.string(), operator: z.string() });

export const consoleCatalogueAreas = defineEndpoint({
  path: '/console/catalogue/areas',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary: 'The areas whose catalogue the staff member runs, 50 a page, with their tickets counted by state.',
  input: z.object({ lng: ZLanguageParam, page: ZPageParam }),
  output: z.object({
    areas: z.array(
      ZAreaRef.extend({
        available: z.boolean(),
        /** Languages with a text of the area missing (its area editor names them). */
        missing_languages: z.array(z.enum(LANGUAGES)),
        tickets: z.object({
          draft: z.number().int(),
          published: z.number().int(),
          unpublished: z.number().int(),
        }),
        rules_document: z.string().nullable(),
      }),
    ),
    ...ZPaging,
  }),
});

export const consoleCatalogueTickets = defineEndpoint({
  path: '/console/catalogue/tickets',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary:
    'The tickets the staff member may see, 25 a page, newest change first: by area, state or words of the title (any language).',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    area_id: ZId.optional(),
    status: z.enum(TICKET_STATUSES).optional(),
    q: z.string().trim().min(1).max(120).optional(),
  }),
  output: z.object({
    tickets: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        area: ZAreaRef,
        status: z.enum(TICKET_STATUSES),
        duration_type: z.enum(DURATION_TYPES),
        price_cents: z.number().int(),
        /** Languages with a text missing. */
        missing_languages: z.array(z.enum(LANGUAGES)),
        updated_at: z.string(),
      }),
    ),
    ...ZPaging,
  }),
});

/** What the editor shows besides the ticket: the choices of its lists, in the request's language. */
export const consoleCatalogueOptions = defineEndpoint({
  path: '/console/catalogue/options',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary: "The editor's choices: categories, activity types, service tags and countries.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    activity_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
    service_tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
    countries: z.array(z.object({ code: ZCountryCode, name: z.string() })),
  }),
});

export const ZConsoleTicket = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(TICKET_STATUSES),
  area: ZAreaRef,
  fields: z.object({
    area_id: z.number().int(),
    category_id: z.number().int(),
    activity_type_id: z.number().int(),
    title: ZLocalizedOutput,
    description: ZLocalizedOutput,
    rules: ZLocalizedOutput,
    meeting_point: ZLocalizedOutput,
    duration_type: z.enum(DURATION_TYPES),
    duration_hours: z.number().nullable(),
    season: z.object({ start: z.string(), end: z.string() }).nullable(),
    sale_from: z.string().nullable(),
    sale_until: z.string().nullable(),
    price_cents: z.number().int(),
    discounted_price_cents: z.number().int().nullable(),
    member_price_cents: z.number().int().nullable(),
    open_days: z.array(z.number().int()),
    daily_capacity: z.number().int().nullable(),
    resident_countries: z.array(ZCountryCode).nullable(),
    requires_fishing_card: z.boolean(),
    min_age: z.number().int(),
    max_usage: z.number().int().nullable(),
    cancellation_rule: ZCancellationRule,
    languages: z.array(z.enum(LANGUAGES)),
    service_tag_ids: z.array(z.number().int()),
  }),
  missing: ZMissingTexts,
  /** What stops publishing: `title.it`-like keys of texts missing in Italian or English. */
  publish_problems: z.array(z.string()),
  photos: z.array(ZCataloguePhoto),
  rules_document: z.string().nullable(),
  updated_at: z.string(),
});
export type ConsoleTicket = z.infer<typeof ZConsoleTicket>;

export const consoleCatalogueTicket = defineEndpoint({
  path: '/console/catalogue/ticket',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary:
    'One ticket with every field of its info in every language, the texts missing per language, its photos and rules document.',
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: ZConsoleTicket,
});

export const consoleCatalogueTicketCreate = defineEndpoint({
  path: '/console/catalogue/ticket/create',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    'Creates a ticket in an area of the staff member, as a draft (not listed, not sold until published).',
  input: z.object({ lng: ZLanguageParam, ticket: ZTicketFieldsField }),
  output: ZConsoleTicket,
});

export const consoleCatalogueTicketUpdate = defineEndpoint({
  path: '/console/catalogue/ticket/update',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    "Changes a ticket's fields (sent whole); the audit log keeps each changed field's before and after. A published ticket stays published only with its Italian and English texts.",
  input: z.object({ lng: ZLanguageParam, id: ZId, ticket: ZTicketFieldsField }),
  output: ZConsoleTicket,
});

export const consoleCatalogueTicketStatus = defineEndpoint({
  path: '/console/catalogue/ticket/status',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    'Publishes or unpublishes a ticket. Publishing needs its title, description and rules in Italian and English: 409 TICKET_INCOMPLETE names the missing ones.',
  input: z.object({ lng: ZLanguageParam, id: ZId, status: z.enum(['published', 'unpublished']) }),
  output: ZConsoleTicket,
});

export const ZConsoleTicketDay = z.object({
  date: z.string(),
  /** Whether the ticket's own rules (open days, season, sale period) let it start that day. */
  open_by_rules: z.boolean(),
  closed: z.boolean(),
  /** The day's places: its override, else the ticket's daily capacity; null without a limit. */
  capacity: z.number().int().nullable(),
  taken: z.number().int(),
  override: z
    .object({
      closed: z.boolean(),
      capacity: z.number().int().nullable(),
      reason: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
});

export const consoleCatalogueTicketDays = defineEndpoint({
  path: '/console/catalogue/ticket/days',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary:
    "A ticket's days ahead: open or not by its rules, the operator's overrides, places and places taken.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    from: ZCalendarDate.optional(),
    days: z.coerce.number().int().min(1).max(CATALOGUE_DAYS_MAX).default(35),
  }),
  output: z.object({ today: z.string(), days: z.array(ZConsoleTicketDay) }),
});

export const consoleCatalogueTicketDay = defineEndpoint({
  path: '/console/catalogue/ticket/day',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    "Closes a day of a ticket, changes its places that day, or gives it back to the ticket's rules (neither closed nor a capacity); a reason is required and audited. Places already sold stay sold.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    date: ZCalendarDate,
    closed: ZFormBoolean,
    /** Null (or absent): the ticket's own daily capacity. */
    capacity: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.coerce.number().int().min(0).max(100_000).nullable(),
    ),
    reason: z.string().trim().min(3, { error: 'field.reasonRequired' }).max(500, { error: 'field.tooLong' }),
  }),
  output: ZConsoleTicketDay,
});

/** A photo's subject: exactly one of a ticket or an area. */
const ZPhotoSubject = z.object({ ticket_id: ZId.optional(), area_id: ZId.optional() });

export const consoleCataloguePhotoUpload = defineEndpoint({
  path: '/console/catalogue/photo/upload',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    'Adds a photo to a ticket or an area, as a multipart file of at most 15 MB: read by its content (JPEG, PNG, WebP or AVIF), stripped of its metadata and stored at the storefront sizes as AVIF, WebP and JPEG (ADR 030). Alt text in English or Italian at least.',
  input: ZPhotoSubject.extend({
    lng: ZLanguageParam,
    file: z.instanceof(Uint8Array, { error: 'field.photoUnreadable' }),
    ...Object.fromEntries(LANGUAGES.map((language) => [`alt_${language}`, z.string().max(200).optional()])),
  }),
  output: z.object({ photo: ZCataloguePhoto }),
});

export const consoleCataloguePhotos = defineEndpoint({
  path: '/console/catalogue/photos',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary: "A ticket's or an area's photos, in their order.",
  input: ZPhotoSubject.extend({ lng: ZLanguageParam }),
  output: z.object({ photos: z.array(ZCataloguePhoto) }),
});

export const consoleCataloguePhotoDelete = defineEndpoint({
  path: '/console/catalogue/photo/delete',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary: 'Removes a photo of a ticket or an area with its files: their URLs answer 404 from then on.',
  input: ZPhotoSubject.extend({ lng: ZLanguageParam, photo_id: ZId }),
  output: z.object({ ok: z.literal(true) }),
});

export const consoleCataloguePhotoReorder = defineEndpoint({
  path: '/console/catalogue/photo/reorder',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    "Puts a ticket's or an area's photos in a new order: each of them named once, the first shown on cards.",
  input: ZPhotoSubject.extend({ lng: ZLanguageParam, photo_ids: formList(ZId, 12) }),
  output: z.object({ photos: z.array(ZCataloguePhoto) }),
});

export const consoleCatalogueRulesUpload = defineEndpoint({
  path: '/console/catalogue/rules/upload',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary: `Stores the rules document of a ticket or an area: a PDF (read by its content) of at most ${MAX_RULES_DOCUMENT_BYTES / 1024 / 1024} MB, replacing the one before; linked from the event page.`,
  input: ZPhotoSubject.extend({
    lng: ZLanguageParam,
    file: z.instanceof(Uint8Array, { error: 'field.pdfUnreadable' }),
  }),
  output: z.object({ url: z.string() }),
});

export const consoleCatalogueRulesDelete = defineEndpoint({
  path: '/console/catalogue/rules/delete',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary: 'Removes the rules document of a ticket or an area.',
  input: ZPhotoSubject.extend({ lng: ZLanguageParam }),
  output: z.object({ ok: z.literal(true) }),
});

export const catalogueRulesDocument = defineEndpoint({
  path: '/app/catalogue/rules-document',
  kind: 'read',
  access: 'public',
  tag: 'catalogue',
  summary:
    "An operator's rules document (PDF) of a published ticket or of an area, at the version `v` its URL names; kept a year by browsers. Another version is 404.",
  input: ZPhotoSubject.extend({ lng: ZLanguageParam, v: z.string().max(64) }),
  output: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ description: 'The document (application/pdf).' }),
});
