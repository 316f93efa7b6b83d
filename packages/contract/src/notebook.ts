import { z } from 'zod';
import { ZCalendarDate, ZClientId, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZClientTime, ZForagingArea, ZSpeciesCode } from './finds.ts';
import { MAX_NOTES_LENGTH } from './finds-limits.ts';
import { ZId } from './paging.ts';
import { ZPhotoIds, ZPhotoRef } from './photos.ts';
import { ZDayWeatherSnapshot } from './weather.ts';

/**
 * Sentiero+ mushroom notebook (issue 15, item 5): what a member picked, day by day. Entries are
 * made on the phone like markers (phone-made ids, last writer wins), are the member's only, and
 * are checked against the legal daily limit of the area they were picked in.
 */

export const MAX_NOTEBOOK_ENTRIES_PER_MEMBER = 20_000;
/** Heavier than any basket: a typing slip (35000 for 3500) is refused, not summed. */
export const MAX_ENTRY_WEIGHT_G = 50_000;

const field = (key: string) => ({ error: `field.${key}` });
const emptyAsNone = (value: unknown) => (value === '' ? undefined : value);

/**
 * The day's weather where the entry was made, attached by the server (issue 15: rain and
 * temperature); null until the area's weather for the day is stored.
 */
export const ZWeatherSnapshot = ZDayWeatherSnapshot.nullable();

export const ZNotebookEntry = z
  .object({
    id: z.string(),
    day: z.string(),
    area_id: z.number().int().nullable(),
    /** The marker the mushrooms were picked at, when the member links one. */
    find_id: z.string().nullable(),
    species_code: z.string(),
    weight_g: z.number().int(),
    notes: z.string(),
    photos: z.array(ZPhotoRef),
    weather: ZWeatherSnapshot,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'NotebookEntry' });
export type NotebookEntry = z.infer<typeof ZNotebookEntry>;

const ZTotal = { total_g: z.number().int(), count: z.number().int() };

/** One day in one area over the area's legal daily limit. */
export const ZOverLimit = z
  .object({
    area_id: z.number().int(),
    day: z.string(),
    total_g: z.number().int(),
    limit_g: z.number().int(),
  })
  .meta({ id: 'OverLimit' });
export type OverLimit = z.infer<typeof ZOverLimit>;

export const ZSeasonSummary = z
  .object({
    ...ZTotal,
    by_species: z.array(z.object({ species_code: z.string(), ...ZTotal })),
    by_area: z.array(z.object({ area_id: z.number().int().nullable(), ...ZTotal })),
    /** `YYYY-MM`, in calendar order. */
    by_month: z.array(z.object({ month: z.string(), ...ZTotal })),
  })
  .meta({ id: 'SeasonSummary' });
export type SeasonSummary = z.infer<typeof ZSeasonSummary>;

export const notebookList = defineEndpoint({
  path: '/app/notebook/list',
  kind: 'read',
  access: 'premium',
  cache: 'private',
  tag: 'premium',
  summary:
    "The member's notebook for one season (a calendar year, this year by default; Sentiero+), newest day first, with the season's totals by species, area and month, the days over an area's legal daily limit, and the foraging areas to choose from.",
  input: z.object({
    lng: ZLanguageParam,
    season: z.preprocess(emptyAsNone, z.coerce.number().int().min(2000).max(2199).optional()),
  }),
  output: z.object({
    season: z.number().int(),
    entries: z.array(ZNotebookEntry),
    summary: ZSeasonSummary,
    over_limit: z.array(ZOverLimit),
    areas: z.array(ZForagingArea),
  }),
});

export const notebookSave = defineEndpoint({
  path: '/app/notebook/save',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary:
    "Creates or replaces a notebook entry by its phone-made id (Sentiero+), last writer wins as for markers. Answers the day-and-area totals over their limit for the entry's season.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZClientId,
    day: ZCalendarDate,
    area_id: z.preprocess(emptyAsNone, ZId.optional()),
    find_id: z.preprocess(emptyAsNone, ZClientId.optional()),
    species_code: ZSpeciesCode,
    weight_g: z.coerce
      .number(field('invalid'))
      .int(field('invalid'))
      .min(0, field('invalid'))
      .max(MAX_ENTRY_WEIGHT_G, field('invalid')),
    notes: z.string().trim().max(MAX_NOTES_LENGTH, field('tooLong')).default(''),
    photo_ids: ZPhotoIds.default([]),
    updated_at: ZClientTime,
  }),
  output: z.object({
    entry: ZNotebookEntry,
    applied: z.boolean(),
    deleted: z.boolean(),
    over_limit: z.array(ZOverLimit),
  }),
});

export const notebookDelete = defineEndpoint({
  path: '/app/notebook/delete',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary: 'Deletes a notebook entry (Sentiero+), as of `deleted_at` on the phone, like markers.',
  input: z.object({ lng: ZLanguageParam, id: ZClientId, deleted_at: ZClientTime.optional() }),
  output: z.object({ id: z.string(), deleted: z.boolean() }),
});

export const notebookExport = defineEndpoint({
  path: '/app/notebook/export',
  kind: 'read',
  access: 'premium',
  cache: 'private',
  tag: 'premium',
  summary:
    "The member's notebook for one season as CSV (Sentiero+): UTF-8 with a byte-order mark and semicolons between fields, the form Excel opens directly in Italian (and most European) settings, where the comma is the decimal separator.",
  input: z.object({
    lng: ZLanguageParam,
    season: z.preprocess(emptyAsNone, z.coerce.number().int().min(2000).max(2199).optional()),
  }),
  output: z.string().meta({ description: 'The CSV document.' }),
});
