import { sql } from 'drizzle-orm';
import type { Transaction } from './client.ts';

/**
 * The text-search dictionary of each interface language. PostgreSQL has no Slovenian stemmer,
 * so Slovenian words are matched as written (after unaccenting).
 */
export const SEARCH_CONFIGS = {
  it: 'italian',
  en: 'english',
  es: 'spanish',
  de: 'german',
  sl: 'simple',
} as const;

/**
 * Rebuilds the search documents from the catalogue: per ticket and language, the title (weight A),
 * the area, activity, region and town (B), the English title for visitors who type English
 * words in any language (C) and the description (D). Then the per-language word list that
 * misspelt query words are corrected against.
 */
export async function rebuildSearchIndex(tx: Transaction): Promise<void> {
  const languages = sql.raw(
    Object.entries(SEARCH_CONFIGS)
      .map(([language, config]) => `('${language}', '${config}'::regconfig)`)
      .join(', '),
  );
  const text = (column: string) =>
    sql.raw(`coalesce(nullif(${column}->>l.language, ''), ${column}->>'en', '')`);
  await tx.execute(sql`delete from ticket_search`);
  await tx.execute(sql`
    insert into ticket_search (ticket_id, language, document, words)
    select t.id, l.language,
      setweight(to_tsvector(l.config, unaccent(${text('t.title')})), 'A') ||
      setweight(to_tsvector(l.config, unaccent(concat_ws(' ', ${text('a.name')}, ${text('act.name')}, ${text('r.name')}, ${text('c.name')}))), 'B') ||
      setweight(to_tsvector(l.config, unaccent(coalesce(t.title->>'en', ''))), 'C') ||
      setweight(to_tsvector(l.config, unaccent(${text('t.description')})), 'D'),
      lower(unaccent(concat_ws(' ', ${text('t.title')}, ${text('a.name')}, ${text('act.name')}, ${text('r.name')}, ${text('c.name')}, t.title->>'en', ${text('t.description')})))
    from tickets t
    join areas a on a.id = t.area_id
    join activity_types act on act.id = t.activity_type_id
    join regions r on r.id = a.region_id
    left join cities c on c.id = a.city_id
    cross join (values ${languages}) as l(language, config)
    where t.active`);
  await tx.execute(sql`delete from search_words`);
  await tx.execute(sql`
    insert into search_words (language, word)
    select distinct s.language, w
    from ticket_search s, regexp_split_to_table(s.words, '[^a-z0-9]+') as w
    where length(w) >= 3`);
}
