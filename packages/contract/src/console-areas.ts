import { z } from 'zod';
import { ZCataloguePhoto } from './catalogue-photos.ts';
import { parsedJson } from './checkout.ts';
import { ZLanguageParam } from './common.ts';
import { ZLocalizedInput, ZLocalizedOutput } from './console-catalogue.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZId } from './paging.ts';
import { AREA_TEXT_FIELDS } from './rules/area-texts.ts';

/*
 * The console's area editor (issue 23, item 4): an area's texts in every language with the
 * missing ones flagged, its rules and daily limit, beside its photos and rules document (the
 * catalogue's photo and document endpoints, with `area_id`). Another operator's area, or one a
 * narrowed grant does not name, answers 404 as one that does not exist (ADR 033). The list of
 * areas is the catalogue's (`consoleCatalogueAreas`).
 */

/** The heaviest daily limit an area states, in grams: far above any real one, below nonsense. */
export const MAX_AREA_DAILY_LIMIT_G = 100_000;

/** Every field of an area the editor changes, as it sends them whole. */
export const ZAreaFields = z.object({
  name: ZLocalizedInput(120),
  summary: ZLocalizedInput(500),
  description: ZLocalizedInput(8000),
  rules: ZLocalizedInput(8000),
  /** The limits in words; all empty: the area states none. */
  limits: ZLocalizedInput(1000),
  /** The legal daily limit per person, in grams, that the notebook warns past; null without one. */
  daily_limit_g: z
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(1, { error: 'field.invalid' })
    .max(MAX_AREA_DAILY_LIMIT_G, { error: 'field.invalid' })
    .nullable()
    .default(null),
});
export type AreaFields = z.output<typeof ZAreaFields>;
export type AreaFieldsInput = z.input<typeof ZAreaFields>;

const ZMissingAreaTexts = z.partialRecord(z.enum(LANGUAGES), z.array(z.enum(AREA_TEXT_FIELDS)));

export const ZConsoleArea = z.object({
  id: z.number().int(),
  slug: z.string(),
  operator: z.string(),
  available: z.boolean(),
  fields: z.object({
    name: ZLocalizedOutput,
    summary: ZLocalizedOutput,
    description: ZLocalizedOutput,
    rules: ZLocalizedOutput,
    limits: ZLocalizedOutput,
    daily_limit_g: z.number().int().nullable(),
  }),
  /** Per language, the texts missing. */
  missing: ZMissingAreaTexts,
  photos: z.array(ZCataloguePhoto),
  rules_document: z.string().nullable(),
});
export type ConsoleArea = z.infer<typeof ZConsoleArea>;

export const consoleCatalogueArea = defineEndpoint({
  path: '/console/catalogue/area',
  kind: 'read',
  access: 'catalogue.read',
  tag: 'console',
  summary:
    "One area of the staff member's: its texts in every language with the missing ones named, its rules and daily limit, its photos and rules document.",
  input: z.object({ lng: ZLanguageParam, id: ZId }),
  output: ZConsoleArea,
});

export const consoleCatalogueAreaUpdate = defineEndpoint({
  path: '/console/catalogue/area/update',
  kind: 'write',
  access: 'catalogue.write',
  tag: 'console',
  summary:
    "Changes an area's texts, rules and daily limit (sent whole); its name is required in Italian and English (400 names the missing ones). The audit log keeps each changed field's before and after.",
  input: z.object({ lng: ZLanguageParam, id: ZId, area: z.preprocess(parsedJson, ZAreaFields) }),
  output: ZConsoleArea,
});
