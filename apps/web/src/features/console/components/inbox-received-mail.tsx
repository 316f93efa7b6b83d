import { useTranslation } from 'react-i18next';
import type { InboxThread } from '../inbox-api.ts';
import { UnreadAnswerBadge, useDateTime } from './inbox-list.tsx';

type ReceivedMail = InboxThread['received_mails'][number];

/** What came back by mail, on the requester's side; a mail from another address says so. */
export function ReceivedMailItem({
  mail,
  requester,
  isNew = false,
}: {
  mail: ReceivedMail;
  requester: string;
  /** Nobody had seen it when the thread was opened. */
  isNew?: boolean;
}) {
  const { t } = useTranslation('consoleInbox');
  const when = useDateTime();
  return (
    <li
      className={`mr-4 rounded-lg border p-3 sm:mr-10 ${isNew ? 'border-sky-300 bg-sky-50' : 'border-stone-200 bg-stone-50'}`}
    >
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        {isNew && <UnreadAnswerBadge />}
        <p className="text-stone-600 text-xs">
          {mail.from_name ?? mail.from_address} · {when(mail.received_at)} · {t('thread.answerByMail')}
        </p>
      </div>
      {!mail.from_requester && (
        <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-amber-900 text-sm">
          {t('thread.otherSender', { email: mail.from_address, requester })}
        </p>
      )}
      {mail.body ? (
        <p className="whitespace-pre-line text-stone-900">{mail.body}</p>
      ) : (
        <p className="text-stone-600 italic">{t('thread.noText')}</p>
      )}
      {mail.attachments > 0 && (
        <p className="mt-1 text-stone-600 text-xs">
          {t('thread.attachmentsDropped', { count: mail.attachments })}
        </p>
      )}
    </li>
  );
}
