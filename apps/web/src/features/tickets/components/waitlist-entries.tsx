import { PAGES } from '@sentiero/contract/pages';
import type { WaitlistEntry } from '@sentiero/contract/waitlist';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { useLeaveWaitlist, useMyWaitlists } from '../waitlist-api.ts';

/** When a held offer ends, as the member's clock reads it. */
export function useHoldEnd() {
  const language = useCurrentLanguage();
  return (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function EntryCard({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('tickets');
  const language = useCurrentLanguage();
  const leave = useLeaveWaitlist();
  const holdEnd = useHoldEnd();
  const inQueue = entry.state === 'waiting' || entry.state === 'offered';
  return (
    <li className="rounded-card border border-stone-200 bg-white p-4 shadow-sm">
      <p className="font-semibold text-stone-900">{entry.ticket_title}</p>
      <p className="text-sm text-stone-600">
        {entry.area_name} · {formatLocalizedDate(entry.day, language, 'long')} ·{' '}
        {t('waitlist.party', { count: entry.party })}
      </p>
      {entry.state === 'waiting' && entry.position !== null && (
        <p className="mt-2 font-medium text-brand-900">
          {t('waitlist.position', { position: entry.position })}
        </p>
      )}
      {entry.state !== 'waiting' && (
        <p className="mt-2 font-medium text-stone-800">{t(`waitlist.state.${entry.state}`)}</p>
      )}
      {entry.offer?.state === 'open' && (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 text-brand-900 text-sm">
          <p>
            {t('waitlist.offerHeld', { count: entry.offer.places, until: holdEnd(entry.offer.expires_at) })}
          </p>
          <Link
            to={PAGES.waitlistOffer.path({ token: entry.offer.token })}
            className={`${buttonClass()} mt-2`}
          >
            {t('waitlist.seeOffer')}
          </Link>
        </div>
      )}
      {inQueue && (
        <div className="mt-3">
          <Button
            variant="secondary"
            busy={leave.isPending}
            busyLabel={t('waitlist.leaving')}
            onClick={() => leave.mutate(entry.id)}
          >
            {t('waitlist.leave')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The member's waiting lists in `/user/mytickets`: where they stand, and places held for them. */
export function WaitlistEntries() {
  const { t } = useTranslation('tickets');
  const entries = useMyWaitlists().data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="my-waitlists" className="mb-8">
      <h2 id="my-waitlists" className="mb-3 flex items-center gap-2 font-semibold text-lg">
        <Hourglass aria-hidden className="size-5 text-brand-700" />
        {t('waitlist.title')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {entries.map((entry) => (
          <EntryCard key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
