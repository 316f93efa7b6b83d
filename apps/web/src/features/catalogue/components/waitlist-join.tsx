import { PAGES } from '@sentiero/contract/pages';
import { WAITLIST_MAX_PARTY } from '@sentiero/contract/rules/waitlist';
import { useMutation } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';

/**
 * A sold-out day picked on the calendar: a member joins its waiting list for their party (ADR 050);
 * a visitor is asked to log in first and comes back here.
 */
export function WaitlistJoin({ ticketId, day }: { ticketId: number; day: string }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const member = useAuthStore((state) => state.user);
  const location = useLocation();
  const partyId = useId();
  const [party, setParty] = useState(2);
  const join = useMutation({
    mutationFn: () => callApi('ticketWaitlistJoin', { id_ticket: ticketId, day, party }),
  });
  const date = formatLocalizedDate(day, language, 'long');

  return (
    <section
      aria-labelledby={`${partyId}-title`}
      className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id={`${partyId}-title`} className="flex items-center gap-2 font-semibold">
        <Hourglass aria-hidden className="size-4" />
        {t('waitlist.soldOut', { date })}
      </h3>
      {join.isSuccess ? (
        <div className="mt-2 space-y-2 text-sm">
          <p role="status">{t('waitlist.joined', { position: join.data.entry.position ?? 1 })}</p>
          <Link to={PAGES.myTickets.path()} className="font-medium underline">
            {t('waitlist.seeMine')}
          </Link>
        </div>
      ) : !member ? (
        <p className="mt-2 text-sm">
          {t('waitlist.loginFirst')}{' '}
          <Link
            to={PAGES.login.path({ redirectTo: `${location.pathname}${location.search}` })}
            className="font-medium underline"
          >
            {t('waitlist.login')}
          </Link>
        </p>
      ) : (
        <form
          className="mt-2 space-y-3 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            join.mutate();
          }}
        >
          <p>{t('waitlist.lead')}</p>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={partyId} className="font-medium">
                {t('waitlist.party')}
              </label>
              <select
                id={partyId}
                className={`${inputClass} w-24`}
                value={party}
                onChange={(event) => setParty(Number(event.target.value))}
              >
                {Array.from({ length: WAITLIST_MAX_PARTY }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" busy={join.isPending} busyLabel={t('waitlist.joining')}>
              {t('waitlist.join')}
            </Button>
          </div>
          {join.isError && (
            <Alert tone="error">
              {join.error instanceof ApiRequestError ? join.error.message : t('waitlist.failed')}
            </Alert>
          )}
        </form>
      )}
    </section>
  );
}
