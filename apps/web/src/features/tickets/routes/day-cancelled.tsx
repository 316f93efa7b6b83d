import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatLocalizedDate, formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useChooseForCancelledDay, useDayCancellationChoice } from '../api.ts';

/**
 * `/tickets/day-cancelled?token=…&choice=refund|move`: a buyer of a day the operator cancelled
 * chooses from the mail's links, without logging in (ADR 049). The refund link takes the refund
 * as the page opens (the click in the mail is the choice; a mail scanner that only fetches the
 * page runs no script and chooses nothing); the move link shows the open days, one click each.
 */
export function Component() {
  const { t } = useTranslation(['tickets', 'errors']);
  const language = useCurrentLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const asked = params.get('choice') === 'refund' ? 'refund' : 'move';
  const query = useDayCancellationChoice(token);
  const choose = useChooseForCancelledDay(token);
  const [day, setDay] = useState<string | null>(null);
  const refundAsked = useRef(false);
  const data = query.data;
  const undecided = data?.state === 'told' || data?.state === 'waiting';

  useEffect(() => {
    if (asked !== 'refund' || !undecided || refundAsked.current) return;
    refundAsked.current = true;
    choose.mutate({ choice: 'refund' });
  }, [asked, undecided, choose]);

  const notFound = !token || (query.error instanceof ApiRequestError && query.error.status === 404);
  const error =
    choose.error instanceof ApiRequestError
      ? choose.error.message
      : choose.error
        ? t('errors:INTERNAL')
        : null;
  const money = (cents: number) => formatMoney(cents, language);

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <PageHeading lead={data ? t('dayCancelled.lead', { reason: data.reason }) : undefined}>
        {data
          ? t('dayCancelled.title', {
              title: data.title,
              day: formatLocalizedDate(data.day, language, 'long'),
            })
          : t('dayCancelled.titleLoading')}
      </PageHeading>
      {notFound ? (
        <Alert tone="error">{t('dayCancelled.notFound')}</Alert>
      ) : (
        <QueryState isPending={query.isPending} isError={query.isError} onRetry={query.refetch} />
      )}
      {data && (
        <>
          <p className="text-stone-700">
            {t('dayCancelled.order', { order: data.order_code, guests: data.guests.join(', ') })}
          </p>
          {error && <Alert tone="error">{error}</Alert>}
          {data.state === 'refunded' && (
            <Alert tone="success">
              {data.refund_cents > 0
                ? t('dayCancelled.refunded', { amount: money(data.refund_cents) })
                : t('dayCancelled.cancelledNoMoney')}
            </Alert>
          )}
          {data.state === 'refunding' && <Alert tone="info">{t('dayCancelled.refunding')}</Alert>}
          {data.state === 'failed' && <Alert tone="error">{t('dayCancelled.failed')}</Alert>}
          {data.state === 'moved' && data.moved_to && (
            <Alert tone="success">
              {t('dayCancelled.moved', { day: formatLocalizedDate(data.moved_to, language, 'long') })}
            </Alert>
          )}
          {undecided && (
            <>
              <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                <h2 className="font-semibold text-stone-900">{t('dayCancelled.refundTitle')}</h2>
                <p className="text-sm text-stone-600">
                  {data.refund_cents > 0
                    ? t('dayCancelled.refundText', { amount: money(data.refund_cents) })
                    : t('dayCancelled.refundTextNoMoney')}
                </p>
                <Button
                  variant={asked === 'refund' ? 'primary' : 'secondary'}
                  busy={choose.isPending && choose.variables?.choice === 'refund'}
                  busyLabel={t('dayCancelled.working')}
                  onClick={() => choose.mutate({ choice: 'refund' })}
                >
                  {t('dayCancelled.refundButton')}
                </Button>
              </section>
              <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                <h2 className="font-semibold text-stone-900">{t('dayCancelled.moveTitle')}</h2>
                <p className="text-sm text-stone-600">{t('dayCancelled.moveText')}</p>
                {data.days.length === 0 ? (
                  <p className="text-sm text-stone-600">{t('move.noDays')}</p>
                ) : (
                  <ul className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3">
                    {data.days.map((option) => (
                      <li key={option.date}>
                        <Button
                          variant={day === option.date ? 'primary' : 'secondary'}
                          className="w-full"
                          busy={choose.isPending && day === option.date}
                          busyLabel={t('dayCancelled.working')}
                          onClick={() => {
                            setDay(option.date);
                            choose.mutate({ choice: 'move', day: option.date });
                          }}
                        >
                          {formatLocalizedDate(option.date, language, 'medium')}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <p className="text-sm text-stone-600">
                {t('dayCancelled.lapse', {
                  when: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
                    new Date(data.lapse_at),
                  ),
                })}
              </p>
            </>
          )}
        </>
      )}
    </div>
  );
}
