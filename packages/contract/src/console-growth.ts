import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { ZStaffRole } from './console-auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { GROWTH_LEVELS } from './growth.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';
import { SPECIES_CODES } from './species.ts';

/*
 * Staff's growth observations (issue 23, item 4; ADR 040): an area's ranger, manager or owner
 * (or Sentiero's admin) records the level they saw in its woods on a day, with the species and a
 * note if they like. The growth table shows the day's official level beside the forecast, and the
 * forecast is anchored to it. Staff see and record only in the areas their grants cover; another
 * operator's area answers 404, as one that does not exist.
 */

export const GROWTH_OBSERVATION_PAGE_SIZE = 25;
export const GROWTH_AREA_PAGE_SIZE = 50;
/** How far back a day may be recorded: the growth table's fortnight. */
export const GROWTH_OBSERVATION_MAX_DAYS_BACK = 13;
export const GROWTH_NOTE_MAX = 1000;

const ZNote = z.string().trim().max(GROWTH_NOTE_MAX).optional();
/** Forms send an empty choice as ''; it means no species. */
const ZSpecies = z
  .union([z.enum(SPECIES_CODES), z.literal('')])
  .optional()
  .transform((value) => value || null);

export const ZGrowthObservation = z
  .object({
    id: z.number().int(),
    area: z.object({ id: z.number().int(), name: z.string() }),
    date: z.string(),
    level: z.enum(GROWTH_LEVELS),
    species: z.string().nullable(),
    note: z.string().nullable(),
    staff: z.object({ id: z.number().int(), name: z.string() }),
    role: ZStaffRole,
    recorded_at: z.string(),
    updated_at: z.string(),
    /** The caller recorded it and it is still the day they did: they may correct it. */
    can_correct: z.boolean(),
  })
  .meta({ id: 'GrowthObservation' });

export const consoleGrowthAreas = defineEndpoint({
  path: '/console/growth-reports/areas',
  kind: 'read',
  access: 'growth.report',
  tag: 'console',
  summary:
    "The areas the staff member may record growth in, by name, 50 a page, with each area's today (its own time zone): a `q` narrows them by name.",
  input: z.object({
    lng: ZLanguageParam,
    q: z.string().trim().max(80).optional(),
    page: ZPageParam,
  }),
  output: z.object({
    areas: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        operator: z.string(),
        today: z.string(),
      }),
    ),
    ...ZPaging,
  }),
});

export const consoleGrowthReports = defineEndpoint({
  path: '/console/growth-reports',
  kind: 'read',
  access: 'growth.report',
  tag: 'console',
  summary:
    'Staff observations of growth the caller may see, newest day first, 25 a page: of one area, and between two days when given.',
  input: z.object({
    lng: ZLanguageParam,
    area_id: ZId.optional(),
    from: ZCalendarDate.optional(),
    to: ZCalendarDate.optional(),
    page: ZPageParam,
  }),
  output: z.object({ observations: z.array(ZGrowthObservation), ...ZPaging }),
});

export const consoleGrowthReportRecord = defineEndpoint({
  path: '/console/growth-reports/record',
  kind: 'write',
  access: 'growth.report',
  tag: 'console',
  summary:
    'Records what the staff member saw in an area on a day (today by default, up to 13 days back, never ahead): one observation per staff member, area and day. Audited as `growth.observe`.',
  input: z.object({
    lng: ZLanguageParam,
    area_id: ZId,
    date: ZCalendarDate.optional(),
    level: z.enum(GROWTH_LEVELS),
    species: ZSpecies,
    note: ZNote,
  }),
  output: ZGrowthObservation,
});

export const consoleGrowthReportCorrect = defineEndpoint({
  path: '/console/growth-reports/correct',
  kind: 'write',
  access: 'growth.report',
  tag: 'console',
  summary:
    "Corrects the level, species or note of one of the caller's own observations, on the day they recorded it. Audited as `growth.correct` with the before and after.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    level: z.enum(GROWTH_LEVELS),
    species: ZSpecies,
    note: ZNote,
  }),
  output: ZGrowthObservation,
});
