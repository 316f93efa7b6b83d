import type { Guide, GuideCard, GuideSpecies } from '@sentiero/contract/guides';
import { GUIDE_SPECIES_SECTION } from '@sentiero/contract/guides';
import type { Language } from '@sentiero/contract/languages';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { isPremiumMember } from '../premium/index.ts';
import { FORAGING_SAFETY, SPECIES_HEADING } from './content/common.ts';
import { GUIDE_SOURCES } from './content/index.ts';
import { type LoadedGuide, loadGuideLibrary } from './library.ts';

// Checked when the API starts (app.ts imports this module): a broken guide stops the start-up.
const library = loadGuideLibrary(GUIDE_SOURCES);

function toCard(guide: LoadedGuide, lang: Language): GuideCard {
  const text = guide.texts[lang];
  return {
    slug: guide.outline.slug,
    title: text.title,
    summary: text.summary,
    category: guide.outline.category,
    reading_minutes: guide.readingMinutes[lang],
    premium: true,
  };
}

export function listGuides(ctx: Pick<ServiceContext, 'lang'>): { guide_list: GuideCard[] } {
  return { guide_list: [...library.values()].map((guide) => toCard(guide, ctx.lang)) };
}

/** The slugs of every guide, for the sitemap. */
export function listGuideSlugs(): string[] {
  return [...library.keys()];
}

function toSpecies(guide: LoadedGuide, lang: Language): GuideSpecies[] {
  const text = guide.texts[lang];
  return guide.outline.species.map((species) => {
    const written = text.species[species.id];
    return {
      id: species.id,
      latin: species.latin,
      name: species.names[lang],
      names: species.names,
      rating: species.rating,
      description: written?.description ?? '',
      look_alikes: species.lookAlikes.map((lookAlike) => ({
        latin: lookAlike.latin,
        name: lookAlike.names[lang],
        names: lookAlike.names,
        rating: lookAlike.rating,
        how_to_tell: written?.lookAlikes[lookAlike.id] ?? '',
      })),
    };
  });
}

/**
 * One guide in the request language. A Sentiero+ member reads all of it; anyone else the free
 * sample (the first sections), the table of contents with the rest marked locked, and the
 * safety warning, which no one should have to pay for. Only the member's answer carries the rest.
 */
export async function requireGuide(ctx: ServiceContext, slug: string): Promise<{ guide: Guide }> {
  const guide = library.get(slug);
  if (!guide) throw notFound();
  const full = ctx.user ? await isPremiumMember(ctx, ctx.user.id) : false;
  const { outline } = guide;
  const text = guide.texts[ctx.lang];
  const free = new Set(outline.sections.slice(0, outline.sampleSections));
  const readable = (id: string) => full || free.has(id);

  const toc = outline.sections.flatMap((id) => {
    const entry = { id, title: text.sections[id]?.title ?? '', locked: !readable(id) };
    return id === outline.speciesAfter
      ? [entry, { id: GUIDE_SPECIES_SECTION, title: SPECIES_HEADING[ctx.lang], locked: !full }]
      : [entry];
  });
  return {
    guide: {
      ...toCard(guide, ctx.lang),
      full,
      toc,
      sections: outline.sections
        .filter(readable)
        .map((id) => ({ id, title: text.sections[id]?.title ?? '', body: text.sections[id]?.body ?? '' })),
      species: full ? toSpecies(guide, ctx.lang) : [],
      species_after: outline.speciesAfter,
      safety: outline.category === 'foraging' ? FORAGING_SAFETY[ctx.lang] : null,
      revision: guide.revision[ctx.lang],
    },
  };
}
