import type { Language } from '@sentiero/contract/languages';
import { type Options, stringify } from 'csv-stringify/sync';

/*
 * The figures' and statements' CSV files, written as the notebook's are (finds/csv.ts): semicolons,
 * UTF-8 with a byte-order mark, CRLF, formulas defused, so Excel on an Italian, Spanish, German or
 * Slovenian computer opens them in columns. Amounts are euros with the decimal separator of the
 * language asked for (a comma except in English), so the spreadsheet reads them as numbers.
 */
const FORMAT: Options = {
  delimiter: ';',
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  escape_formulas: true,
  bom: true,
};

export type CsvCell = string | number | null;

export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    [header, ...rows.map((row) => row.map((cell) => cell ?? ''))] as (string | number)[][],
    FORMAT,
  );
}

/** Cents as euros: 123456 → "1234,56" (or "1234.56" in English); no thousands separator. */
export function euros(cents: number, language: Language): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return language === 'en' ? text : text.replace('.', ',');
}
