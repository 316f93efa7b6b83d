import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import {
  type InboxThread,
  useAssignThread,
  useChangeThreadState,
  useInboxThread,
  useMarkAnswersSeen,
  useReplyToThread,
} from '../inbox-api.ts';
import { threadEntries } from '../inbox-logic.ts';
import { FailureAlert } from './console-card.tsx';
import { StateBadge, useDateTime } from './inbox-list.tsx';
import { ReceivedMailItem } from './inbox-received-mail.tsx';

/**
 * One thread: who wrote and what, staff's replies and the answers by mail in order, who has it, its
 * state and the reply box.
 */
export function InboxThreadView({ id, me }: { id: number; me: ConsoleMe }) {
  const thread = useInboxThread(id);
  return (
    <>
      <QueryState isPending={thread.isPending} isError={thread.isError} onRetry={() => thread.refetch()} />
      {thread.data && <ThreadPanel thread={thread.data} me={me} />}
    </>
  );
}

/**
 * Opening a thread with an answer nobody has seen marks the answers on screen as seen; those that
 * were new when it opened keep their mark until the thread is closed in the browser.
 */
function useSeenOnOpen(thread: InboxThread): (receivedAt: string) => boolean {
  const { mutate } = useMarkAnswersSeen();
  const [unreadSince] = useState(thread.unread_answer_since);
  const lastMailId = thread.received_mails.at(-1)?.id;
  useEffect(() => {
    if (thread.unread_answer_since !== null && lastMailId !== undefined) {
      mutate({ id: thread.id, up_to: lastMailId });
    }
  }, [mutate, thread.id, thread.unread_answer_since, lastMailId]);
  return (receivedAt) => unreadSince !== null && Date.parse(receivedAt) >= Date.parse(unreadSince);
}

function ThreadPanel({ thread, me }: { thread: InboxThread; me: ConsoleMe }) {
  const { t } = useTranslation(['consoleInbox', 'common']);
  const when = useDateTime();
  const headingId = useId();
  const isNew = useSeenOnOpen(thread);
  const title =
    thread.kind === 'contact'
      ? (thread.full_name ?? thread.email)
      : t('inbox.areaRequest', { area: thread.area?.name ?? thread.area_name ?? '' });
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="font-semibold text-stone-900 text-xl">
            {title}
          </h2>
          <StateBadge state={thread.state} />
        </div>
        <p className="break-all text-sm text-stone-700">
          <a className="underline" href={`mailto:${thread.email}`}>
            {thread.email}
          </a>
        </p>
        <p className="text-sm text-stone-600">
          {t(`kinds.${thread.kind}`)} · {when(thread.created_at)} ·{' '}
          {t('thread.writesIn', { language: t(`common:languageNames.${thread.language}`) })}
        </p>
      </header>

      <ThreadControls thread={thread} me={me} />

      <ol aria-label={t('thread.conversation')} className="space-y-3">
        <li className="rounded-lg border border-stone-200 bg-stone-50 p-3">
          <p className="mb-1 text-stone-500 text-xs">
            {thread.full_name ?? thread.email} · {when(thread.created_at)}
          </p>
          {thread.kind === 'contact' ? (
            <p className="whitespace-pre-line text-stone-900">{thread.message}</p>
          ) : (
            <div className="space-y-1 text-stone-900">
              <p>{t('thread.areaAsked', { area: thread.area?.name ?? '' })}</p>
              {thread.area && (
                <p className="text-sm text-stone-600">
                  {thread.area.region} ({thread.area.country}) ·{' '}
                  {thread.area.available ? t('thread.areaOnSale') : t('thread.areaNotOnSale')}
                </p>
              )}
            </div>
          )}
        </li>
        {threadEntries(thread.replies, thread.received_mails).map((entry) =>
          entry.kind === 'reply' ? (
            <li
              key={`reply-${entry.reply.id}`}
              className="ml-4 rounded-lg border border-brand-100 bg-brand-50 p-3 sm:ml-10"
            >
              <p className="mb-1 text-brand-900 text-xs">
                {t('thread.replyBy', { name: entry.reply.staff?.name ?? '—' })} · {when(entry.reply.sent_at)}{' '}
                · {t('thread.mailedIn', { language: t(`common:languageNames.${entry.reply.language}`) })}
              </p>
              <p className="whitespace-pre-line text-stone-900">{entry.reply.body}</p>
            </li>
          ) : (
            <ReceivedMailItem
              key={`mail-${entry.mail.id}`}
              mail={entry.mail}
              requester={thread.email}
              isNew={isNew(entry.mail.received_at)}
            />
          ),
        )}
      </ol>

      {thread.state === 'closed' ? (
        <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-700">{t('thread.closedHint')}</p>
      ) : (
        <ReplyForm thread={thread} />
      )}
    </article>
  );
}

