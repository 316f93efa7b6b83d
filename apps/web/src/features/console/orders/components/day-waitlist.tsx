import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../../lib/api-client.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';

/**
 * A ticket's day's waiting list beside its manifest (ADR 050): who waits, in order, for how many,
 * whose places are held until when, and who bought, declined, let the hold lapse or left.
 */
export function DayWaitlist({ ticketId, day }: { ticketId: number; day: string }) {
  const { t } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const list = useQuery({
    queryKey: ['console', 'orders', 'waitlist', ticketId, day, language],
    queryFn: () => callApi('consoleWaitlist', { ticket_id: ticketId, day, lng: language }),
  });
  const data = list.data;
  if (!data || data.entries.length === 0) return null;
  const at = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  return (
    <section aria-labelledby="day-waitlist" className="space-y-3 print:hidden">
      <h2 id="day-waitlist" className="flex items-center gap-2 font-semibold text-lg text-stone-900">
        <Hourglass aria-hidden className="size-5 text-brand-700" />
        {t('waitlist.title')}
      </h2>
      <p className="text-stone-700 text-sm">
        {t('waitlist.summary', { waiting: data.waiting_places, held: data.held_places })}
      </p>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('waitlist.position')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('waitlist.member')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('waitlist.party')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('waitlist.state')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('waitlist.joined')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td className="px-3 py-2 tabular-nums">{entry.position ?? '–'}</td>
                <td className="px-3 py-2">
                  <span className="block font-medium text-stone-900">{entry.member.name}</span>
                  {entry.member.email && (
                    <span className="block break-all text-stone-600 text-xs">{entry.member.email}</span>
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums">{entry.party}</td>
                <td className="px-3 py-2">
                  {t(`waitlist.states.${entry.state}`)}
                  {entry.offer_expires_at && (
                    <span className="block text-stone-600 text-xs">
                      {t('waitlist.heldUntil', { at: at(entry.offer_expires_at) })}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-stone-600">{at(entry.joined_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
