import { DURATION_TYPES } from '@sentiero/contract/durations';
import { LANGUAGES, type LocalizedText } from '@sentiero/contract/languages';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { activityTypes, areas, tickets } from '../schema.ts';
import { rebuildSearchIndex } from '../search-index.ts';

const BATCH = 2000;

/**
 * A deterministic pseudo-random sequence (mulberry32), so two runs make the same catalogue.
 * Its values are spread evenly, unlike the low bits of a plain linear congruential generator.
 */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}

const mapText = (make: (language: (typeof LANGUAGES)[number]) => string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as LocalizedText;

/**
 * Adds `count` generated tickets (slugs `synthetic-…`) spread over the real areas and activities,
 * then rebuilds the search index: a catalogue the size of a grown marketplace, for benchmarks.
 */
export async function seedSyntheticTickets(db: Db, count: number): Promise<void> {
  const areaRows = await db
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(eq(areas.available, true));
  const activityRows = await db
    .select({ id: activityTypes.id, name: activityTypes.name })
    .from(activityTypes);
  if (areaRows.length === 0) throw new Error('Seed the catalogue before adding synthetic tickets');
  const next = sequence(count);
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
      const number = start + offset + 1;
      const area = areaRows[next(areaRows.length)] as (typeof areaRows)[number];
      const activity = activityRows[next(activityRows.length)] as (typeof activityRows)[number];
      const price = 500 + next(40_000);
      return {
        slug: `synthetic-${number}`,
        areaId: area.id,
        activityTypeId: activity.id,
        categoryId: 16 + next(4),
        title: mapText((language) => `${activity.name[language]} – ${area.name[language]} ${number}`),
        description: mapText((language) => `${activity.name[language]}, ${area.name[language]}.`),
        durationType: DURATION_TYPES[next(DURATION_TYPES.length)] as (typeof DURATION_TYPES)[number],
        season: { start: '01-01', end: '12-31' },
        priceCents: price,
        discountedPriceCents: next(5) === 0 ? Math.floor(price * 0.8) : null,
        languages: ['it' as const, 'en' as const],
        openDays: [1, 2, 3, 4, 5, 6, 7],
        cancellationRule: CANCELLATION_PRESETS.moderate,
        rules: mapText(() => '-'),
        popularity: next(1000),
      };
    });
    await db.insert(tickets).values(rows).onConflictDoNothing();
  }
  await db.transaction((tx) => rebuildSearchIndex(tx));
}
