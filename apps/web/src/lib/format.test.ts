import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLanguageName, formatLocalizedDate, formatMoney, weekdayName } from './format.ts';

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
});
