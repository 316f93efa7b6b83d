import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';

/** The guides of Sentiero+ (SPEC section 1: "fishing and foraging guides"). */
export const GUIDE_CATEGORIES = ['foraging', 'fishing'] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

/**
 * What a species, or a species it can be taken for, means for the person holding it: in the
 * basket or on the hook. The guide screens show each with its own colour, icon and words.
 */
export const SPECIES_RATINGS = [
  'edible',
  /** Edible only well cooked, or only for the experienced. */
  'caution',
  /** A fish that may be kept, within the water's limits and sizes. */
  'catchable',
  'inedible',
  'toxic',
  'deadly',
  /** A fish that must go back into the water. */
  'protected',
] as const;
export type SpeciesRating = (typeof SPECIES_RATINGS)[number];

/** The table of contents' entry of the species cards. */
export const GUIDE_SPECIES_SECTION = 'species';

const ZSpeciesNames = z
  .object(
    Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<
      (typeof LANGUAGES)[number],
      z.ZodString
    >,
  )
  .meta({ description: 'The common name in each interface language.' });

export const ZGuideCard = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.enum(GUIDE_CATEGORIES),
    /** Minutes to read the whole guide, in the answer's language. */
    reading_minutes: z.number().int(),
    /** Every guide is part of Sentiero+; its first part is free for everyone. */
    premium: z.literal(true),
  })
  .meta({ id: 'GuideCard' });
export type GuideCard = z.infer<typeof ZGuideCard>;

export const ZLookAlike = z
  .object({
    latin: z.string(),
    name: z.string(),
    names: ZSpeciesNames,
    rating: z.enum(SPECIES_RATINGS),
    /** How to tell it from the species it resembles. */
    how_to_tell: z.string(),
  })
  .meta({ id: 'LookAlike' });
export type LookAlike = z.infer<typeof ZLookAlike>;

export const ZGuideSpecies = z
  .object({
    id: z.string(),
    latin: z.string(),
    /** The name in the answer's language. */
    name: z.string(),
    names: ZSpeciesNames,
    rating: z.enum(SPECIES_RATINGS),
    description: z.string(),
    look_alikes: z.array(ZLookAlike),
  })
  .meta({ id: 'GuideSpecies' });
export type GuideSpecies = z.infer<typeof ZGuideSpecies>;

export const ZGuideSection = z
  .object({
    id: z.string(),
    title: z.string(),
    /** The small Markdown of the blog: paragraphs, `### ` headings, `- ` lists, **bold**, *italic*. */
    body: z.string(),
  })
  .meta({ id: 'GuideSection' });
export type GuideSection = z.infer<typeof ZGuideSection>;

/** The boxed warning of every foraging guide: free for everyone, whoever asks. */
export const ZGuideSafety = z
  .object({ title: z.string(), points: z.array(z.string()) })
  .meta({ id: 'GuideSafety' });
export type GuideSafety = z.infer<typeof ZGuideSafety>;

export const ZGuide = ZGuideCard.extend({
  /** True for a Sentiero+ member: every section and species; false: the free sample only. */
  full: z.boolean(),
  /** Every part of the guide, in order, the ones outside the sample marked `locked` for non-members. */
  toc: z.array(z.object({ id: z.string(), title: z.string(), locked: z.boolean() })),
  /** The sections this answer carries, in order: the sample's, or all of them. */
  sections: z.array(ZGuideSection),
  /** Shown after the section named by `species_after`; empty in the sample. */
  species: z.array(ZGuideSpecies),
  species_after: z.string().nullable(),
  safety: ZGuideSafety.nullable(),
  /** Changes whenever the guide's text does: a copy kept offline is replaced when it differs. */
  revision: z.string(),
}).meta({ id: 'Guide' });
export type Guide = z.infer<typeof ZGuide>;

const ZGuideSlug = z
  .string()
  .trim()
  .min(1)
  .max(80, { abort: true })
  .regex(/^[a-z0-9-]+$/, { error: 'field.invalid' });

export const guideList = defineEndpoint({
  path: '/app/guide/list',
  kind: 'read',
  access: 'public',
  cache: 'public',
  tag: 'guides',
  summary: "Sentiero+'s fishing and foraging guides, in the request language.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ guide_list: z.array(ZGuideCard) }),
});

export const guideInfo = defineEndpoint({
  path: '/app/guide/info',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'guides',
  summary:
    'One guide, by slug: the whole guide for a Sentiero+ member (`full: true`), the free sample for anyone else (`full: false`).',
  input: z.object({ lng: ZLanguageParam, slug: ZGuideSlug }),
  output: z.object({ guide: ZGuide }),
});
