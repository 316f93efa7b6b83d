import { z } from 'zod';
import { formList, ZCalendarDate, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZCountedPaging, ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * The console's orders (issue 23, item 4): search, an order's story, and what staff do to one —
 * send its tickets again, take a pay-on-site payment, refund. An operator's staff see only orders
 * with guests in their operator's areas (or their narrowed areas); another operator's order
 * answers 404, as one that does not exist (ADR 033).
 */

export const ORDER_SEARCH_PAGE_SIZE = 25;
export const CONSOLE_ORDER_STATES = ['pending', 'paid', 'issued', 'failed', 'expired', 'refunded'] as const;

const ZOrderCode = z.string().trim().min(3).max(40);
const ZSearchText = z.string().trim().min(2).max(120).optional();

export const ZConsoleOrderSummary = z.object({
  code: z.string(),
  state: z.enum(CONSOLE_ORDER_STATES),
  payment_method: z.string(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
  buyer: z.object({ name: z.string(), email: z.string().nullable() }),
  guests: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});

/** What an order search is narrowed by: the same fields for a page of the console and for an export. */
export const ZOrderSearchFields = {
  order_code: ZOrderCode.optional(),
  ticket_code: z.string().trim().min(3).max(40).optional(),
  buyer_email: z.string().trim().min(3).max(254).optional(),
  buyer_name: ZSearchText,
  guest_name: ZSearchText,
  fiscal_code: z.string().trim().min(3).max(32).optional(),
  fishing_card: z.string().trim().min(3).max(40).optional(),
  area_id: ZId.optional(),
  ticket_id: ZId.optional(),
  day: ZCalendarDate.optional(),
  state: z.enum(CONSOLE_ORDER_STATES).optional(),
};

export const consoleOrders = defineEndpoint({
  path: '/console/orders',
  kind: 'read',
  access: 'orders.read',
  tag: 'console',
  summary:
    'Searches the orders the staff member may see, newest first, 25 a page: by order or ticket code, buyer, guest, fiscal code, fishing-card number, area, ticket, day or state. The total counts at most 1,000 orders past the page asked for; `total_exact` is false when more match (show it as "1,000+").',
  input: z.object({ lng: ZLanguageParam, page: ZPageParam, ...ZOrderSearchFields }),
  output: z.object({ orders: z.array(ZConsoleOrderSummary), ...ZCountedPaging }),
});

/**
 * The same search as a CSV file, every matching order (not a page), written as the database
 * answers it in batches: a large export never sits whole in memory (ADR 035).
 */
export const consoleOrdersExport = defineEndpoint({
  path: '/console/orders/export.csv',
  kind: 'read',
  access: 'orders.export',
  tag: 'console',
  summary:
    "Every order a search finds, as CSV (UTF-8 with BOM, `;`-separated, headers in the request's language), streamed as it is read; the export is written to the audit log with its filters.",
  input: z.object({ lng: ZLanguageParam, ...ZOrderSearchFields }),
  output: z.string().meta({ description: 'The CSV file, one order a row.', contentMediaType: 'text/csv' }),
});

/** Above this many matching orders an export is prepared by the job queue, not streamed (ADR 041). */
export const ORDER_EXPORT_STREAM_MAX = 5_000;
export const ORDER_EXPORTS_PAGE_SIZE = 10;
export const ORDER_EXPORT_STATES = ['queued', 'running', 'ready', 'failed'] as const;

/** An export the job queue prepares: how far it is, what went wrong, until when it can be taken. */
export const ZOrderExport = z.object({
  id: z.number().int(),
  state: z.enum(ORDER_EXPORT_STATES),
  /** Orders the search found when the export started (0 until then); `done` of them are written. */
  total: z.number().int(),
  done: z.number().int(),
  /** The last failure, while the queue tries again or once it gave up. */
  error: z.string().nullable(),
  filename: z.string(),
  /** The search's filters as asked, by their field names. */
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});

/**
 * Asks for an export of a search. Up to ORDER_EXPORT_STREAM_MAX orders, and unless `background`,
 * it answers `queued: false` and the file is streamed from `export.csv`; otherwise the export is
 * prepared by the job queue and answered with its progress.
 */
export const consoleOrderExportCreate = defineEndpoint({
  path: '/console/orders/exports',
  kind: 'write',
  access: 'orders.export',
  tag: 'console',
  summary:
    'Asks for the CSV of a search. More than 5,000 matching orders, or `background`: queued, written batch by batch and kept 24 hours for the staff member who asked (answered with its progress); otherwise `queued: false`, and the file is streamed from `/console/orders/export.csv`. Audited as an export.',
  input: z.object({ lng: ZLanguageParam, background: ZFormBoolean.optional(), ...ZOrderSearchFields }),
  output: z.object({ queued: z.boolean(), export: ZOrderExport.nullable() }),
});

/** The staff member's own exports not expired yet, newest first, with their progress. */
export const consoleOrderExports = defineEndpoint({
  path: '/console/orders/exports/list',
  kind: 'read',
  access: 'orders.export',
  tag: 'console',
  summary:
    "The exports the staff member asked for that have not expired, newest first, 10 a page: each one's state, done / total and last failure.",
  input: z.object({ lng: ZLanguageParam, page: ZPageParam }),
  output: z.object({ exports: z.array(ZOrderExport), ...ZPaging }),
});

/**
 * A prepared export's file, for the staff member who asked only, while their scope still covers
 * it; any other export (someone else's, expired, not ready) is 404.
 */
export const consoleOrderExportFile = defineEndpoint({
  path: '/console/orders/exports/file',
  kind: 'read',
  access: 'orders.export',
  tag: 'console',
  summary:
    "A prepared export's CSV, for the staff member who asked, if their scope still covers what it holds; another's, an expired or unfinished export is 404. Audited.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: z.string().meta({ description: 'The CSV file, one order a row.', contentMediaType: 'text/csv' }),
});

/** The areas and tickets the staff member's orders can be on: the search's and the manifest's choices. */
export const consoleOrderChoices = defineEndpoint({
  path: '/console/orders/choices',
  kind: 'read',
  access: 'orders.read',
  tag: 'console',
  summary:
    "The areas, with their tickets, whose orders the staff member may see: what the order search and the day's manifest offer to choose from.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    areas: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        tickets: z.array(z.object({ id: z.number().int(), title: z.string() })),
      }),
    ),
  }),
});

