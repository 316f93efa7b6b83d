import type { Language } from '@sentiero/contract/languages';

/** Intl wants BCP 47 locales; ours are already the primary subtags. */
const locale = (language: Language) => language;

export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A calendar date (`YYYY-MM-DD`) as the reader's language writes it, without shifting the day. */
export function formatLocalizedDate(
  date: string,
  language: Language,
  style: 'long' | 'medium' = 'medium',
): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** ISO weekday (1 Monday … 7 Sunday) in the reader's language. */
export function weekdayName(
  isoWeekday: number,
  language: Language,
  width: 'long' | 'short' = 'short',
): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(locale(language), { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoWeekday)),
  );
}

export function formatLanguageName(code: string, language: Language): string {
  return new Intl.DisplayNames([locale(language)], { type: 'language' }).of(code) ?? code;
}
