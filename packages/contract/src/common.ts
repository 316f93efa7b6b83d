import { z } from 'zod';
import { parseCalendarDate } from './durations.ts';

/** `lng` may come with any request; the server also reads the cookie and Accept-Language. */
export const ZLanguageParam = z
  .string()
  .max(16)
  .optional()
  .meta({ description: 'Interface language: it, en, es, de, sl (si is accepted for Slovenian).' });

export const ZCountryCode = z.enum(['IT', 'CH', 'ES', 'SI']).meta({ id: 'CountryCode' });
export type CountryCode = z.infer<typeof ZCountryCode>;

/** A checkbox as forms send it: a boolean in JSON, a string in form-data and query strings. */
export const ZFormBoolean = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', ''])
    .transform((value) => value === 'true' || value === '1' || value === 'on'),
]);

/** A list as forms send it: an array in JSON, comma-separated in form-data and query strings. */
export function formList<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item).max(max),
  );
}

/**
 * A calendar day as `YYYY-MM-DD` that exists: 2026-02-29 or 2026-04-31 are refused here, never
 * handed to the database to fail on. Years run from 1900 to 2199: every date a visitor books or
 * searches is in that range, and a day counted on from it (a calendar's last day, a permit's end)
 * never leaves the four-digit years that dates are written in.
 */
export const ZCalendarDate = z
  .string({ error: 'field.invalidDate' })
  .regex(/^(19|20|21)\d{2}-\d{2}-\d{2}$/, { error: 'field.invalidDate' })
  .refine((value) => parseCalendarDate(value) !== undefined, { error: 'field.invalidDate' });

/**
 * An id made by the member's phone (`crypto.randomUUID()`) for a record it creates offline
 * (markers, notebook entries, photos): lower case, as PostgreSQL gives uuids back.
 */
export const ZClientId = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: 'field.invalid' }));
