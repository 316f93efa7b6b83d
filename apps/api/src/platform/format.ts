import type { Language } from '@sentiero/contract/languages';

/**
 * The time zone an instant is read in when a mail or a PDF names its day. Every market (Italy,
 * Switzerland, Spain, Slovenia) keeps Central European Time, so one zone gives every member the
 * day their own clock shows.
 */
export const MEMBER_TIME_ZONE = 'Europe/Rome';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Building an Intl formatter costs far more than using one: each is made once per language. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

/** An amount in cents as the reader's language writes it: "€24.90", "24,90 €". */
export function formatAmount(cents: number, language: Language, currency = 'EUR'): string {
  const format = memo(
    `amount:${language}:${currency}`,
    () => new Intl.NumberFormat(language, { style: 'currency', currency }),
  );
  return format.format(cents / 100);
}

/**
 * How a day reads inside a sentence, where the long form would need grammar that Intl does not
 * give: Italian elides the article before 1, 8 and 11 ("l'8 maggio", "all'11"), so the weekday
 * stands in for it ("venerdì 8 maggio 2026"); Slovenian declines the month after a preposition
 * ("do 8. maja"), which numbers need not ("do 8. 5. 2026").
 */
const IN_SENTENCE: Partial<Record<Language, Intl.DateTimeFormatOptions>> = {
  it: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  sl: { day: 'numeric', month: 'numeric', year: 'numeric' },
};

function dayFormat(date: string, language: Language, inSentence: boolean): string {
  const calendar = CALENDAR_DATE.test(date);
  const timeZone = calendar ? 'UTC' : MEMBER_TIME_ZONE;
  const style = (inSentence && IN_SENTENCE[language]) || { dateStyle: 'long' };
  const format = memo(
    `day:${language}:${timeZone}:${inSentence}`,
    () => new Intl.DateTimeFormat(language, { ...style, timeZone }),
  );
  const instant = new Date(calendar ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${date}`);
  return format.format(instant);
}

/**
 * The day of a calendar date (`2026-09-12`) or of an ISO instant, standing on its own (a field, a
 * label's value): "September 12, 2026", "12 settembre 2026". A calendar date is read at UTC
 * midnight, so no time zone moves it to another day; an instant is read in `MEMBER_TIME_ZONE`.
 */
export function formatDay(date: string, language: Language): string {
  return dayFormat(date, language, false);
}

/** The same day, as it reads after "on", "until" or "before" in the language's own sentence. */
export function formatDayInSentence(date: string, language: Language): string {
  return dayFormat(date, language, true);
}

/** A rate given in percent (22) as the reader's language writes it: "22%", "22 %". */
export function formatPercent(percent: number, language: Language): string {
  const format = memo(
    `percent:${language}`,
    () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }),
  );
  return format.format(percent / 100);
}
