import { PAGES } from '@sentiero/contract/pages';
import { CalendarDays, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useHoldEnd } from '../components/waitlist-entries.tsx';
import { useDeclineOffer, useWaitlistOffer } from '../waitlist-api.ts';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span aria-hidden className="mt-0.5 text-brand-700">
        {icon}
      </span>
      <div>
        <dt className="text-sm text-stone-600">{label}</dt>
        <dd className="font-medium text-stone-900">{children}</dd>
      </div>
    </div>
  );
}

/**
 * `/waitlist/offer?token=…`: the link of the waiting list's offer mail and push (ADR 050). Places
 * are already held for the member: they continue into the normal purchase with them, or decline
 * them for the next in the queue.
 */
export function Component() {
  const { t } = useTranslation('tickets');
  const language = useCurrentLanguage();
  const holdEnd = useHoldEnd();
  const token = useSearchParams()[0].get('token') ?? '';
  const query = useWaitlistOffer(token);
  const decline = useDeclineOffer();
  const data = query.data;

  return (
    <div className="mx-auto max-w-xl">
      <PageHeading>{t('waitlist.offerTitle')}</PageHeading>
      {query.isError ? (
        <Alert tone="error">{t('waitlist.offerUnknown')}</Alert>
      ) : !data ? (
        <QueryState isPending={query.isPending} isError={false} onRetry={query.refetch} />
      ) : (
        <div className="space-y-5 rounded-card border border-stone-200 bg-white p-5 shadow-sm">
          <div>
            <p className="font-semibold text-lg text-stone-900">{data.entry.ticket_title}</p>
            <p className="text-sm text-stone-600">{data.entry.area_name}</p>
          </div>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Fact icon={<CalendarDays className="size-5" />} label={t('waitlist.day')}>
              {formatLocalizedDate(data.entry.day, language, 'long')}
            </Fact>
            <Fact icon={<Users className="size-5" />} label={t('waitlist.places')}>
              {data.offer.places}
            </Fact>
            <Fact icon={<Clock className="size-5" />} label={t('waitlist.until')}>
              {holdEnd(data.offer.expires_at)}
            </Fact>
          </dl>
          {decline.isSuccess ? (
            <Alert tone="success">{t('waitlist.declined')}</Alert>
          ) : data.offer.state === 'open' ? (
            <>
              <p className="text-stone-700">{t('waitlist.offerLead', { count: data.offer.places })}</p>
              {decline.isError && <Alert tone="error">{t('waitlist.offerGone')}</Alert>}
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  to={PAGES.eventGuests.path({
                    eventId: data.entry.id_ticket,
                    date: data.entry.day,
                    offer: data.offer.token,
                    places: String(data.offer.places),
                  })}
                  className={buttonClass()}
                >
                  {t('waitlist.accept')}
                </Link>
                <Button
                  variant="secondary"
                  busy={decline.isPending}
                  busyLabel={t('waitlist.declining')}
                  onClick={() => decline.mutate(data.offer.token)}
                >
                  {t('waitlist.decline')}
                </Button>
              </div>
            </>
          ) : (
            <Alert tone="info">{t(`waitlist.offerState.${data.offer.state}`)}</Alert>
          )}
          <Link to={PAGES.myTickets.path()} className="inline-block text-brand-800 text-sm underline">
            {t('waitlist.toMyTickets')}
          </Link>
        </div>
      )}
    </div>
  );
}
