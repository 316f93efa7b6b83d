import type { InboxState } from '@sentiero/contract/inbox';
import { Reply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { InboxPage } from '../inbox-api.ts';
import { withParam } from '../inbox-logic.ts';

const STATE_TONES: Record<InboxState, string> = {
  new: 'bg-amber-100 text-amber-900 ring-amber-300',
  answered: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  closed: 'bg-stone-100 text-stone-700 ring-stone-300',
};

/** A thread's state as a small label, in the same colours everywhere in the inbox. */
export function StateBadge({ state }: { state: InboxState }) {
  const { t } = useTranslation('consoleInbox');
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 font-medium text-xs ring-1 ${STATE_TONES[state]}`}
    >
      {t(`states.${state}`)}
    </span>
  );
}

/**
 * An answer by mail nobody has opened yet: words and a dot, so it does not rest on colour alone,
 * and set apart from the state (a thread can be `new` without one).
 */
export function UnreadAnswerBadge() {
  const { t } = useTranslation('consoleInbox');
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-900 text-xs ring-1 ring-sky-400">
      <span aria-hidden className="size-2 rounded-full bg-sky-600" />
      {t('inbox.unreadAnswer')}
    </span>
  );
}

export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** Who wrote, or which area was asked for, with the start of the message: one link per thread. */
export function InboxList({ threads, openId }: { threads: InboxPage['threads']; openId: number | null }) {
  const { t } = useTranslation('consoleInbox');
  const [searchParams] = useSearchParams();
  const when = useDateTime();
  if (threads.length === 0) {
    return (
      <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-600">{t('inbox.empty')}</p>
    );
  }
  return (
    <ul
      aria-label={t('inbox.listLabel')}
      className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      {threads.map((thread) => {
        const title =
          thread.kind === 'contact'
            ? (thread.full_name ?? thread.email)
            : t('inbox.areaRequest', { area: thread.area_name ?? '' });
        const current = thread.id === openId;
        const unread = thread.unread_answer_since !== null;
        return (
          <li key={thread.id}>
            <Link
              to={withParam(searchParams, 'thread', thread.id)}
              aria-current={current ? 'true' : undefined}
              className={`block space-y-1 px-4 py-3 hover:bg-stone-50 ${current ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : unread ? 'bg-sky-50/60' : ''}`}
            >
              <span className="flex items-start justify-between gap-2">
                <span className={`min-w-0 text-stone-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
                  {title}
                </span>
                <span className="flex shrink-0 flex-wrap justify-end gap-1">
                  {unread && <UnreadAnswerBadge />}
                  {/* An unread answer makes a thread new: its badge says both. */}
                  {!(unread && thread.state === 'new') && <StateBadge state={thread.state} />}
                </span>
              </span>
              <span className="block truncate text-sm text-stone-600">
                {thread.email} · {thread.language.toUpperCase()}
              </span>
              {thread.message && (
                <span className="line-clamp-2 text-sm text-stone-800">{thread.message}</span>
              )}
              {thread.unread_answer_since && (
                <span className="flex items-center gap-1 font-medium text-sky-900 text-sm">
                  <Reply aria-hidden className="size-4 shrink-0" />
                  {t('inbox.answeredAt', { when: when(thread.unread_answer_since) })}
                </span>
              )}
              <span className="flex flex-wrap justify-between gap-x-3 text-stone-500 text-xs">
                <span>{when(thread.created_at)}</span>
                <span>
                  {thread.assignee
                    ? t('inbox.assignedTo', { name: thread.assignee.name })
                    : t('inbox.unassigned')}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
