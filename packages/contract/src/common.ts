import { z } from 'zod';

/** `lng` may come with any request; the server also reads the cookie and Accept-Language. */
export const ZLanguageParam = z
  .string()
  .max(16)
  .optional()
  .meta({ description: 'Interface language: it, en, es, de, sl (si is accepted for Slovenian).' });

export const ZCountryCode = z.enum(['IT', 'CH', 'ES', 'SI']).meta({ id: 'CountryCode' });
export type CountryCode = z.infer<typeof ZCountryCode>;
