import type { Language } from '@sentiero/contract/languages';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A localized jsonb column read in one language: the requested one, then English, then Italian.
 * The language may be a column, so rows are read each in its own (an order in the order's).
 */
export function localized(column: AnyColumn, language: Language | AnyColumn): SQL<string> {
  return sql<string>`coalesce(nullif(${column}->>${language}, ''), ${column}->>'en', ${column}->>'it')`;
}

/** The same for an optional text (or a row of an outer join that may be missing): null stays null. */
export function localizedOrNull(column: AnyColumn, language: Language | AnyColumn): SQL<string | null> {
  return sql<string | null>`case when ${column} is null then null else ${localized(column, language)} end`;
}
