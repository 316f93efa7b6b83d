import { MAX_SEARCH_WORDS, searchWords } from '@sentiero/contract/rules/search-words';
import { type Db, executeRows } from '@sentiero/db/client';
import { orderSearchKeys, orders } from '@sentiero/db/schema';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { inAreas } from './order-scope-repo.ts';
import type { OrderSearch } from './orders-repo.ts';

/*
 * The words and tickets an order is found by (`order_search_keys`, ADR 046): a name's words and a
 * ticket are read as ranges of keys, newest first, each entry carrying the order's areas.
 */

/**
 * The orders one of whose search keys meets `key`, among the scope's areas' when the scope is
 * narrower than everywhere: the keys' index entries carry the order's areas, so the scope narrows
 * the keys read, not the orders afterwards.
 */
export function foundBy(db: Db, key: SQL, scopeAreas: readonly number[] | undefined): SQL {
  return inArray(
    orders.id,
    db
      .select({ id: orderSearchKeys.orderId })
      .from(orderSearchKeys)
      .where(and(key, scopeAreas ? inAreas(scopeAreas, orderSearchKeys.areaIds) : undefined)),
  );
}

/** A key that starts with `prefix`: words are letters and digits, all sorted before "{". */
function keyStarts(prefix: string): SQL {
  return and(gte(orderSearchKeys.key, prefix), lt(orderSearchKeys.key, `${prefix}{`)) as SQL;
}

/** Past this many keys a word is common enough: counting further would cost more than it tells. */
const WORD_COUNT_BOUND = 5000;

/**
 * Of a name's words, the one that starts the fewest keys, each counted up to a bound; of words
 * past the bound, the longest (a surname is rarer than a first name more often than not).
 */
async function rarestWord(db: Db, kind: 'b' | 'g', words: string[]): Promise<string> {
  const counts = sql.join(
    words.map(
      (word) =>
        sql`(select count(*)::int from (select 1 from ${orderSearchKeys} where ${keyStarts(`${kind}:${word}`)} limit ${WORD_COUNT_BOUND}) w)`,
    ),
    sql`, `,
  );
  const [row] = await executeRows<{ counts: number[] }>(db, sql`select array[${counts}] as counts`);
  const found = row?.counts ?? [];
  let rarest = 0;
  for (let index = 1; index < words.length; index++) {
    const [count, least] = [found[index] ?? 0, found[rarest] ?? 0];
    const longer = (words[index]?.length ?? 0) > (words[rarest]?.length ?? 0);
    if (count < least || (count === least && longer)) rarest = index;
  }
  return words[rarest] ?? '';
}

/**
 * A person's name: each word typed starts a word of the name, in any order, accents and case
 * aside (`ross` finds Rossi, `mario rossi` and `Rossi, Mario` find Mario Rossi). The word that
 * starts fewest keys is read as a range of keys; the others are checked on the same index
 * entries' whole names.
 */
async function nameKey(db: Db, kind: 'b' | 'g', text: string): Promise<SQL> {
  const words = [...new Set(searchWords(text))].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return sql`false`;
  const driver = words.length === 1 ? (words[0] ?? '') : await rarestWord(db, kind, words);
  return and(
    keyStarts(`${kind}:${driver}`),
    ...words
      .filter((word) => word !== driver)
      .map((word) => sql`${orderSearchKeys.name} like ${`% ${word}%`}`),
  ) as SQL;
}

/** The search's keys, the one that usually finds fewest orders first: a guest's name, the buyer's, a ticket. */
export async function searchKeys(
  db: Db,
  search: Pick<OrderSearch, 'guestName' | 'buyerName' | 'ticketId'>,
): Promise<SQL[]> {
  return [
    search.guestName ? await nameKey(db, 'g', search.guestName) : undefined,
    search.buyerName ? await nameKey(db, 'b', search.buyerName) : undefined,
    search.ticketId ? eq(orderSearchKeys.key, `t:${search.ticketId}`) : undefined,
  ].filter((key) => key !== undefined);
}
