import { LANGUAGES, type Language, type LocalizedText } from '../languages.ts';

/*
 * An area's texts in the console's area editor (issue 23): the same flags as a ticket's — per
 * language, the texts missing — and the one text an area cannot do without in the languages
 * every other one falls back to: its name.
 */

export const AREA_TEXT_FIELDS = ['name', 'summary', 'description', 'rules', 'limits'] as const;
export type AreaTextField = (typeof AREA_TEXT_FIELDS)[number];

/** Every text an area has in each language, except the limits, which not every area has. */
const EXPECTED: readonly AreaTextField[] = ['name', 'summary', 'description', 'rules'];

export type AreaTexts = Record<AreaTextField, Partial<LocalizedText> | null>;

/**
 * Per language, the texts that are missing: the expected ones, and the limits where the area
 * states them in some language but not in this one. Languages with nothing missing are left out.
 */
export function findMissingAreaTexts(texts: AreaTexts): Partial<Record<Language, AreaTextField[]>> {
  const hasLimits = LANGUAGES.some((language) => Boolean(texts.limits?.[language]?.trim()));
  const fields = hasLimits ? [...EXPECTED, 'limits' as const] : EXPECTED;
  const missing: Partial<Record<Language, AreaTextField[]>> = {};
  for (const language of LANGUAGES) {
    const empty = fields.filter((field) => !texts[field]?.[language]?.trim());
    if (empty.length > 0) missing[language] = empty;
  }
  return missing;
}

/** What an area cannot be saved without: its name in Italian and English, as `name.it`-like keys. */
export function findAreaProblems(texts: AreaTexts): string[] {
  return (['it', 'en'] as const)
    .filter((language) => !texts.name?.[language]?.trim())
    .map((language) => `name.${language}`);
}
