import {
  type ColumnDef,
  createColumnHelper,
  functionalUpdate,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { TablePager } from './table-pager.tsx';

/*
 * A table of one page the server made (ADR 033): TanStack Table only shows the page and moves
 * between pages, which the caller reads again from the server. The orders' search and the day's
 * manifest are drawn by it, so both look and page alike.
 */

const features = tableFeatures({ rowPaginationFeature });
type Features = typeof features;

/** The column helper of a server-paged table of `Row`s. */
export const pagedColumnHelper = <Row extends RowData>() => createColumnHelper<Features, Row>();

const CLASSES = {
  screen: {
    frame: 'overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm',
    head: 'border-stone-200 border-b bg-stone-50 text-stone-600',
    body: 'divide-y divide-stone-200',
    row: 'align-top hover:bg-stone-50',
    cell: 'px-3 py-2.5',
  },
  // Read on paper as well: no card, no shading, rows kept whole across pages.
  printable: {
    frame:
      'overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm print:overflow-visible print:rounded-none print:border-0 print:shadow-none',
    head: 'border-stone-200 border-b bg-stone-50 text-stone-600 print:bg-transparent print:text-stone-900',
    body: 'divide-y divide-stone-200 print:divide-stone-400',
    row: 'break-inside-avoid align-top',
    cell: 'px-3 py-2.5 print:py-1.5',
  },
} as const;

export function ServerPagedTable<Row extends RowData>({
  label,
  columns,
  columnWidths,
  rows,
  page,
  pages,
  total,
  pageSize,
  onPage,
  printable = false,
}: {
  /** The table's accessible name. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: a column's value type differs from column to column.
  columns: ColumnDef<Features, Row, any>[];
  /** Each column's `<col>` class, in order; an empty one takes the width left. */
  columnWidths: readonly string[];
  rows: Row[];
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPage(page: number): void;
  printable?: boolean;
}) {
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const table = useTable({
    features,
    columns,
    data: rows,
    rowCount: total,
    manualPagination: true,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      onPage(functionalUpdate(updater, pagination).pageIndex + 1),
  });
  const classes = CLASSES[printable ? 'printable' : 'screen'];
  return (
    <div className={classes.frame}>
      <table className="w-full table-fixed text-left text-sm" aria-label={label}>
        <colgroup>
          {columnWidths.map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; their place is their identity.
            <col key={index} className={width || undefined} />
          ))}
        </colgroup>
        <thead className={classes.head}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-medium">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className={classes.body}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={classes.row}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={classes.cell}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TablePager
        page={page}
        pages={pages}
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
      />
    </div>
  );
}