export const MANIFEST_PAGE_SIZE = 500;
export const MANIFEST_GUEST_STATES = ['paid', 'pay_on_site', 'checked_in'] as const;

export const ZManifestGuest = z.object({
  line_id: z.number().int(),
  guest_name: z.string(),
  order_code: z.string(),
  ticket_code: z.string().nullable(),
  ticket_title: z.string(),
  area_name: z.string(),
  state: z.enum(MANIFEST_GUEST_STATES),
  buyer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
});

/**
 * A day's manifest: every guest who holds a place on that day (a paid or pay-on-site order, the
 * ticket not cancelled) on one ticket or in one area, by name.
 */
export const consoleManifest = defineEndpoint({
  path: '/console/manifest',
  kind: 'read',
  access: 'orders.read',
  tag: 'console',
  summary:
    "A day's manifest for one ticket or one area: each guest holding a place that day, with their order and ticket codes, whether they paid, pay on site or have checked in, and the buyer's contact; 500 a page.",
  input: z
    .object({
      lng: ZLanguageParam,
      page: ZPageParam,
      day: ZCalendarDate,
      ticket_id: ZId.optional(),
      area_id: ZId.optional(),
    })
    .refine((input) => input.ticket_id !== undefined || input.area_id !== undefined, {
      error: 'field.required',
      path: ['ticket_id'],
    }),
  output: z.object({
    day: z.string(),
    guests: z.array(ZManifestGuest),
    counts: z.object({ paid: z.number().int(), pay_on_site: z.number().int(), checked_in: z.number().int() }),
    ...ZPaging,
  }),
});

