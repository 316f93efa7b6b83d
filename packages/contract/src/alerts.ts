import { z } from 'zod';
import { formList, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { GROWTH_LEVELS, type GrowthLevel } from './growth.ts';
import { ZId } from './paging.ts';
import { WEATHER_WARNINGS, type WeatherWarning } from './weather.ts';

/*
 * Sentiero+ alerts (issue 15, item 3; ADR 021): a member follows areas and is told, by mail and
 * by Web Push, when growth is expected to reach a level of their choice, and when a storm, heavy
 * rain or frost is forecast on a day they hold a ticket there. At most one notification per area
 * per member per day; pushes wait for the end of the member's quiet hours.
 */

export const ALERT_KINDS = ['growth', ...WEATHER_WARNINGS] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What one notification tells: the growth level expected on a day, or a warning on a ticket day. */
export type AlertEvent =
  | { kind: 'growth'; date: string; level: GrowthLevel }
  | { kind: WeatherWarning; date: string };

/** Quiet hours until the member chooses: nights in Italy, 22:00 to 07:00. */
export const DEFAULT_QUIET_HOURS = { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/Rome' } as const;

/** Areas one member may follow: a season's worth of woods and rivers, a list that fits a phone. */
export const MAX_FOLLOWED_AREAS = 50;
/** Devices one member may receive pushes on. */
export const MAX_PUSH_DEVICES = 10;

const field = (key: string) => ({ error: `field.${key}` });

/** A time of day as `HH:MM`, kept as minutes after midnight. */
const ZTimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, field('invalid'))
  .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)));

/** An IANA time zone the server's Intl knows (`Europe/Rome`). */
const ZTimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, field('invalid'));

export const ZAlertFollow = z
  .object({
    area_id: z.number().int(),
    area_name: z.string(),
    kinds: z.array(z.enum(ALERT_KINDS)),
    min_level: z.enum(GROWTH_LEVELS),
    by_mail: z.boolean(),
    by_push: z.boolean(),
  })
  .meta({ id: 'AlertFollow' });
export type AlertFollow = z.infer<typeof ZAlertFollow>;

export const ZAlertSettings = z
  .object({
    /** `HH:MM` in `time_zone`; equal start and end: no quiet hours. */
    quiet_start: z.string(),
    quiet_end: z.string(),
    time_zone: z.string(),
  })
  .meta({ id: 'AlertSettings' });
export type AlertSettings = z.infer<typeof ZAlertSettings>;

const ZAlertsState = z.object({
  follows: z.array(ZAlertFollow),
  settings: ZAlertSettings,
  /** The server's VAPID public key (base64url), for `PushManager.subscribe`. */
  push_public_key: z.string(),
  push_devices: z.number().int(),
});

export const alertList = defineEndpoint({
  path: '/app/alert/list',
  kind: 'read',
  access: 'premium',
  cache: 'private',
  tag: 'premium',
  summary:
    "The member's followed areas with what each one alerts of, the quiet hours and the push key (Sentiero+).",
  input: z.object({ lng: ZLanguageParam }),
  output: ZAlertsState,
});

export const alertFollow = defineEndpoint({
  path: '/app/alert/follow',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary:
    'Follows an area, or changes what it alerts of: growth reaching `min_level`, and storm, heavy rain or frost on ticket days; by mail and/or push (Sentiero+).',
  input: z
    .object({
      lng: ZLanguageParam,
      area_id: ZId,
      kinds: formList(z.enum(ALERT_KINDS, field('invalid')), ALERT_KINDS.length).default([...ALERT_KINDS]),
      min_level: z.enum(GROWTH_LEVELS, field('invalid')).default('good'),
      by_mail: ZFormBoolean.default(true),
      by_push: ZFormBoolean.default(true),
    })
    .refine((input) => input.kinds.length > 0, { path: ['kinds'], ...field('chooseOne') })
    .refine((input) => input.by_mail || input.by_push, { path: ['by_mail'], ...field('chooseOne') }),
  output: ZAlertsState,
});

export const alertUnfollow = defineEndpoint({
  path: '/app/alert/unfollow',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary: 'Stops following an area (Sentiero+).',
  input: z.object({ lng: ZLanguageParam, area_id: ZId }),
  output: ZAlertsState,
});

export const alertSettings = defineEndpoint({
  path: '/app/alert/settings',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary: 'Sets the quiet hours (`HH:MM`, in the given time zone) during which pushes wait (Sentiero+).',
  input: z.object({
    lng: ZLanguageParam,
    quiet_start: ZTimeOfDay,
    quiet_end: ZTimeOfDay,
    time_zone: ZTimeZone,
  }),
  output: ZAlertsState,
});

export const alertPushSubscribe = defineEndpoint({
  path: '/app/alert/push/subscribe',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary:
    "Keeps this device's push subscription (`PushSubscription.toJSON()`: endpoint and keys) for the member's alerts (Sentiero+).",
  input: z.object({
    lng: ZLanguageParam,
    endpoint: z.url({ protocol: /^https?$/, ...field('invalid') }).max(2048, field('invalid')),
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, field('invalid')),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, field('invalid')),
  }),
  output: z.object({ push_devices: z.number().int() }),
});

export const alertPushUnsubscribe = defineEndpoint({
  path: '/app/alert/push/unsubscribe',
  kind: 'write',
  access: 'public',
  tag: 'premium',
  summary: "Forgets this device's push subscription.",
  input: z.object({ lng: ZLanguageParam, endpoint: z.string().max(2048) }),
  output: z.object({ push_devices: z.number().int() }),
});

export const alertPushTest = defineEndpoint({
  path: '/app/alert/push/test',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary: "Sends a test notification to every device of the member's (Sentiero+).",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ sent: z.number().int(), push_devices: z.number().int() }),
});

export const alertUnsubscribe = defineEndpoint({
  path: '/app/alert/unsubscribe',
  kind: 'write',
  access: 'public',
  tag: 'premium',
  summary:
    "Stops one followed area's alerts with the link of any of its mails, without logging in (also one-click, RFC 8058).",
  input: z.object({ lng: ZLanguageParam, token: z.string().trim().min(16).max(128) }),
  output: z.object({ area_name: z.string() }),
});

/** What a push carries to the service worker: shown as it is, the click opens `url`. */
export const ZAlertPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type AlertPushPayload = z.infer<typeof ZAlertPushPayload>;
