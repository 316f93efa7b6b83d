import { z } from 'zod';
import { ZCountryCode, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/** SPEC section 3, from the leanest woods to the best. */
export const GROWTH_LEVELS = ['poor', 'insufficient', 'scarce', 'good', 'abundant', 'miraculous'] as const;
export type GrowthLevel = (typeof GROWTH_LEVELS)[number];

/**
 * Who sees how much of the growth table (SPEC section 6: log in or register to unlock the full
 * table): a visitor the latest level of each area, a logged-in member the last few days and the
 * full history of a few areas they unlock, a Sentiero+ member every reported day of every area.
 */
export const GROWTH_ACCESS = ['visitor', 'member', 'premium'] as const;
export type GrowthAccess = (typeof GROWTH_ACCESS)[number];
export const FULL_GROWTH_DAYS = 14;
export const GROWTH_DAYS: Record<GrowthAccess, number> = { visitor: 1, member: 3, premium: FULL_GROWTH_DAYS };
/** Areas whose full history a logged-in member without Sentiero+ may unlock. */
export const MEMBER_GROWTH_UNLOCKS = 3;

const ZObservation = z.object({ date: z.string(), level: z.enum(GROWTH_LEVELS) });

/** Why a forecast day has its level, as data (ADR 018); the web words each kind in five languages. */
export const ZGrowthReason = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('out_of_season') }),
    z.object({ kind: z.literal('rain'), mm: z.number(), daysAgo: z.number().int() }),
    z.object({ kind: z.literal('recent_rain'), mm: z.number(), daysAgo: z.number().int() }),
    z.object({
      kind: z.literal('temperature'),
      meanC: z.number(),
      band: z.enum(['cold', 'cool', 'mild', 'warm', 'hot']),
    }),
    z.object({ kind: z.literal('frost'), date: z.string(), minC: z.number() }),
    z.object({ kind: z.literal('dry_spell'), days: z.number().int() }),
    z.object({ kind: z.literal('missing_weather'), days: z.number().int() }),
    z.object({
      kind: z.literal('calibrated'),
      offset: z.union([z.literal(-1), z.literal(1)]),
      reports: z.number().int(),
    }),
    z.object({ kind: z.literal('observed'), date: z.string(), level: z.enum(GROWTH_LEVELS) }),
  ])
  .meta({ id: 'GrowthReason' });

/**
 * A day of the growth forecast as the caller may see it: the level for everyone who sees the day;
 * the score and the reasons for Sentiero+ only.
 */
export const ZGrowthForecastDay = z
  .object({
    date: z.string(),
    /** From the area's today on; the model's own view of the days before. */
    forecast: z.boolean(),
    level: z.enum(GROWTH_LEVELS),
    score: z.number().optional(),
    reasons: z.array(ZGrowthReason).optional(),
  })
  .meta({ id: 'GrowthForecastDay' });
export type GrowthForecastView = z.infer<typeof ZGrowthForecastDay>;

export const ZGrowthRow = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    region: z.object({ id: z.number().int(), name: z.string() }),
    country: ZCountryCode,
    available: z.boolean(),
    /** The caller sees this area's full history (Sentiero+, or a member who unlocked it). */
    unlocked: z.boolean(),
    /** Reported levels, newest first. */
    days: z.array(ZObservation),
    /**
     * What the area's staff saw (ADR 040), newest first, as many days as `days` may hold: the
     * day's official level (the rounded mean when several staff recorded it) and the species
     * they named, if one.
     */
    observations: z.array(
      z.object({ date: z.string(), level: z.enum(GROWTH_LEVELS), species: z.array(z.string()) }),
    ),
    /**
     * The model's levels, oldest first: today's for visitors and members; for Sentiero+ a week
     * before today and a week from today, with scores and reasons. Empty while the area has no
     * stored weather.
     */
    forecast: z.array(ZGrowthForecastDay),
  })
  .meta({ id: 'GrowthRow' });
export type GrowthRow = z.infer<typeof ZGrowthRow>;

export const areaListLevel = defineEndpoint({
  path: '/app/area/list/level',
  kind: 'read',
  access: 'public',
  // What it shows depends on who asks.
  cache: 'private',
  tag: 'areas',
  summary:
    "The mushroom growth table: each foraging area's latest reported levels and its growth forecast, as much as the caller may see.",
  input: z.object({
    lng: ZLanguageParam,
    country: z.string().trim().toUpperCase().pipe(ZCountryCode).optional(),
    id_region: ZId.optional(),
  }),
  output: z.object({
    level_list: z.array(z.enum(GROWTH_LEVELS)),
    area_list: z.array(ZGrowthRow),
    /** True for Sentiero+ members: every area's full history. */
    full_table: z.boolean(),
    access: z.enum(GROWTH_ACCESS),
  }),
});

const ZUnlockState = z.object({
  access: z.enum(GROWTH_ACCESS),
  /** Days of this area's history the caller sees. */
  days: z.number().int(),
  unlocked: z.boolean(),
  can_unlock: z.boolean(),
  /** Areas the member may still unlock (0 for visitors; Sentiero+ needs none). */
  unlocks_left: z.number().int(),
});

export const areaLevelUnlockCheck = defineEndpoint({
  path: '/app/area/level/unlock/check',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'areas',
  summary: "What the caller may see of an area's growth history, and whether they may unlock it.",
  input: z.object({ lng: ZLanguageParam, id_area: ZId }),
  output: ZUnlockState,
});

export const areaLevelUnlock = defineEndpoint({
  path: '/app/area/level/unlock/area',
  kind: 'write',
  access: 'member',
  tag: 'areas',
  summary:
    "Unlocks an area's full growth history for a logged-in member (a few areas each; every area with Sentiero+).",
  input: z.object({ lng: ZLanguageParam, id_area: ZId }),
  output: ZUnlockState,
});

/** What the member reported, and the area's level for the day now that it counts. */
const ZGrowthReportState = z.object({
  id_area: z.number().int(),
  /** The area's calendar day today: a report is always about today. */
  date: z.string(),
  level: z.enum(GROWTH_LEVELS),
  /** The day's level: the rounded mean of the members' reports. */
  area_level: z.enum(GROWTH_LEVELS),
  reports: z.number().int(),
});

export const areaLevelReport = defineEndpoint({
  path: '/app/area/level/report',
  kind: 'write',
  access: 'member',
  tag: 'areas',
  summary:
    'A logged-in member reports what they found in a foraging area today (one report a day and area; a new one replaces it).',
  input: z.object({ lng: ZLanguageParam, id_area: ZId, level: z.enum(GROWTH_LEVELS) }),
  output: ZGrowthReportState,
});
