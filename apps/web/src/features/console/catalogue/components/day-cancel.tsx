import type { DayCancellationProgress } from '@sentiero/contract/day-cancellations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import {
  type ConsoleTicket,
  useCancelDay,
  useDayCancellationPreview,
  useDayCancellationProgress,
} from '../api.ts';

/**
 * A storm cancels a day (issue 25 item 6, ADR 049): beside the day's panel, the area's stored
 * forecast for that day and what the day holds; the operator cancels this ticket's day, or every
 * ticket of its area, with a reason. Then the run's progress (told, refunded, moved, failed) is
 * read again every few seconds until it is done.
 */
export function DayCancelPanel({ ticket, date }: { ticket: ConsoleTicket; date: string }) {
  const { t } = useTranslation(['consoleCatalogue', 'errors']);
  const language = useCurrentLanguage();
  const [whole, setWhole] = useState(false);
  const [reason, setReason] = useState('');
  const subject = whole ? { area_id: ticket.fields.area_id } : { ticket_id: ticket.id };
  const preview = useDayCancellationPreview(subject, date);
  const cancel = useCancelDay();
  const existing = cancel.data ?? preview.data?.existing ?? null;
  const progress = useDayCancellationProgress(existing?.id ?? null);
  const shown = progress.data ?? existing;
  const problem = cancel.error instanceof ApiRequestError ? cancel.error : null;
  const data = preview.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate({ ...subject, date, reason });
  };

  return (
    <section
      className="mt-4 space-y-3 rounded-lg border border-red-200 bg-white p-4"
      aria-labelledby={`cancel-${date}`}
    >
      <h4 id={`cancel-${date}`} className="font-semibold text-red-900">
        {t('dayCancel.title')}
      </h4>
      {data && (
        <div className="rounded-md bg-stone-50 p-3 text-sm" aria-live="polite">
          <p className="font-medium text-stone-800">{t('dayCancel.forecast', { area: data.area_name })}</p>
          {data.forecast === null ? (
            <p className="text-stone-600">{t('dayCancel.noForecast')}</p>
          ) : (
            <>
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {data.forecast.warnings.length === 0 ? (
                  <li className="rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-900 text-xs">
                    {t('dayCancel.noWarnings')}
                  </li>
                ) : (
                  data.forecast.warnings.map((warning) => (
                    <li
                      key={warning}
                      className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900 text-xs"
                    >
                      {t(`dayCancel.warning.${warning}`)}
                    </li>
                  ))
                )}
              </ul>
              <p className="mt-1 text-stone-600 text-xs">
                {t('dayCancel.figures', {
                  rain: data.forecast.rain_mm ?? '—',
                  gust: data.forecast.gust_kmh ?? '—',
                  min: data.forecast.temp_min ?? '—',
                })}
              </p>
            </>
          )}
          <p className="mt-2 text-stone-700">
            {t('dayCancel.holds', {
              orders: data.orders,
              guests: data.guests,
              paid: formatMoney(data.paid_cents, language),
            })}
          </p>
        </div>
      )}
      {shown ? (
        <Progress progress={shown} />
      ) : (
        <form onSubmit={submit} className="space-y-3" noValidate>
          <fieldset className="space-y-1 text-sm">
            <legend className="sr-only">{t('dayCancel.scope')}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name={`scope-${date}`} checked={!whole} onChange={() => setWhole(false)} />
              {t('dayCancel.thisTicket')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`scope-${date}`} checked={whole} onChange={() => setWhole(true)} />
              {t('dayCancel.wholeArea', { area: ticket.area.name })}
            </label>
          </fieldset>
          <FormField
            label={t('dayCancel.reason')}
            hint={t('dayCancel.reasonHint')}
            error={problem?.fields.reason}
          >
            {(control) => (
              <textarea
                {...control}
                rows={2}
                className={inputClass}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          {problem && !problem.fields.reason && <Alert tone="error">{problem.message}</Alert>}
          <p className="text-stone-600 text-xs">{t('dayCancel.explain')}</p>
          <Button
            type="submit"
            variant="danger"
            busy={cancel.isPending}
            busyLabel={t('dayCancel.cancelling')}
          >
            {t('dayCancel.confirm')}
          </Button>
        </form>
      )}
    </section>
  );
}

function Progress({ progress }: { progress: DayCancellationProgress }) {
  const { t } = useTranslation('consoleCatalogue');
  const language = useCurrentLanguage();
  const waiting = progress.orders - progress.refunded - progress.moved - progress.failed;
  const rows: [string, number][] = [
    [t('dayCancel.told'), progress.told],
    [t('dayCancel.refunded'), progress.refunded],
    [t('dayCancel.moved'), progress.moved],
    [t('dayCancel.failed'), progress.failed],
    [t('dayCancel.undecided'), waiting],
  ];
  return (
    <div className="space-y-2 text-sm" aria-live="polite">
      <p className="font-medium text-stone-800">
        {t(`dayCancel.state.${progress.state}`)} · {t('dayCancel.orders', { count: progress.orders })}
      </p>
      <p className="text-stone-600">{t('dayCancel.reasonWas', { reason: progress.reason })}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-right font-semibold text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
        <dt className="text-stone-600">{t('dayCancel.refundedMoney')}</dt>
        <dd className="text-right font-semibold text-stone-900 tabular-nums">
          {formatMoney(progress.refunded_cents, language)}
        </dd>
      </dl>
      {progress.state !== 'done' && (
        <p className="text-stone-600 text-xs">
          {t('dayCancel.lapseAt', {
            when: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(progress.lapse_at),
            ),
          })}
        </p>
      )}
    </div>
  );
}
