import { LANGUAGES } from '@sentiero/contract/languages';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import type { Db } from '@sentiero/db/client';
import { activityTypes, categories } from '@sentiero/db/schema';
import { asc } from 'drizzle-orm';

/** A text in every language: `text (it)`, `text (en)`… */
export const inEvery = (text: string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, `${text} (${language})`]));

/** The editor's fields of a complete ticket in `areaId`, as the console's form sends them. */
export async function ticketFields(db: Db, areaId: number, overrides: Record<string, unknown> = {}) {
  const first = async (table: typeof categories | typeof activityTypes) => {
    const [row] = await db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(1);
    if (!row) throw new Error('the database has no reference rows');
    return row.id;
  };
  return {
    area_id: areaId,
    category_id: await first(categories),
    activity_type_id: await first(activityTypes),
    cancellation_rule: CANCELLATION_PRESETS.moderate,
    title: inEvery('Guided canoe trip'),
    description: inEvery('Two hours on the lake with a guide.'),
    rules: inEvery('Life jackets are worn at all times.'),
    meeting_point: inEvery('The boathouse'),
    duration_type: 'DAILY',
    season: { start: '01-01', end: '12-31' },
    price_cents: 3500,
    discounted_price_cents: 3000,
    member_price_cents: 2800,
    open_days: [1, 2, 3, 4, 5, 6, 7],
    daily_capacity: 8,
    requires_fishing_card: false,
    min_age: 8,
    max_usage: 1,
    languages: ['it', 'en'],
    ...overrides,
  };
}
