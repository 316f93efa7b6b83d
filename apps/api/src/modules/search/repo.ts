import type { Language } from '@sentiero/contract/languages';
import { type Db, executeRows } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { activityTypes, searchWords, ticketFacets } from '@sentiero/db/schema';
import { asc, sql } from 'drizzle-orm';

/**
 * For each (possibly misspelt) query word, the closest word of the language's dictionary: the
 * word itself when known, the query word unchanged when nothing is close. One query for all words.
 */
export async function findClosestWords(db: Db, language: Language, words: string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  );
  const rows = await executeRows<{ word: string }>(
    db,
    sql`
    select coalesce(
      (select ${searchWords.word} from ${searchWords}
        where ${searchWords.language} = ${language} and ${searchWords.word} = q.word),
      (select ${searchWords.word} from ${searchWords}
        where ${searchWords.language} = ${language} and ${searchWords.word} % q.word
        order by ${searchWords.word} <-> q.word limit 1),
      q.word) as word
    from unnest(array[${list}]) with ordinality as q(word, position)
    order by q.position`,
  );
  return rows.map((row) => row.word);
}

export async function findPriceRange(db: Db) {
  const [row] = await db
    .select({
      min: sql<number>`coalesce(min(${ticketFacets.priceCents}), 0)`.mapWith(Number),
      max: sql<number>`coalesce(max(${ticketFacets.priceCents}), 0)`.mapWith(Number),
    })
    .from(ticketFacets);
  return row ?? { min: 0, max: 0 };
}

export function findActivities(db: Db, language: Language) {
  return db
    .select({
      slug: activityTypes.slug,
      name: localized(activityTypes.name, language),
      icon: activityTypes.icon,
    })
    .from(activityTypes)
    .orderBy(asc(activityTypes.sortOrder));
}
