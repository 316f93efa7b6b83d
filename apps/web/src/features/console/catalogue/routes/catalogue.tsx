import { PAGES } from '@sentiero/contract/pages';
import { TICKET_STATUSES, type TicketStatus } from '@sentiero/contract/rules/ticket-publishing';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../../ui/button.tsx';
import { inputClass } from '../../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../../ui/pager.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import type { ConsoleMe } from '../../api.ts';
import { useCatalogueAreas, useCatalogueTickets } from '../api.ts';
import { CatalogueFrame, holds, StatusBadge } from '../components/catalogue-frame.tsx';

/**
 * `/console/catalogue`: the tickets of the areas the staff member runs, filtered by area, state
 * and words of the title, a page at a time; each opens in the editor.
 */
export function Component() {
  return <CatalogueFrame>{(me) => <CatalogueList me={me} />}</CatalogueFrame>;
}

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

function CatalogueList({ me }: { me: ConsoleMe }) {
  const { t, i18n } = useTranslation('consoleCatalogue');
  const [searchParams, setSearchParams] = useSearchParams();
  const areaId = positive(searchParams.get('area'));
  const status = (TICKET_STATUSES as readonly string[]).includes(searchParams.get('status') ?? '')
    ? (searchParams.get('status') as TicketStatus)
    : undefined;
  const q = searchParams.get('q') ?? undefined;
  const tickets = useCatalogueTickets({
    area_id: areaId,
    status,
    q: q || undefined,
    page: pageParam(searchParams),
  });
  const areas = useCatalogueAreas();
  const ids = { area: useId(), status: useId(), q: useId() };
  const price = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['area', 'status', 'q']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setSearchParams(next);
  };

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-bold text-2xl text-stone-900">{t('title')}</h1>
        {holds(me, 'catalogue.write') && (
          <Link to={PAGES.consoleCatalogueNew.path({ area: areaId })} className={buttonClass()}>
            {t('list.new')}
          </Link>
        )}
      </div>
      <form
        onSubmit={search}
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:items-end lg:grid-cols-[1fr_10rem_1fr_auto]"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.area} className="font-medium text-sm text-stone-700">
            {t('list.area')}
          </label>
          <select id={ids.area} name="area" defaultValue={areaId ?? ''} className={inputClass}>
            <option value="">{t('list.allAreas')}</option>
            {areas.data?.areas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.status} className="font-medium text-sm text-stone-700">
            {t('list.status')}
          </label>
          <select id={ids.status} name="status" defaultValue={status ?? ''} className={inputClass}>
            <option value="">{t('list.anyStatus')}</option>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.q} className="font-medium text-sm text-stone-700">
            {t('list.words')}
          </label>
          <input id={ids.q} name="q" type="search" defaultValue={q ?? ''} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          {t('list.search')}
        </button>
      </form>
      <QueryState isPending={tickets.isPending} isError={tickets.isError} onRetry={() => tickets.refetch()} />
      {tickets.data && tickets.data.tickets.length === 0 && (
        <p className="text-stone-600">{t('list.empty')}</p>
      )}
      {tickets.data && tickets.data.tickets.length > 0 && (
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('title')}</caption>
            <thead className="border-stone-200 border-b bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('list.ticket')}
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                  {t('list.area')}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('list.status')}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  {t('list.price')}
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                  {t('list.missing')}
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                  {t('list.updated')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {tickets.data.tickets.map((ticket) => (
                <tr key={ticket.id} className="hover:bg-stone-50">
                  <td className="px-4 py-3">
                    <Link
                      to={PAGES.consoleCatalogueTicket.path({ id: ticket.id })}
                      className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                    >
                      {ticket.title}
                    </Link>
                    <p className="text-stone-600 text-xs lg:hidden">{ticket.area.name}</p>
                  </td>
                  <td className="hidden px-4 py-3 text-stone-700 lg:table-cell">
                    {ticket.area.name}
                    <span className="block text-stone-500 text-xs">{ticket.area.operator}</span>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={ticket.status} />
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {price.format(ticket.price_cents / 100)}
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">
                    {ticket.missing_languages.length === 0 ? (
                      <span className="text-stone-500">—</span>
                    ) : (
                      <span className="flex flex-wrap gap-1">
                        {ticket.missing_languages.map((language) => (
                          <abbr
                            key={language}
                            title={t('list.missingIn', { language: t(`languages.${language}`) })}
                            className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 text-xs uppercase no-underline"
                          >
                            {language}
                          </abbr>
                        ))}
                      </span>
                    )}
                  </td>
                  <td className="hidden px-4 py-3 text-stone-600 lg:table-cell">
                    {updated.format(new Date(ticket.updated_at))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {tickets.data && <Pager page={tickets.data.page} pages={tickets.data.pages} />}
    </>
  );
}
