import type { Language } from '@sentiero/contract/languages';
import { findSpecies } from '@sentiero/contract/species';

/** Grams as a forager reads them: "800 g", "1,2 kg" (in the reader's language). */
export function formatWeight(grams: number, language: Language): string {
  return grams < 1000
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'gram' }).format(grams)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 2 }).format(
        grams / 1000,
      );
}

export const speciesName = (code: string, language: Language) => findSpecies(code)?.names[language] ?? code;
