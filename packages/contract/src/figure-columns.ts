/*
 * The figures' tables travel by column (ADR 052): a year of 600 tickets by month is 7,700 rows a
 * table, and as columns the answer is a third of the bytes, and of the work to write, check,
 * compress and read it. Row i of a table is the i-th value of each of its columns. Apart from
 * the endpoints' schemas, so the console's screens turn them back into rows without zod.
 */

/** A table by column: each of a row's fields as one list. */
export type Columns<Row> = { [Name in keyof Row]: Row[Name][] };

/** The row of a table by column. */
export type RowOf<Table> = {
  [Name in keyof Table]: Table[Name] extends readonly (infer Value)[] ? Value : never;
};

/** The rows' fields named in `names` as columns, in the rows' order. */
export function columnsOf<Row, Name extends keyof Row>(
  rows: readonly Row[],
  names: readonly Name[],
): Columns<Pick<Row, Name>> {
  const columns = {} as Columns<Pick<Row, Name>>;
  for (const name of names) columns[name] = rows.map((row) => row[name]);
  return columns;
}

/** A table by column as rows again, as long as its first column. */
export function rowsOf<Table extends Record<string, readonly unknown[]>>(table: Table): RowOf<Table>[] {
  const names = Object.keys(table) as (keyof Table)[];
  const length = names.length > 0 ? (table[names[0] as keyof Table]?.length ?? 0) : 0;
  const rows: RowOf<Table>[] = [];
  for (let index = 0; index < length; index++) {
    const row = {} as RowOf<Table>;
    for (const name of names) row[name] = table[name]?.[index] as RowOf<Table>[keyof Table];
    rows.push(row);
  }
  return rows;
}
