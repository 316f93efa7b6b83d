import type { GuideCategory, SpeciesRating } from '@sentiero/contract/guides';
import type { Language, LocalizedText } from '@sentiero/contract/languages';

/**
 * A guide is written as typed modules: one outline, the same in every language (its parts in
 * order, its species with their Latin names, names and ratings), and one text per language
 * (`it.ts`, `en.ts`, …) filling that outline. The library checks at start-up that every
 * language fills exactly the outline, so a translation cannot lose a section or a species.
 */

export type LookAlikeOutline = { id: string; latin: string; names: LocalizedText; rating: SpeciesRating };

export type SpeciesOutline = {
  id: string;
  latin: string;
  names: LocalizedText;
  rating: SpeciesRating;
  lookAlikes: LookAlikeOutline[];
};

export type GuideOutline = {
  slug: string;
  category: GuideCategory;
  /** Section ids, in reading order. */
  sections: string[];
  /** How many sections, from the first, anyone may read. */
  sampleSections: number;
  /** The section the species cards follow; null when the guide has none. */
  speciesAfter: string | null;
  species: SpeciesOutline[];
};

export type GuideText = {
  title: string;
  summary: string;
  sections: Record<string, { title: string; body: string }>;
  /** Per species id: what it looks like, and per look-alike id how to tell the two apart. */
  species: Record<string, { description: string; lookAlikes: Record<string, string> }>;
};

export type GuideSource = { outline: GuideOutline; texts: Record<Language, GuideText> };
