import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { ConsoleNav } from '../components/console-nav.tsx';
import { InboxFilterBar } from '../components/inbox-filters.tsx';
import { InboxList } from '../components/inbox-list.tsx';
import { InboxThreadView } from '../components/inbox-thread.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { useInbox } from '../inbox-api.ts';
import { inboxFiltersOf, withParam } from '../inbox-logic.ts';

/**
 * `/console/inbox`: contact messages and "area not available" requests for Sentiero's admins and
 * support staff. The list and the open thread sit side by side on a desktop; on a tablet the open
 * thread takes the place of the list, with a way back to it.
 */
export function Component() {
  return <SessionGate>{(me) => <InboxScreen me={me} />}</SessionGate>;
}

function InboxScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleInbox');
  const [searchParams] = useSearchParams();
  const filters = inboxFiltersOf(searchParams);
  const inbox = useInbox({ ...filters, page: pageParam(searchParams) });
  const open = Number(searchParams.get('thread'));
  const threadId = Number.isInteger(open) && open > 0 ? open : null;
  const data = inbox.data;

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-4">
        <h1 className="font-bold text-2xl text-stone-900">{t('inbox.title')}</h1>
        <InboxFilterBar assignees={data?.assignees ?? []} />
        <div className="gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div className={threadId ? 'hidden lg:block' : ''}>
            <QueryState isPending={inbox.isPending} isError={inbox.isError} onRetry={() => inbox.refetch()} />
            {data && (
              <>
                <p className="mb-2 text-sm text-stone-600" aria-live="polite">
                  {t('inbox.count', { count: data.total })}
                </p>
                <InboxList threads={data.threads} openId={threadId} />
                <Pager page={data.page} pages={data.pages} />
              </>
            )}
          </div>
          {threadId ? (
            <div className="space-y-3">
              <Link
                to={withParam(searchParams, 'thread', null)}
                className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm underline lg:hidden"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {t('inbox.backToList')}
              </Link>
              <InboxThreadView key={threadId} id={threadId} me={me} />
            </div>
          ) : (
            <p className="hidden rounded-xl border border-stone-300 border-dashed p-8 text-center text-stone-600 lg:block">
              {t('inbox.pickOne')}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
