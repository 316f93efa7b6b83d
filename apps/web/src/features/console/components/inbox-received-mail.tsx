import { useTranslation } from 'react-i18next';
import type { InboxThread } from '../inbox-api.ts';
import { useDateTime } from './inbox-list.tsx';

type ReceivedMail = InboxThread['received_mails'][number];

/** What came back by mail, on the requester's side; a mail from another address says so. */
export function ReceivedMailItem({ mail, requester }: { mail: ReceivedMail; requester: string }) {
  const { t } = useTranslation('consoleInbox');
  const when = useDateTime();
  return (
    <li className="mr-4 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:mr-10">
      <p className="mb-1 text-stone-500 text-xs">
        {mail.from_name ?? mail.from_address} · {when(mail.received_at)} · {t('thread.answerByMail')}
      </p>
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
