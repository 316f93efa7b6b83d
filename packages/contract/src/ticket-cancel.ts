import { z } from 'zod';
import { formList, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/*
 * A buyer cancels the whole order or some of its guests by the ticket's cancellation rule in force
 * when they bought (issue 25, ADR 045). The preview and the cancellation apply the same rule
 * (`rules/cancellation.ts`) at the same clock, so the amount shown is the amount refunded.
 */

const ZOrderCode = z.string().trim().min(4).max(40);

/** Order line ids, comma-separated in form data; every guest that can still be cancelled when absent. */
const ZGuests = formList(ZId, 100)
  .refine((ids) => ids.length > 0, { error: 'field.required' })
  .optional();

/**
 * Where each guest stands: `open` can be cancelled now; `used` was checked at the activity;
 * `closed` is past the rule's window; `cancelled` is refunded or being refunded already.
 */
export const CANCEL_GUEST_STATES = ['open', 'used', 'closed', 'cancelled'] as const;

export const ZCancelPreview = z
  .object({
    order_code: z.string(),
    /** The payment took no money through Sentiero (pay on site, free): guests are cancelled without a refund. */
    no_money: z.boolean(),
    /** The refund goes back to a card: the buyer confirms with their password. */
    needs_password: z.boolean(),
    guests: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        first_day: z.string(),
        state: z.enum(CANCEL_GUEST_STATES),
        /** What this guest paid: their share of the order's total (coupons and member prices in proportion). */
        paid_cents: z.number().int(),
        /** What cancelling them now gives back by the rule: 0 unless `open`. */
        refund_cents: z.number().int(),
        percent: z.number().int(),
      }),
    ),
    /** The guests asked for (all open ones when none were named). */
    chosen: z.array(z.number().int()),
    /** What the chosen guests paid, and what cancelling them gives back. */
    paid_cents: z.number().int(),
    refund_cents: z.number().int(),
    /** The rule in force when the order was bought, in words, in the request's language. */
    terms: z.array(z.string()),
  })
  .meta({ id: 'CancelPreview' });
export type CancelPreview = z.infer<typeof ZCancelPreview>;

export const ticketCancelPreview = defineEndpoint({
  path: '/app/ticket/cancel/preview',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'tickets',
  summary:
    "What cancelling some or all guests of one of the member's orders gives back now, by the cancellation rule in force when it was bought; nothing changes.",
  input: z.object({ lng: ZLanguageParam, order: ZOrderCode, guests: ZGuests }),
  output: ZCancelPreview,
});

export const ticketCancel = defineEndpoint({
  path: '/app/ticket/cancel',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary:
    "Cancels some or all guests of one of the member's orders by the order's cancellation rule and refunds them through the provider that took the payment (ADR 029, 045). A refund to a card asks for the password. 409 when a guest's ticket was used, its window closed or it is already cancelled.",
  input: z.object({
    lng: ZLanguageParam,
    order: ZOrderCode,
    guests: ZGuests,
    password: z.string().max(200).optional(),
    /** One per confirmation: the same key again answers the same cancellation. */
    idempotency_key: z.string().trim().min(8).max(100),
  }),
  output: z.object({
    state: z.enum(['pending', 'succeeded', 'failed']),
    refund_cents: z.number().int(),
    guests: z.array(z.number().int()),
  }),
});
