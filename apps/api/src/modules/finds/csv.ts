/**
 * A CSV field: quoted when it holds the separator, a quote or a line break; and a text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return) is written with a
 * leading apostrophe, so opening one's notebook never runs what was typed into it.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The notebook as Excel opens it on an Italian (or German, Spanish, Slovenian) computer:
 * - fields separated by semicolons: where the comma is the decimal separator, Excel's list
 *   separator is the semicolon, and a comma-separated file opens as one column;
 * - UTF-8 with a byte-order mark: without it Excel reads a CSV in the Windows code page and
 *   «Jurček», «Níscalo» or «è» come out garbled;
 * - CRLF line ends, as RFC 4180 and Excel write them.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