/** Who has the thread, and closing or reopening it. */
function ThreadControls({ thread, me }: { thread: InboxThread; me: ConsoleMe }) {
  const { t } = useTranslation(['consoleInbox', 'errors']);
  const assign = useAssignThread();
  const state = useChangeThreadState();
  const assigneeId = useId();
  const mine = thread.assignee?.id === me.id;
  return (
    <div className="space-y-2 rounded-lg border border-stone-200 p-3">
      <FailureAlert error={assign.error ?? state.error} fallback={t('errors:INTERNAL')} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          <label htmlFor={assigneeId} className="font-medium text-stone-700">
            {t('thread.assignee')}
          </label>
          <select
            id={assigneeId}
            className={`${inputClass} py-1.5`}
            value={thread.assignee?.id ?? ''}
            disabled={assign.isPending}
            onChange={(event) =>
              assign.mutate({
                id: thread.id,
                staff_id: event.target.value ? Number(event.target.value) : undefined,
              })
            }
          >
            <option value="">{t('filters.nobody')}</option>
            {thread.assignees.map((staff) => (
              <option key={staff.id} value={staff.id}>
                {staff.name}
              </option>
            ))}
          </select>
        </div>
        {!mine && thread.assignees.some((staff) => staff.id === me.id) && (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            busy={assign.isPending}
            onClick={() => assign.mutate({ id: thread.id, staff_id: me.id })}
          >
            {t('thread.takeIt')}
          </Button>
        )}
        {thread.state === 'closed' ? (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            busy={state.isPending}
            onClick={() => state.mutate({ id: thread.id, state: 'open' })}
          >
            {t('thread.reopen')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            busy={state.isPending}
            onClick={() => state.mutate({ id: thread.id, state: 'closed' })}
          >
            {t('thread.close')}
          </Button>
        )}
      </div>
    </div>
  );
}

function ReplyForm({ thread }: { thread: InboxThread }) {
  const { t } = useTranslation(['consoleInbox', 'common', 'errors']);
  const reply = useReplyToThread();
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const [empty, setEmpty] = useState(false);
  const fieldId = useId();
  const language = t(`common:languageNames.${thread.language}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    if (!body.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    reply.mutate(
      { id: thread.id, body },
      {
        onSuccess: () => {
          setBody('');
          setSent(true);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('thread.replyTitle')} className="space-y-2">
      <FailureAlert error={reply.error} fallback={t('errors:INTERNAL')} />
      {sent && <Alert tone="success">{t('thread.sent')}</Alert>}
      <label htmlFor={fieldId} className="block font-medium text-stone-800">
        {t('thread.replyLabel')}
      </label>
      <p id={`${fieldId}-hint`} className="text-sm text-stone-600">
        {t('thread.replyHint', { language, email: thread.email })}
      </p>
      <textarea
        id={fieldId}
        className={`${inputClass} min-h-32`}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={empty || undefined}
        aria-describedby={`${fieldId}-hint${empty ? ` ${fieldId}-error` : ''}`}
        maxLength={10_000}
      />
      {empty && (
        <p id={`${fieldId}-error`} className="text-red-700 text-sm">
          {t('thread.replyEmpty')}
        </p>
      )}
      <Button type="submit" busy={reply.isPending} busyLabel={t('thread.sending')}>
        {t('thread.send')}
      </Button>
    </form>
  );
}
