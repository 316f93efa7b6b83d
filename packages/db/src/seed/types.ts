import type { CountryCode } from '@sentiero/contract/common';
import type { DurationType, Season } from '@sentiero/contract/durations';
import type { Language, LocalizedText } from '@sentiero/contract/languages';
import type { CancellationPreset } from '@sentiero/contract/rules/cancellation';

/** Catalogue reference data, written by hand in five languages and loaded by `seedDatabase`. */

export type SeedActivityType = {
  slug: string;
  /** lucide-react icon name, e.g. 'fish', 'mountain-snow'. */
  icon: string;
  name: LocalizedText;
};

export type SeedServiceTag = { slug: string; name: LocalizedText };

export type SeedCity = {
  slug: string;
  region: string; // region slug
  name: LocalizedText;
  latitude: number;
  longitude: number;
};

export type SeedArea = {
  slug: string;
  region: string; // region slug
  city: string; // city slug: the main town of the area
  name: LocalizedText;
  /** One sentence for cards and meta descriptions. */
  summary: LocalizedText;
  /** Two or three short paragraphs separated by a blank line. */
  description: LocalizedText;
  latitude: number;
  longitude: number;
  /** [[south, west], [north, east]] in WGS84. */
  bounds: [[number, number], [number, number]];
  timeZone: string; // IANA, e.g. 'Europe/Rome'
  /** Area rules (downloadable), plain text, paragraphs separated by a blank line. */
  rules: LocalizedText;
  /** Per-person limits, e.g. "3 kg of mushrooms per person per day"; null when none apply. */
  limits: LocalizedText | null;
  /** The daily limit of mushrooms per person in grams, where `limits` states one in kilograms. */
  dailyLimitG?: number;
  /** False: shown, but not on sale yet; visitors can ask to be told by email when it opens. */
  available: boolean;
};

export type SeedTicket = {
  slug: string;
  area: string; // area slug
  activity: string; // activity type slug
  category: 16 | 17 | 18 | 19;
  title: LocalizedText;
  /** Two to four sentences. */
  description: LocalizedText;
  durationType: DurationType;
  /** For SEASONAL tickets, and for any ticket sold only in a season. */
  season?: Season;
  /** Length of the activity itself, for guided tours and lessons (e.g. 3 for a three-hour rafting trip). */
  durationHours?: number;
  priceCents: number;
  discountedPriceCents?: number;
  minAge: number;
  /** Languages the activity is run in (guides, instructors); for plain permits the area's languages. */
  languages: Language[];
  meetingPoint?: LocalizedText;
  services: string[]; // service tag slugs
  /** ISO weekdays the ticket can be used: 1 Monday … 7 Sunday. */
  openDays: number[];
  /** One of the cancellation rules the seeded policies became (ADR 045). */
  cancellationPolicy: CancellationPreset;
  /** How many times the ticket can be used (entries, outings); omitted = unlimited within validity. */
  maxUsage?: number;
  /** Ticket rules (downloadable), plain text, paragraphs separated by a blank line. */
  rules: LocalizedText;
  residentsOnly?: { countries: CountryCode[] };
  requiresFishingCard?: boolean;
  /** Places per day; omitted = no limit (most permits). */
  dailyCapacity?: number;
  /** Sale period, `YYYY-MM-DD`; omitted = always on sale. */
  saleFrom?: string;
  saleUntil?: string;
};

export type SeedBlogPost = {
  sku: string;
  publishedAt: string; // YYYY-MM-DD
  activity?: string; // activity type slug
  area?: string; // area slug
  title: LocalizedText;
  excerpt: LocalizedText;
  /** Markdown with `## ` section headings (they build the table of contents) and paragraphs. */
  body: LocalizedText;
};
