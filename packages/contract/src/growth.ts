import { z } from 'zod';
import { ZCountryCode, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/** SPEC section 3, from the leanest woods to the best. */
export const GROWTH_LEVELS = ['poor', 'insufficient', 'scarce', 'good', 'abundant', 'miraculous'] as const;
export type GrowthLevel = (typeof GROWTH_LEVELS)[number];

/** Days of history everybody sees; the full table (Sentiero+) shows every reported day. */
export const OPEN_GROWTH_DAYS = 3;
export const FULL_GROWTH_DAYS = 14;

const ZObservation = z.object({ date: z.string(), level: z.enum(GROWTH_LEVELS) });

export const ZGrowthRow = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    region: z.object({ id: z.number().int(), name: z.string() }),
    country: ZCountryCode,
    available: z.boolean(),
    /** Newest first. */
    days: z.array(ZObservation),
  })
  .meta({ id: 'GrowthRow' });
export type GrowthRow = z.infer<typeof ZGrowthRow>;

export const areaListLevel = defineEndpoint({
  path: '/app/area/list/level',
  kind: 'read',
  cache: 'public',
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
    /** False while the table is limited to the last OPEN_GROWTH_DAYS days. */
    full_table: z.boolean(),
  }),
});
