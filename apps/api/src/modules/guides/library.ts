import { createHash } from 'node:crypto';
import { GUIDE_CATEGORIES, GUIDE_SPECIES_SECTION, SPECIES_RATINGS } from '@sentiero/contract/guides';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import type { GuideOutline, GuideSource, GuideText } from './content/types.ts';

/** A guide checked and ready to serve: its source, and per language its revision and reading time. */
export type LoadedGuide = GuideSource & {
  revision: Record<Language, string>;
  readingMinutes: Record<Language, number>;
};

// A calm reading pace for instructions read on a phone, in words per minute.
const WORDS_PER_MINUTE = 200;
const ID = /^[a-z0-9-]+$/;

const sameKeys = (actual: object, expected: string[]) =>
  JSON.stringify(Object.keys(actual).sort()) === JSON.stringify([...expected].sort());

function outlineProblems(outline: GuideOutline): string[] {
  const problems: string[] = [];
  if (!ID.test(outline.slug)) problems.push(`slug "${outline.slug}" is not lower-case words and dashes`);
  if (!GUIDE_CATEGORIES.includes(outline.category)) problems.push(`unknown category ${outline.category}`);
  if (outline.sections.length === 0) problems.push('has no sections');
  if (new Set(outline.sections).size !== outline.sections.length) problems.push('repeats a section id');
  if (outline.sections.includes(GUIDE_SPECIES_SECTION))
    problems.push(`uses the species cards' id "${GUIDE_SPECIES_SECTION}" for a section`);
  if (outline.sampleSections < 1 || outline.sampleSections >= outline.sections.length)
    problems.push('must keep at least one section free and one for members');
  if (outline.species.length > 0 && !outline.sections.includes(outline.speciesAfter ?? ''))
    problems.push(`places its species after "${outline.speciesAfter}", which is not one of its sections`);
  if (outline.species.length === 0 && outline.speciesAfter !== null)
    problems.push('places species cards but has no species');
  const speciesIds = outline.species.map((species) => species.id);
  if (new Set(speciesIds).size !== speciesIds.length) problems.push('repeats a species id');
  for (const species of [...outline.species, ...outline.species.flatMap((one) => one.lookAlikes)]) {
    if (!ID.test(species.id)) problems.push(`species id "${species.id}" is not lower-case words and dashes`);
    if (!SPECIES_RATINGS.includes(species.rating)) problems.push(`${species.id}: unknown rating`);
    for (const language of LANGUAGES)
      if (!species.names[language]?.trim()) problems.push(`${species.id}: no ${language} name`);
  }
  return problems;
}

function textProblems(outline: GuideOutline, text: GuideText): string[] {
  const problems: string[] = [];
  if (!text.title.trim() || !text.summary.trim()) problems.push('has no title or summary');
  if (!sameKeys(text.sections, outline.sections))
    problems.push(`has sections ${Object.keys(text.sections)}, the outline ${outline.sections}`);
  for (const [id, section] of Object.entries(text.sections))
    if (!section.title.trim() || !section.body.trim()) problems.push(`section ${id} is empty`);
  const speciesIds = outline.species.map((species) => species.id);
  if (!sameKeys(text.species, speciesIds))
    problems.push(`has species ${Object.keys(text.species)}, the outline ${speciesIds}`);
  for (const species of outline.species) {
    const written = text.species[species.id];
    if (!written) continue;
    if (!written.description.trim()) problems.push(`${species.id} has no description`);
    const lookAlikeIds = species.lookAlikes.map((lookAlike) => lookAlike.id);
    if (!sameKeys(written.lookAlikes, lookAlikeIds))
      problems.push(
        `${species.id} has look-alikes ${Object.keys(written.lookAlikes)}, the outline ${lookAlikeIds}`,
      );
    for (const [id, howToTell] of Object.entries(written.lookAlikes))
      if (!howToTell.trim()) problems.push(`${species.id}: nothing says how to tell ${id} apart`);
  }
  return problems;
}

/** Every problem of one guide, each naming the language it is in; none for a guide ready to serve. */
export function findGuideProblems(source: GuideSource): string[] {
  const { outline } = source;
  return [
    ...outlineProblems(outline),
    ...LANGUAGES.flatMap((language) => {
      const text = source.texts[language];
      if (!text) return [`has no ${language} text`];
      return textProblems(outline, text).map((problem) => `${language}: ${problem}`);
    }),
  ].map((problem) => `guide ${outline.slug}: ${problem}`);
}

function countWords(text: GuideText): number {
  const parts = [
    ...Object.values(text.sections).map((section) => section.body),
    ...Object.values(text.species).flatMap((species) => [
      species.description,
      ...Object.values(species.lookAlikes),
    ]),
  ];
  return parts.join(' ').split(/\s+/).filter(Boolean).length;
}

/**
 * Checks every guide (the server does not start with a broken one: the error names each problem)
 * and works out what does not change while it runs: reading times and revisions.
 */
export function loadGuideLibrary(sources: GuideSource[]): Map<string, LoadedGuide> {
  const problems = sources.flatMap(findGuideProblems);
  const slugs = sources.map((source) => source.outline.slug);
  if (new Set(slugs).size !== slugs.length) problems.push('two guides have the same slug');
  if (problems.length > 0) throw new Error(`The guides cannot be served:\n${problems.join('\n')}`);

  return new Map(
    sources.map((source) => {
      const perLanguage = <T>(make: (text: GuideText) => T) =>
        Object.fromEntries(LANGUAGES.map((language) => [language, make(source.texts[language])])) as Record<
          Language,
          T
        >;
      const loaded: LoadedGuide = {
        ...source,
        readingMinutes: perLanguage((text) => Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE))),
        revision: perLanguage((text) =>
          createHash('sha256')
            .update(JSON.stringify([source.outline, text]))
            .digest('base64url')
            .slice(0, 12),
        ),
      };
      return [source.outline.slug, loaded];
    }),
  );
}
