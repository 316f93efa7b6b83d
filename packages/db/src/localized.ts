import type { Language } from '@sentiero/contract/languages';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A localized jsonb column read in one language: the requested one, then English, then Italian. */
export function localized(column: AnyColumn, language: Language): SQL<string> {
  return sql<string>`coalesce(nullif(${column}->>${language}, ''), ${column}->>'en', ${column}->>'it')`;
}
