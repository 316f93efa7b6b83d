import type { ReactNode } from 'react';

export type Column<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** A name (operator, area, ticket): kept wide enough to read on one or two lines. */
  wide?: boolean;
};

/**
 * A table of figures: the text that the chart beside it draws, for screen readers and for
 * anyone who wants the numbers. It scrolls within its box on a tablet, its header kept in view.
 */
export function FigureTable<Row>({
  id,
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  id: string;
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-stone-600 text-sm">{empty}</p>;
  return (
    <div className="max-h-96 overflow-auto rounded-lg border border-stone-200">
      <table id={id} className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-stone-100">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`whitespace-nowrap px-3 py-2 font-semibold text-stone-700 ${column.numeric ? 'text-right' : 'text-left'}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-stone-100 border-t odd:bg-white even:bg-stone-50">
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={`px-3 py-1.5 ${column.numeric ? 'whitespace-nowrap text-right tabular-nums' : ''} ${column.wide ? 'min-w-56' : 'whitespace-nowrap'}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A section of figures: its title, its CSV file, and what it shows. */
export function FigureSection({
  title,
  csvHref,
  csvLabel,
  children,
}: {
  title: string;
  csvHref?: string;
  csvLabel: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-lg text-stone-900">{title}</h2>
        {csvHref && (
          <a
            href={csvHref}
            download
            className="rounded-md border border-stone-300 px-3 py-1.5 font-medium text-sm text-stone-800 hover:bg-stone-100"
          >
            {csvLabel}
          </a>
        )}
      </div>
      {children}
    </section>
  );
}
