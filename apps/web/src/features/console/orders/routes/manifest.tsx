import { MANIFEST_PAGE_SIZE } from '@sentiero/contract/console-orders';
import { Printer } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatLocalizedDate } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import { Button } from '../../../../ui/button.tsx';
import { inputClass } from '../../../../ui/form-field.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import { ConsoleNav } from '../../components/console-nav.tsx';
import { SessionGate } from '../../components/session-gate.tsx';
import { type OrderChoices, useManifest, useOrderChoices } from '../api.ts';
import { DayWaitlist } from '../components/day-waitlist.tsx';
import { ManifestTable } from '../components/manifest-table.tsx';
import { manifestFromParams, romeToday } from '../orders-logic.ts';

/**
 * `/console/manifest`: who holds a place on a day, for one ticket or a whole area, guest by
 * guest — on a tablet at the meeting point, or printed (the page prints as a plain list).
 */
export function Component() {
  return <SessionGate>{(me) => <ManifestScreen me={me} />}</SessionGate>;
}

function ManifestScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const [params, setParams] = useSearchParams();
  const choices = useOrderChoices();
  const input = manifestFromParams(params);
  const manifest = useManifest(input);
  const area = choices.data?.areas.find((candidate) => candidate.id === input?.area_id);
  const ticketArea = choices.data?.areas.find((candidate) =>
    candidate.tickets.some((each) => each.id === input?.ticket_id),
  );
  const ticket = ticketArea?.tickets.find((candidate) => candidate.id === input?.ticket_id);
  const onlyArea = choices.data?.areas.length === 1 ? choices.data.areas[0]?.id : undefined;
  const place = ticket?.title ?? area?.name ?? '';
  const data = manifest.data;

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row print:block print:py-0">
      <div className="print:hidden">
        <ConsoleNav me={me} />
      </div>
      <section className="min-w-0 flex-1 space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="font-bold text-2xl text-stone-900">
              {t('manifest.title')}
              {input && place && (
                <span className="hidden print:inline">
                  {' '}
                  · {place} · {formatLocalizedDate(input.day, language, 'long')}
                </span>
              )}
            </h1>
            <p className="text-stone-600 print:hidden">{t('manifest.lead')}</p>
          </div>
          {data && data.total > 0 && (
            <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
              <Printer aria-hidden className="size-4" />
              {t('manifest.print')}
            </Button>
          )}
        </div>
        <ManifestForm
          key={`${params.toString()}|${choices.data ? 'ready' : ''}`}
          choices={choices.data}
          initial={{
            area: String(input?.area_id ?? ticketArea?.id ?? onlyArea ?? ''),
            ticket: String(input?.ticket_id ?? ''),
            day: input?.day ?? romeToday(),
          }}
          onShow={(next) => setParams(next)}
        />
        {!input && <p className="text-stone-600">{t('manifest.choose')}</p>}
        {input && (
          <QueryState
            isPending={manifest.isPending}
            isError={manifest.isError}
            onRetry={() => manifest.refetch()}
          />
        )}
        {input && data && (
          <>
            <p className="font-medium text-stone-800" aria-live="polite">
              {t('manifest.counts', {
                total: data.total,
                paid: data.counts.paid,
                payOnSite: data.counts.pay_on_site,
                checkedIn: data.counts.checked_in,
              })}
            </p>
            {data.total === 0 ? (
              <p className="rounded-xl border border-stone-200 bg-white p-6 text-stone-600">
                {t('manifest.empty')}
              </p>
            ) : (
              <ManifestTable
                manifest={data}
                pageSize={MANIFEST_PAGE_SIZE}
                showTicket={input.ticket_id === undefined}
                onPage={(page) => {
                  const next = new URLSearchParams(params);
                  next.set('page', String(page));
                  setParams(next);
                }}
              />
            )}
            {input.ticket_id !== undefined && (
              <DayWaitlist ticketId={Number(input.ticket_id)} day={input.day} />
            )}
            <p className="hidden text-stone-600 text-xs print:block">
              {t('manifest.printed', {
                at: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(),
                ),
              })}
            </p>
          </>
        )}
      </section>
    </div>
  );
}

function ManifestForm({
  choices,
  initial,
  onShow,
}: {
  choices: OrderChoices | undefined;
  initial: { area: string; ticket: string; day: string };
  onShow(params: URLSearchParams): void;
}) {
  const { t } = useTranslation('consoleOrders');
  const [area, setArea] = useState(initial.area);
  const [ticket, setTicket] = useState(initial.ticket);
  const [day, setDay] = useState(initial.day);
  const tickets = choices?.areas.find((candidate) => String(candidate.id) === area)?.tickets ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (ticket) next.set('ticket_id', ticket);
    else if (area) next.set('area_id', area);
    if (day) next.set('day', day);
    onShow(next);
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t('manifest.title')}
      className="grid items-end gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_auto] print:hidden"
    >
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('manifest.area')}</span>
        <select
          className={inputClass}
          value={area}
          onChange={(event) => {
            setArea(event.target.value);
            setTicket('');
          }}
        >
          <option value="" disabled>
            —
          </option>
          {choices?.areas.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('manifest.ticket')}</span>
        <select
          className={inputClass}
          value={ticket}
          onChange={(event) => setTicket(event.target.value)}
          disabled={!area}
        >
          <option value="">{t('manifest.wholeArea')}</option>
          {tickets.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('manifest.day')}</span>
        <input
          type="date"
          className={inputClass}
          value={day}
          onChange={(event) => setDay(event.target.value)}
        />
      </label>
      <Button type="submit" disabled={!area || !day}>
        {t('manifest.show')}
      </Button>
    </form>
  );
}
