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

/*
 * The strings the server wrote into the page, by what they format. The first Intl formatter of a
 * language loads its locale data: 30–40 ms of a phone's main thread, and one of these a page's
 * takeover needs would be a long task of its own (issue 21). The server tells the browser each
 * string it formatted (entry-server.tsx, `formats` in the page's data), so the browser takes the
 * page over without making a formatter. A formatter is made when something the server did not
 * write is shown (the calendar's next weeks), once per language and kind.
 */
const written = new Map<string, string>();
let recordWritten: ((key: string, text: string) => void) | undefined;

/** The server's strings of this page (start.tsx, before the takeover). */
export function takeWrittenFormats(formats: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(formats ?? {})) written.set(key, text);
}

/** Where the server keeps each string it formats, for the page's data (entry-server.tsx). */
export function recordFormats(record: (key: string, text: string) => void): void {
  recordWritten = record;
}

/** `make()`, or the string the server wrote for the same `key` (a kind, a language and a value). */
function formatted(key: string, make: () => string): string {
  const known = written.get(key);
  if (known !== undefined) return known;
  const text = make();
  recordWritten?.(key, text);
  return text;
}

export function formatMoney(cents: number, language: Language): string {
  return formatted(`money|${language}|${cents}`, () => moneyFormat(language).format(cents / 100));
}

/** A calendar date (`YYYY-MM-DD`) as the reader's language writes it, without shifting the day. */
export function formatLocalizedDate(
  date: string,
  language: Language,
  style: 'long' | 'medium' = 'medium',
): string {
  return formatted(`date-${style}|${language}|${date}`, () =>
    dateFormats[style](language).format(new Date(`${date}T00:00:00Z`)),
  );
}

/** A calendar date as a weekday and day of the month ("ven 27"), for strips of days. */
export function formatShortDay(date: string, language: Language): string {
  return formatted(`short-day|${language}|${date}`, () =>
    shortDayFormat(language).format(new Date(`${date}T00:00:00Z`)),
  );
}

/** Rain as the reader's language writes it ("38,5 mm"). */
export function formatMillimetres(value: number, language: Language): string {
  return formatted(`mm|${language}|${value}`, () => millimetreFormat(language).format(value));
}

/** A temperature as the reader's language writes it ("15,5 °C"). */
export function formatCelsius(value: number, language: Language): string {
  return formatted(`celsius|${language}|${value}`, () => celsiusFormat(language).format(value));
}

/** ISO weekday (1 Monday … 7 Sunday) in the reader's language. */
export function weekdayName(
  isoWeekday: number,
  language: Language,
  width: 'long' | 'short' = 'short',
): string {
  // 2024-01-01 was a Monday.
  return formatted(`weekday-${width}|${language}|${isoWeekday}`, () =>
    weekdayFormats[width](language).format(new Date(Date.UTC(2024, 0, isoWeekday))),
  );
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
  return formatted(`language|${language}|${code}`, () => languageNames(language).of(code) ?? code);
}

const dayMonthFormat = memoByLanguage(
  (language) => new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'long', timeZone: 'UTC' }),
);
const regionNames = memoByLanguage(
  (language) => new Intl.DisplayNames([locale(language)], { type: 'region' }),
);
const listFormat = memoByLanguage(
  (language) => new Intl.ListFormat(locale(language), { type: 'conjunction' }),
);
const ratingFormat = memoByLanguage(
  (language) =>
    new Intl.NumberFormat(locale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** A day of the year (`MM-DD`) as the reader's language writes it ("15 maggio"), for seasons. */
export function formatDayOfYear(monthDay: string, language: Language): string {
  return formatted(`day-of-year|${language}|${monthDay}`, () =>
    dayMonthFormat(language).format(new Date(`2024-${monthDay}T00:00:00Z`)),
  );
}

/** A country or region's name (ISO 3166 code) in the reader's language. */
export function formatRegionName(code: string, language: Language): string {
  return formatted(`region|${language}|${code}`, () => regionNames(language).of(code) ?? code);
}

/** Items joined as the reader's language joins a list ("a, b e c"). */
export function formatList(items: string[], language: Language): string {
  return formatted(`list|${language}|${items.join('\u001f')}`, () => listFormat(language).format(items));
}

/** An average rating with one decimal ("4,5"). */
export function formatRating(value: number, language: Language): string {
  return formatted(`rating|${language}|${value}`, () => ratingFormat(language).format(value));
}
