import { z } from 'zod';
import { field } from './account-fields.ts';
import { formList, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZPageParam, ZPaging } from './paging.ts';
import { AD_PLACEMENTS } from './premium.ts';

/*
 * The console's advertising slots (issue 23, item 4; ADR 038): Sentiero's admins write house ads
 * and partner offers — a picture (uploaded, read by its content, stored without metadata), a
 * link, the languages it is shown in with its texts in each, its dates and placements. Members of
 * Sentiero+ never see any (the storefront's `/app/ad/list` answers them none).
 */

export const AD_PAGE_SIZE = 25;
export const AD_KINDS = ['house', 'partner'] as const;
export const AD_STATES = ['active', 'inactive'] as const;
export const AD_TITLE_MAX = 80;
export const AD_TEXT_MAX = 200;
export const AD_CTA_MAX = 30;
/** An ad's picture is shown 80 px square: 15 MB of upload is far more than it needs. */
export const MAX_AD_IMAGE_BYTES = 15 * 1024 * 1024;

/** A path of ours, or a partner's https address: what the storefront's slot links to. */
export const AD_URL = /^(\/([^/\s]\S*)?|https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?)$/i;

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const blankIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const ZInstant = z.preprocess(
  blankIsNull,
  z.iso.datetime({ offset: true, error: 'field.invalidDate' }).nullable(),
);

const ZAdText = z.object({
  title: z.string().trim().min(1, field('required')).max(AD_TITLE_MAX, field('tooLong')),
  text: z.string().trim().min(1, field('required')).max(AD_TEXT_MAX, field('tooLong')),
  cta: z.string().trim().min(1, field('required')).max(AD_CTA_MAX, field('tooLong')),
});
const ZLanguage = z.enum(LANGUAGES, field('invalid'));

const ZAdFields = z.object({
  lng: ZLanguageParam,
  kind: z.enum(AD_KINDS, field('invalid')),
  placements: formList(z.enum(AD_PLACEMENTS, field('invalid')), AD_PLACEMENTS.length).refine(
    (placements) => placements.length > 0,
    field('chooseOne'),
  ),
  /** The languages it is shown in; each needs its texts. */
  languages: formList(ZLanguage, LANGUAGES.length).refine(
    (languages) => languages.length > 0,
    field('chooseOne'),
  ),
  texts: z.preprocess(parsedJson, z.partialRecord(ZLanguage, ZAdText)),
  url: z.string().trim().max(500, field('tooLong')).regex(AD_URL, field('adUrl')),
  weight: z.coerce
    .number(field('invalid'))
    .int(field('invalid'))
    .min(1, field('invalid'))
    .max(100)
    .default(1),
  active_from: ZInstant.default(null),
  active_until: ZInstant.default(null),
});

/** Every language shown has its texts; the period ends after it starts. */
function checkAd(
  ad: z.output<typeof ZAdFields>,
  context: { addIssue(issue: { code: 'custom'; path: (string | number)[]; message: string }): void },
) {
  for (const language of ad.languages) {
    if (!ad.texts[language]) {
      context.addIssue({ code: 'custom', path: ['texts', language, 'title'], message: 'field.required' });
    }
  }
  if (ad.active_from && ad.active_until && ad.active_until <= ad.active_from) {
    context.addIssue({ code: 'custom', path: ['active_until'], message: 'field.couponPeriod' });
  }
}

export const ZConsoleAd = z.object({
  id: z.string(),
  kind: z.enum(AD_KINDS),
  placements: z.array(z.enum(AD_PLACEMENTS)),
  /** Null for an ad shown in every language (falling back to English). */
  languages: z.array(ZLanguage).nullable(),
  texts: z.partialRecord(ZLanguage, z.object({ title: z.string(), text: z.string(), cta: z.string() })),
  url: z.string(),
  /** Same-origin picture, or null. */
  image: z.string().nullable(),
  weight: z.number().int(),
  active_from: z.string().nullable(),
  active_until: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type ConsoleAd = z.infer<typeof ZConsoleAd>;

export const consoleAds = defineEndpoint({
  path: '/console/ads',
  kind: 'read',
  access: 'ads.manage',
  tag: 'console',
  summary: 'The advertisements, newest first, 25 a page: by state and placement.',
  input: z.object({
    lng: ZLanguageParam,
    page: ZPageParam,
    state: z.enum(AD_STATES, field('invalid')).optional(),
    placement: z.enum(AD_PLACEMENTS, field('invalid')).optional(),
  }),
  output: z.object({ ads: z.array(ZConsoleAd), ...ZPaging }),
});

export const consoleAdCreate = defineEndpoint({
  path: '/console/ad/create',
  kind: 'write',
  access: 'ads.manage',
  tag: 'console',
  summary:
    'Makes an advertisement: kind, placements, the languages it is shown in with its title, text and button in each, its link (a path of ours or an https address), weight and dates. Its picture is uploaded apart (`/console/ad/image`).',
  input: ZAdFields.superRefine(checkAd),
  output: z.object({ ad: ZConsoleAd }),
});

export const consoleAdUpdate = defineEndpoint({
  path: '/console/ad/update',
  kind: 'write',
  access: 'ads.manage',
  tag: 'console',
  summary: "Changes an advertisement's texts, languages, link, placements, weight and dates.",
  input: ZAdFields.extend({ id: z.string().trim().min(1).max(64) }).superRefine(checkAd),
  output: z.object({ ad: ZConsoleAd }),
});

export const consoleAdActive = defineEndpoint({
  path: '/console/ad/active',
  kind: 'write',
  access: 'ads.manage',
  tag: 'console',
  summary: 'Switches an advertisement off (no slot shows it from then on) or on again.',
  input: z.object({ lng: ZLanguageParam, id: z.string().trim().min(1).max(64), active: ZFormBoolean }),
  output: z.object({ ad: ZConsoleAd }),
});

export const consoleAdImage = defineEndpoint({
  path: '/console/ad/image',
  kind: 'write',
  access: 'ads.manage',
  tag: 'console',
  summary: `Sets an advertisement's picture from a multipart file of at most ${MAX_AD_IMAGE_BYTES / 1024 / 1024} MB: read by its content (JPEG, PNG, WebP or AVIF, whatever its name or declared type), turned upright, stored 240 px wide as WebP with no metadata.`,
  input: z.object({
    lng: ZLanguageParam,
    id: z.string().trim().min(1).max(64),
    file: z.instanceof(Uint8Array, { error: 'field.photoUnreadable' }),
  }),
  output: z.object({ ad: ZConsoleAd }),
});

export const adImage = defineEndpoint({
  path: '/app/ad/image',
  kind: 'read',
  access: 'public',
  tag: 'premium',
  summary:
    "An advertisement's uploaded picture, `v` its version: the URL never changes its file, kept by browsers and proxies for a year (immutable); a wrong version is 404.",
  input: z.object({ lng: ZLanguageParam, id: z.string().max(64), v: z.string().max(64) }),
  output: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ description: 'The image (image/webp).' }),
});
