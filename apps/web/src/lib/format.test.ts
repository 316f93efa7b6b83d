import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDayOfYear,
  formatLanguageName,
  formatList,
  formatLocalizedDate,
  formatMoney,
  formatRating,
  formatRegionName,
  recordFormats,
  takeWrittenFormats,
  weekdayName,
} from './format.ts';

describe('formatting for the reader', () => {
  it('writes euro prices the way each language does', () => {
    expect(formatMoney(1250, 'it')).toBe('12,50\u00a0€');
    expect(formatMoney(1250, 'en')).toBe('€12.50');
    expect(formatMoney(123450, 'de')).toBe('1.234,50\u00a0€');
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatLocalizedDate('2026-11-22', 'en', 'long')).toBe('November 22, 2026');
    expect(formatLocalizedDate('2026-11-22', 'it', 'long')).toBe('22 novembre 2026');
  });

  it('names ISO weekdays, Monday first', () => {
    expect(weekdayName(1, 'en', 'long')).toBe('Monday');
    expect(weekdayName(7, 'de', 'long')).toBe('Sonntag');
  });

  describe('language names', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it("names the site's own languages by the translations, without building Intl's table of every language", () => {
      const built = vi.spyOn(Intl, 'DisplayNames');
      const names = { 'languageNames.it': 'italiano', 'languageNames.sl': 'sloveno' } as Record<
        string,
        string
      >;
      const translate = (key: string) => names[key] ?? key;
      expect(formatLanguageName('it', 'it', translate)).toBe('italiano');
      expect(formatLanguageName('sl', 'it', translate)).toBe('sloveno');
      expect(built).not.toHaveBeenCalled();
    });

    it('asks Intl for any other language', () => {
      expect(formatLanguageName('fr', 'en', (key) => key)).toBe('French');
    });
  });

  it("writes seasons, countries, lists and ratings in the reader's language", () => {
    expect(formatDayOfYear('05-15', 'it')).toBe('15 maggio');
    expect(formatRegionName('SI', 'de')).toBe('Slowenien');
    expect(formatList(['ven 4', 'sab 5', 'dom 6'], 'it')).toBe('ven 4, sab 5 e dom 6');
    expect(formatRating(4.5, 'sl')).toBe('4,5');
  });

  describe("the server's strings", () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('tells the page each string the server formatted, and the browser takes the page over with them, making no formatter', () => {
      const recorded = new Map<string, string>();
      recordFormats((key, text) => recorded.set(key, text));
      const onServer = [formatMoney(4590, 'es'), formatLocalizedDate('2027-02-14', 'es', 'long')];
      expect(onServer).toEqual(['45,90\u00a0€', '14 de febrero de 2027']);
      expect(Object.fromEntries(recorded)).toEqual({
        'money|es|4590': '45,90\u00a0€',
        'date-long|es|2027-02-14': '14 de febrero de 2027',
      });

      // The browser: its formatters for Slovenian are not made yet, and must not be for these.
      recordFormats(() => undefined);
      takeWrittenFormats({
        'money|sl|1990': '19,90 € (server)',
        'date-medium|sl|2027-03-01': '1. mar. 2027 (server)',
      });
      const numbers = vi.spyOn(Intl, 'NumberFormat');
      const dates = vi.spyOn(Intl, 'DateTimeFormat');
      expect(formatMoney(1990, 'sl')).toBe('19,90 € (server)');
      expect(formatLocalizedDate('2027-03-01', 'sl')).toBe('1. mar. 2027 (server)');
      expect(numbers).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
      // A value the server did not write is formatted here.
      expect(formatMoney(2000, 'sl')).toBe('20,00\u00a0€');
      expect(numbers).toHaveBeenCalledTimes(1);
    });
  });
});
