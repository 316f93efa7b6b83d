import { findLanguage, type Language } from '@sentiero/contract/languages';

/** Intl wants BCP 47 locales; ours are already the primary subtags. */
const locale = (language: Language) => language;

/**
 * One formatter per language and kind, made once: building an Intl formatter costs far more than
 * using it, and a page of cards formats dozens of prices (and the server renders many pages).
 */
function memoByLanguage<T>(make: (language: Language) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) {
      value = make(language);
      made.set(language, value);
    }
    return value;
  };
}

const moneyFormat = memoByLanguage(
  (language) => new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'EUR' }),
);
const dateFormats = {
  long: memoByLanguage(
    (language) => new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeZone: 'UTC' }),
  ),
  medium: memoByLanguage(
    (language) => new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: 'UTC' }),
  ),
};

const shortDayFormat = memoByLanguage(
  (language) =>
    new Intl.DateTimeFormat(locale(language), { weekday: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const millimetreFormat = memoByLanguage(
  (language) =>
    new Intl.NumberFormat(locale(language), { style: 'unit', unit: 'millimeter', maximumFractionDigits: 1 }),
);
const weekdayFormats = {
  long: memoByLanguage(
    (language) => new Intl.DateTimeFormat(locale(language), { weekday: 'long', timeZone: 'UTC' }),
  ),
  short: memoByLanguage(
    (language) => new Intl.DateTimeFormat(locale(language), { weekday: 'short', timeZone: 'UTC' }),
  ),
};
const languageNames = memoByLanguage(
  (language) => new Intl.DisplayNames([locale(language)], { type: 'language' }),
);
const celsiusFormat = memoByLanguage(
  (language) =>
    new Intl.NumberFormat(locale(language), { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }),
);

/**
 * Makes the formatters a page's first render uses, one per task (`between` waits for the next):
 * the first formatter of a language loads its locale data, tens of milliseconds on a phone, and
 * made during hydration it would lengthen one of hydration's tasks by as much (issue 21).
 */
export async function prepareFormats(language: Language, between: () => Promise<void>): Promise<void> {
  for (const make of [
    moneyFormat,
    dateFormats.medium,
    dateFormats.long,
    shortDayFormat,
    weekdayFormats.short,
  ]) {
    make(language);
    await between();
  }
}

export function formatMoney(cents: number, language: Language): string {
  return moneyFormat(language).format(cents / 100);
}

/** A calendar date (`YYYY-MM-DD`) as the reader's language writes it, without shifting the day. */
export function formatLocalizedDate(
  date: string,
  language: Language,
  style: 'long' | 'medium' = 'medium',
): string {
  return dateFormats[style](language).format(new Date(`${date}T00:00:00Z`));
}

/** A calendar date as a weekday and day of the month ("ven 27"), for strips of days. */
export function formatShortDay(date: string, language: Language): string {
  return shortDayFormat(language).format(new Date(`${date}T00:00:00Z`));
}

/** Rain as the reader's language writes it ("38,5 mm"). */
export function formatMillimetres(value: number, language: Language): string {
  return millimetreFormat(language).format(value);
}

/** A temperature as the reader's language writes it ("15,5 °C"). */
export function formatCelsius(value: number, language: Language): string {
  return celsiusFormat(language).format(value);
}

/** ISO weekday (1 Monday … 7 Sunday) in the reader's language. */
export function weekdayName(
  isoWeekday: number,
  language: Language,
  width: 'long' | 'short' = 'short',
): string {
  // 2024-01-01 was a Monday.
  return weekdayFormats[width](language).format(new Date(Date.UTC(2024, 0, isoWeekday)));
}

/**
 * A language's name in `language`. The site's own languages are named by the translations
 * (`common:languageNames`, through `translate`): building an Intl.DisplayNames loads every
 * language's names and costs a phone about 300 ms the first time, in the middle of the event
 * page's hydration (issue 21). Other codes still ask Intl.
 */
export function formatLanguageName(
  code: string,
  language: Language,
  translate: (key: `languageNames.${Language}`) => string,
): string {
  const own = findLanguage(code);
  if (own === code) return translate(`languageNames.${own}`);
  return languageNames(language).of(code) ?? code;
}
