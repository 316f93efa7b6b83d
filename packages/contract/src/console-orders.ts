import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZCountedPaging, ZId, ZPageParam } from './paging.ts';

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

export const consoleOrders = defineEndpoint({
  path: '/console/orders',
  kind: 'read',
  access: 'orders.read',
  tag: 'console',
  summary:
    'Searches the orders the staff member may see, newest first, 25 a page: by order or ticket code, buyer, guest, fiscal code, area, ticket, day or state. The total counts at most 1,000 orders past the page asked for; `total_exact` is false when more match (show it as "1,000+").',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    order_code: ZOrderCode.optional(),
    ticket_code: z.string().trim().min(3).max(40).optional(),
    buyer_email: z.string().trim().min(3).max(254).optional(),
    buyer_name: ZSearchText,
    guest_name: ZSearchText,
    fiscal_code: z.string().trim().min(3).max(32).optional(),
    area_id: ZId.optional(),
    ticket_id: ZId.optional(),
    day: ZCalendarDate.optional(),
    state: z.enum(CONSOLE_ORDER_STATES).optional(),
  }),
  output: z.object({ orders: z.array(ZConsoleOrderSummary), ...ZCountedPaging }),
});

const ZStoryEvent = z.object({
  at: z.string(),
  kind: z.enum(['created', 'paid', 'issued', 'refund', 'redemption', 'audit']),
  /** The audit line's action, the refund's state, the redeemed ticket's code. */
  detail: z.string().nullable(),
  staff_id: z.number().int().nullable(),
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
        ticket_id: z.number().int(),
        area_id: z.number().int(),
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
    /** Order line ids; every guest not refunded yet when absent. */
    guests: z.array(z.number().int().positive()).min(1).max(100).optional(),
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
