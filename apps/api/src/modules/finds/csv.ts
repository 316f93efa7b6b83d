import { type Options, stringify } from 'csv-stringify/sync';

const FORMAT: Options = {
  delimiter: ';',
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  escape_formulas: true,
};

/**
 * The notebook as Excel opens it on an Italian (or German, Spanish, Slovenian) computer, written
 * by `csv-stringify`:
 * - fields separated by semicolons: where the comma is the decimal separator, Excel's list
 *   separator is the semicolon, and a comma-separated file opens as one column;
 * - UTF-8 with a byte-order mark: without it Excel reads a CSV in the Windows code page and
 *   «Jurček», «Níscalo» or «è» come out garbled;
 * - CRLF line ends, as RFC 4180 and Excel write them; a field holding a line break of either
 *   kind is quoted;
 * - a text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return,
 *   and their full-width forms) is written with a leading apostrophe, so opening one's notebook
 *   never runs what was typed into it. Numbers stay numbers: -5 is not a formula.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return stringify([header, ...rows] as (string | number)[][], { ...FORMAT, bom: true });
}

/** One field as `writeCsv` writes it. */
export const csvField = (value: string | number): string => stringify([[value]], FORMAT).slice(0, -2);
