import { type SQL, sql } from 'drizzle-orm';
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
 * How many of each language's documents, the most popular, make its top tier: a word search by
 * relevance ranks its first matches there and reads the rest of the index only when the tier
 * holds too few (ADR 013). A common word's postings in the tier are then bounded by this size, not
 * by the catalogue's; at 100,000 listings a word in one listing of fifty still fills a page of
 * candidates from the tier alone.
 */
export const SEARCH_TOP_TIER = 10_000;

/**
 * Rebuilds what search and listings read, from the catalogue: per ticket and language the search
 * document — the title (weight A), the area, activity, region and town (B), the English title for
 * visitors who type English words in any language (C) and the description (D) — then the
 * per-language word list that misspelt query words are corrected against, and one facet row per
 * active ticket. Each language's documents are stored most popular first: a word search ranks the
 * first few hundred matches it meets, which are then the most popular (ADR 013). Statistics are refreshed so the planner sees the new sizes at once.
 */
export async function rebuildSearchIndex(
  tx: Transaction,
  { topTier = SEARCH_TOP_TIER }: { topTier?: number } = {},
): Promise<void> {
  const published = sql`t.status = 'published'`;
  await tx.execute(sql`truncate ticket_facets`);
  await tx.execute(insertFacets(published));
  await tx.execute(sql`truncate ticket_search`);
  await tx.execute(sql`
    insert into ticket_search (ticket_id, language, document, top_tier, ${FACETS})
    select texts.id, texts.language, ${DOCUMENT},
      row_number() over (partition by texts.language order by f.popularity desc, texts.id) <= ${topTier},
      ${FACETS}
    from (${ticketTexts(published)}) as texts
    join ticket_facets f on f.ticket_id = texts.id
    order by texts.language, f.popularity desc, texts.id`);
  // Bulk inserts wait in the GIN indexes' pending lists, which every search would scan.
  for (const language of Object.keys(SEARCH_CONFIGS)) {
    for (const index of [
      `ticket_search_document_${language}_idx`,
      `ticket_search_top_tier_${language}_idx`,
    ]) {
      await tx.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
    }
  }
  await tx.execute(sql`truncate search_words`);
  await tx.execute(insertWords(published));
  await tx.execute(sql`analyze ticket_facets, ticket_search, search_words`);
}

/**
 * What listings and search read of one ticket, written again after the console changed it
 * (issue 23): its facet row and search documents when it is published, nothing otherwise, and
 * its words added to the misspelling list. Its documents stay out of the top tier until the next
 * rebuild: a word search still finds them in the whole index when the tier holds too few.
 */
export async function refreshTicketListing(tx: Transaction, ticketId: number): Promise<void> {
  const one = sql`t.id = ${ticketId} and t.status = 'published'`;
  await tx.execute(sql`delete from ticket_search where ticket_id = ${ticketId}`);
  await tx.execute(sql`delete from ticket_facets where ticket_id = ${ticketId}`);
  await tx.execute(insertFacets(one));
  await tx.execute(sql`
    insert into ticket_search (ticket_id, language, document, top_tier, ${FACETS})
    select texts.id, texts.language, ${DOCUMENT}, false, ${FACETS}
    from (${ticketTexts(one)}) as texts
    join ticket_facets f on f.ticket_id = texts.id`);
  await tx.execute(sql`${insertWords(one)} on conflict do nothing`);
}

const LANGUAGE_CONFIGS = sql.raw(
  Object.entries(SEARCH_CONFIGS)
    .map(([language, config]) => `('${language}', '${config}'::regconfig)`)
    .join(', '),
);

const textIn = (column: string) =>
  sql.raw(`coalesce(nullif(${column}->>l.language, ''), ${column}->>'en', '')`);

/** Per ticket and language, the texts its search document is made of. */
function ticketTexts(where: SQL) {
  return sql`
    select t.id, l.language, l.config,
      unaccent(${textIn('t.title')}) as title,
      unaccent(concat_ws(' ', ${textIn('a.name')}, ${textIn('act.name')}, ${textIn('r.name')}, ${textIn('c.name')})) as place,
      unaccent(coalesce(t.title->>'en', '')) as english_title,
      unaccent(${textIn('t.description')}) as description
    from tickets t
    join areas a on a.id = t.area_id
    join activity_types act on act.id = t.activity_type_id
    join regions r on r.id = a.region_id
    left join cities c on c.id = a.city_id
    cross join (values ${LANGUAGE_CONFIGS}) as l(language, config)
    where ${where}`;
}

const DOCUMENT = sql`setweight(to_tsvector(config, title), 'A') || setweight(to_tsvector(config, place), 'B') ||
      setweight(to_tsvector(config, english_title), 'C') || setweight(to_tsvector(config, description), 'D')`;

const FACETS = sql.raw(`area_id, region_id, country_code, category_id, activity_type_id, price_cents,
    discount_cents, duration_type, season_start, season_end, sale_from, sale_until, open_days,
    service_tag_ids, popularity, created_at`);

function insertFacets(where: SQL) {
  return sql`
    insert into ticket_facets (ticket_id, ${FACETS})
    select t.id, t.area_id, a.region_id, r.country_code, t.category_id, t.activity_type_id,
      coalesce(t.discounted_price_cents, t.price_cents),
      t.price_cents - coalesce(t.discounted_price_cents, t.price_cents),
      t.duration_type, t.season->>'start', t.season->>'end', t.sale_from, t.sale_until, t.open_days,
      coalesce((select array_agg(s.service_tag_id order by s.service_tag_id)
        from ticket_service_tags s where s.ticket_id = t.id), '{}'),
      t.popularity, t.created_at
    from tickets t
    join areas a on a.id = t.area_id
    join regions r on r.id = a.region_id
    where ${where}
    order by r.country_code, t.area_id, t.id`;
}

function insertWords(where: SQL) {
  return sql`
    insert into search_words (language, word)
    select distinct texts.language, w
    from (${ticketTexts(where)}) as texts,
      regexp_split_to_table(lower(concat_ws(' ', title, place, english_title, description)), '[^a-z0-9]+') as w
    where length(w) >= 3 and w !~ '^[0-9]+$'`;
}
