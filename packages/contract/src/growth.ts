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
/** Days of history everybody sees. */
export const OPEN_GROWTH_DAYS = GROWTH_DAYS.visitor;
/** Areas whose full history a logged-in member without Sentiero+ may unlock. */
export const MEMBER_GROWTH_UNLOCKS = 3;

const ZObservation = z.object({ date: z.string(), level: z.enum(GROWTH_LEVELS) });

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
    /** Newest first. */
    days: z.array(ZObservation),
  })
  .meta({ id: 'GrowthRow' });
export type GrowthRow = z.infer<typeof ZGrowthRow>;

export const areaListLevel = defineEndpoint({
  path: '/app/area/list/level',
  kind: 'read',
  // What it shows depends on who asks.
  cache: 'private',
  tag: 'areas',
  summary: 'The mushroom growth table: the latest levels reported in each foraging area.',
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
  cache: 'private',
  tag: 'areas',
  summary: "What the caller may see of an area's growth history, and whether they may unlock it.",
  input: z.object({ lng: ZLanguageParam, id_area: ZId }),
  output: ZUnlockState,
});

export const areaLevelUnlock = defineEndpoint({
  path: '/app/area/level/unlock/area',
  kind: 'write',
  tag: 'areas',
  summary:
    "Unlocks an area's full growth history for a logged-in member (a few areas each; every area with Sentiero+).",
  input: z.object({ lng: ZLanguageParam, id_area: ZId }),
  output: ZUnlockState,
});
