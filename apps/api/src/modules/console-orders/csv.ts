import { type Options, stringify } from 'csv-stringify/sync';

/**
 * The console's CSV files as Excel opens them on an Italian (or German, Spanish, Slovenian)
 * computer, in the form the notebook's export already uses: semicolons (where the comma is the
 * decimal mark, Excel's list separator is the semicolon), CRLF line ends as RFC 4180 writes them,
 * a field with a separator, quote or line break quoted with its quotes doubled, and a text a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`…) written with a leading apostrophe:
 * buyers type the names, and opening an export must never run what they typed.
 */
const FORMAT: Options = {
  delimiter: ';',
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  escape_formulas: true,
};

/** Without it Excel reads a CSV in the Windows code page, and «Jurček» or «è» come out garbled. */
export const CSV_BOM = '\uFEFF';

/** Rows as CSV text, each ended by CRLF; no byte-order mark (the file's first piece carries it). */
export function csvRows(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows as (string | number)[][], FORMAT);
}
