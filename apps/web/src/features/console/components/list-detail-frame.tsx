import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { withParam } from '../inbox-logic.ts';
import { ConsoleNav } from './console-nav.tsx';

/**
 * A console screen of a list with one item opened beside it (in its place on a tablet and a
 * phone, with a way back): the applications and the operators. The item opened is the address's
 * `param`, so a link names it and the browser's back closes it.
 */
export function ListDetailFrame<Item extends { id: number }>({
  me,
  title,
  tools,
  param,
  query,
  aboveList,
  items,
  listLabel,
  renderItem,
  paging,
  backLabel,
  pickOne,
  detail,
}: {
  me: ConsoleMe;
  title: string;
  /** Beside the title: the list's filter or search. */
  tools: ReactNode;
  /** The address's parameter naming the item opened. */
  param: string;
  query: { isPending: boolean; isError: boolean; onRetry(): void };
  /** Above the list: its count, or what an empty list says. */
  aboveList?: ReactNode;
  items: Item[] | undefined;
  listLabel: string;
  /** An item's line in the list (inside its link). */
  renderItem(item: Item): ReactNode;
  paging: { page: number; pages: number } | undefined;
  backLabel: string;
  /** What the empty side says on a wide screen before an item is opened. */
  pickOne: string;
  detail(id: number): ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const open = Number(searchParams.get(param));
  const openId = Number.isInteger(open) && open > 0 ? open : null;
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{title}</h1>
          {tools}
        </div>
        <div className="gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div className={openId ? 'hidden lg:block' : ''}>
            <QueryState isPending={query.isPending} isError={query.isError} onRetry={query.onRetry} />
            {aboveList}
            {items && items.length > 0 && (
              <ul
                aria-label={listLabel}
                className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
              >
                {items.map((item) => {
                  const current = item.id === openId;
                  return (
                    <li key={item.id}>
                      <Link
                        to={withParam(searchParams, param, item.id)}
                        aria-current={current ? 'true' : undefined}
                        className={`block space-y-1 px-4 py-3 hover:bg-stone-50 ${current ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : ''}`}
                      >
                        {renderItem(item)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
            {paging && <Pager page={paging.page} pages={paging.pages} />}
          </div>
          {openId ? (
            <div className="space-y-3">
              <Link
                to={withParam(searchParams, param, null)}
                className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm underline lg:hidden"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {backLabel}
              </Link>
              {detail(openId)}
            </div>
          ) : (
            <p className="hidden rounded-xl border border-stone-300 border-dashed p-8 text-center text-stone-600 lg:block">
              {pickOne}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
