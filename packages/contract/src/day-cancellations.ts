import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';
import { WEATHER_WARNINGS } from './rules/weather-warnings.ts';

/*
 * An operator cancels a ticket's day, or every ticket of an area on a day (a storm; issue 25
 * item 6, ADR 049). The day closes for sale; a queued run tells every buyer in their language,
 * with two one-click choices: everything back, or another open day free; who chooses nothing
 * within 48 hours is refunded.
 */

/** How long buyers have to choose before they are refunded. */
export const DAY_CANCELLATION_LAPSE_HOURS = 48;

const ZSubject = z.object({
  lng: ZLanguageParam,
  /** One ticket's day; absent with `area_id`: every ticket of the area. */
  ticket_id: ZId.optional(),
  area_id: ZId.optional(),
  date: ZCalendarDate,
});

export const ZDayCancellationProgress = z
  .object({
    id: z.number().int(),
    day: z.string(),
    reason: z.string(),
    state: z.enum(['collecting', 'telling', 'waiting', 'done']),
    created_at: z.string(),
    lapse_at: z.string(),
    orders: z.number().int(),
    told: z.number().int(),
    refunded: z.number().int(),
    moved: z.number().int(),
    failed: z.number().int(),
    /** Money given back so far, in cents. */
    refunded_cents: z.number().int(),
  })
  .meta({ id: 'DayCancellationProgress' });
export type DayCancellationProgress = z.infer<typeof ZDayCancellationProgress>;

export const consoleDayCancellationPreview = defineEndpoint({
  path: '/console/day-cancellation/preview',
  kind: 'read',
  access: 'days.cancel',
  cache: 'private',
  tag: 'console',
  summary:
    "What cancelling a ticket's day (or every ticket of an area that day) would touch: the stored forecast's warnings for the area that day, the orders and guests valid that day, what they paid; and the cancellation already made, if any.",
  input: ZSubject,
  output: z.object({
    area_id: z.number().int(),
    area_name: z.string(),
    date: z.string(),
    forecast: z
      .object({
        warnings: z.array(z.enum(WEATHER_WARNINGS)),
        rain_mm: z.number().nullable(),
        temp_min: z.number().nullable(),
        gust_kmh: z.number().nullable(),
        weather_code: z.number().int().nullable(),
      })
      .nullable(),
    orders: z.number().int(),
    guests: z.number().int(),
    paid_cents: z.number().int(),
    existing: ZDayCancellationProgress.nullable(),
  }),
});

export const consoleDayCancel = defineEndpoint({
  path: '/console/day-cancellation/start',
  kind: 'write',
  access: 'days.cancel',
  tag: 'console',
  summary:
    "Cancels a ticket's day (or every ticket of an area that day) with a reason (audited): the day closes for sale and a queued run tells each buyer, who may take everything back or move free to another day; who chooses nothing is refunded after 48 hours. 409 when the day was cancelled already.",
  input: ZSubject.extend({
    reason: z.string().trim().min(3, { error: 'field.reasonRequired' }).max(500, { error: 'field.tooLong' }),
  }),
  output: ZDayCancellationProgress,
});

export const consoleDayCancellation = defineEndpoint({
  path: '/console/day-cancellation/progress',
  kind: 'read',
  access: 'days.cancel',
  cache: 'private',
  tag: 'console',
  summary: "A day cancellation's progress while its jobs run: told, refunded, moved, failed.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: ZDayCancellationProgress,
});

/** The secret of a buyer's one-click links, as the mail carries it. */
const ZChoiceToken = z.string().trim().min(20).max(200);

export const ZDayCancellationChoice = z
  .object({
    order_code: z.string(),
    day: z.string(),
    title: z.string(),
    reason: z.string(),
    guests: z.array(z.string()),
    /** What a refund gives back: everything the guests paid, no fee. */
    refund_cents: z.number().int(),
    /** `told`: nothing chosen yet; otherwise what was chosen (or done after 48 hours). */
    state: z.enum(['waiting', 'told', 'refunding', 'refunded', 'moved', 'failed']),
    moved_to: z.string().nullable(),
    lapse_at: z.string(),
    /** Open days with places for every guest, to move to. */
    days: z.array(z.object({ date: z.string(), remaining: z.number().int().nullable() })),
  })
  .meta({ id: 'DayCancellationChoice' });

export const dayCancellationChoice = defineEndpoint({
  path: '/app/ticket/day-cancelled/info',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'tickets',
  summary:
    "What a buyer of a cancelled day may choose, from the secret of the mail's one-click links (no login): the refund, the days to move to, or what was chosen already. 404 for a link that is not ours.",
  input: z.object({ lng: ZLanguageParam, token: ZChoiceToken }),
  output: ZDayCancellationChoice,
});

export const dayCancellationChoose = defineEndpoint({
  path: '/app/ticket/day-cancelled/choose',
  kind: 'write',
  access: 'public',
  tag: 'tickets',
  summary:
    "A buyer of a cancelled day takes everything back (no fee, whatever the rule) or moves free to another open day, from the mail's one-click link. 409 when a choice was made already (a link used twice), 404 for a forged link.",
  input: z.object({
    lng: ZLanguageParam,
    token: ZChoiceToken,
    choice: z.enum(['refund', 'move']),
    day: ZCalendarDate.optional(),
  }),
  output: ZDayCancellationChoice,
});