const ZStoryEvent = z.object({
  at: z.string(),
  kind: z.enum(['created', 'paid', 'issued', 'refund', 'redemption', 'audit']),
  /** The audit line's action, the refund's state, the redeemed ticket's code. */
  detail: z.string().nullable(),
  staff_id: z.number().int().nullable(),
  /** Who did it, for the lines staff wrote. */
  staff_name: z.string().nullable(),
});

export const consoleOrder = defineEndpoint({
  path: '/console/order',
  kind: 'read',
  access: 'orders.read',
  tag: 'console',
  summary:
    "An order's story: its guests with their tickets and states, its payment, refunds, the tickets' uses and the audit lines about it, in time order.",
  input: z.object({ lng: ZLanguageParam, code: ZOrderCode }),
  output: z.object({
    order: ZConsoleOrderSummary.extend({
      payment_reference: z.string().nullable(),
      coupon_code: z.string().nullable(),
      issued_at: z.string().nullable(),
      language: z.string(),
    }),
    guests: z.array(
      z.object({
        line_id: z.number().int(),
        name: z.string(),
        fiscal_code: z.string().nullable(),
        fishing_card: z.string().nullable(),
        ticket_id: z.number().int(),
        ticket_title: z.string(),
        area_id: z.number().int(),
        area_name: z.string(),
        start_date: z.string(),
        end_date: z.string(),
        unit_price_cents: z.number().int(),
        issued: z
          .object({ code: z.string(), state: z.enum(['active', 'cancelled']), uses: z.number().int() })
          .nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.number().int(),
        state: z.enum(['pending', 'succeeded', 'failed']),
        amount_cents: z.number().int(),
        reason: z.string(),
        /** The provider's code when it refused (ADR 029): shown to staff as it is. */
        failure_reason: z.string().nullable(),
        guests: z.array(z.number().int()),
        requested_by_staff_id: z.number().int().nullable(),
        created_at: z.string(),
        settled_at: z.string().nullable(),
      }),
    ),
    story: z.array(ZStoryEvent),
  }),
});

export const consoleOrderResend = defineEndpoint({
  path: '/console/order/resend',
  kind: 'write',
  access: 'orders.resend',
  tag: 'console',
  summary: "Sends the order's tickets to the buyer again.",
  input: z.object({ lng: ZLanguageParam, code: ZOrderCode }),
  output: z.object({ ok: z.literal(true) }),
});

export const consoleOrderMarkPaid = defineEndpoint({
  path: '/console/order/mark-paid',
  kind: 'write',
  access: 'orders.markPaid',
  tag: 'console',
  summary:
    'Records that a pay-on-site order was paid at the meeting point, issuing its tickets if it has none yet; 409 for any other order.',
  input: z.object({ lng: ZLanguageParam, code: ZOrderCode }),
  output: z.object({ code: z.string(), state: z.enum(CONSOLE_ORDER_STATES), paid_at: z.string() }),
});

export const consoleOrderRefund = defineEndpoint({
  path: '/console/order/refund',
  kind: 'write',
  access: 'orders.refund',
  tag: 'console',
  summary:
    'Refunds the whole order or some guests through the provider that took the payment (ADR 029); above the configured amount it asks for a recent re-authentication.',
  input: z.object({
    lng: ZLanguageParam,
    code: ZOrderCode,
    /** Order line ids (a comma-separated list in form data); every guest not refunded yet when absent. */
    guests: formList(ZId, 100)
      .refine((ids) => ids.length > 0, { error: 'field.required' })
      .optional(),
    reason: z.string().trim().min(3).max(500),
    idempotency_key: z.string().trim().min(8).max(100),
  }),
  output: z.object({
    id: z.number().int(),
    state: z.enum(['pending', 'succeeded', 'failed']),
    amount_cents: z.number().int(),
    guests: z.array(z.number().int()),
  }),
});
