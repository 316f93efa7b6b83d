import { z } from 'zod';
import { formList, ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/*
 * A buyer moves one guest or all of an order to another open day of the same ticket, where the
 * order's cancellation rule allows it (`move_allowed`, issue 25 item 3, ADR 049): same price, a
 * new ticket with a new code and QR, the old code revoked, the places moved in one transaction.
 */

const ZOrderCode = z.string().trim().min(4).max(40);
const ZDay = ZCalendarDate;

/** Order line ids, comma-separated in form data; every guest that can still move when absent. */
const ZGuests = formList(ZId, 100)
  .refine((ids) => ids.length > 0, { error: 'field.required' })
  .optional();

/** How many days ahead the day picker offers. */
export const MOVE_DAYS_AHEAD = 90;

/**
 * Where each guest stands: `open` can move now; `used` was checked at the activity; `closed` is
 * past the day before its first day; `cancelled` is refunded or being refunded.
 */
export const MOVE_GUEST_STATES = ['open', 'used', 'closed', 'cancelled'] as const;

export const ZMovePreview = z
  .object({
    order_code: z.string(),
    /** The order's rule lets its guests move to another day. */
    allowed: z.boolean(),
    guests: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        first_day: z.string(),
        last_day: z.string(),
        state: z.enum(MOVE_GUEST_STATES),
      }),
    ),
    /** The guests asked for (all open ones when none were named). */
    chosen: z.array(z.number().int()),
    /** Days the chosen guests can move to: open, with places for all of them; empty when they cannot move. */
    days: z.array(z.object({ date: z.string(), remaining: z.number().int().nullable() })),
  })
  .meta({ id: 'MovePreview' });
export type MovePreview = z.infer<typeof ZMovePreview>;

export const ticketMovePreview = defineEndpoint({
  path: '/app/ticket/move/preview',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'tickets',
  summary:
    "Which guests of one of the member's orders can move to another day, and the open days with places for them; nothing changes.",
  input: z.object({ lng: ZLanguageParam, order: ZOrderCode, guests: ZGuests }),
  output: ZMovePreview,
});

export const ZMoveOutcome = z
  .object({
    order_code: z.string(),
    day: z.string(),
    /** The moved guests, each with the new ticket's code. */
    tickets: z.array(z.object({ guest: z.number().int(), code: z.string() })),
  })
  .meta({ id: 'MoveOutcome' });

export const ticketMove = defineEndpoint({
  path: '/app/ticket/move',
  kind: 'write',
  access: 'member',
  tag: 'tickets',
  summary:
    "Moves some or all guests of one of the member's orders to another day of the same ticket at the same price: new tickets with new codes (mailed), the old ones revoked. 409 when the rule does not allow it, a ticket was used, the day before the first day has passed, or the day is closed or full.",
  input: z.object({ lng: ZLanguageParam, order: ZOrderCode, guests: ZGuests, day: ZDay }),
  output: ZMoveOutcome,
});
