import { CONSOLE_ORDER_STATES } from '@sentiero/contract/console-orders';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import type { OrderChoices, OrderSearchInput } from '../api.ts';
import type { TextFilter } from '../orders-logic.ts';

type Draft = Record<TextFilter | 'area_id' | 'ticket_id' | 'day' | 'state', string>;

const MAIN_TEXT: readonly TextFilter[] = ['order_code', 'guest_name', 'buyer_email'];
const MORE_TEXT: readonly TextFilter[] = ['ticket_code', 'buyer_name', 'fiscal_code', 'fishing_card'];
const LABELS: Record<TextFilter, string> = {
  order_code: 'search.orderCode',
  ticket_code: 'search.ticketCode',
  buyer_email: 'search.buyerEmail',
  buyer_name: 'search.buyerName',
  guest_name: 'search.guestName',
  fiscal_code: 'search.fiscalCode',
  fishing_card: 'search.fishingCard',
};

function draftOf(search: OrderSearchInput): Draft {
  const value = (name: keyof Draft) => {
    const given = (search as Record<string, unknown>)[name];
    return given === undefined ? '' : String(given);
  };
  return {
    order_code: value('order_code'),
    ticket_code: value('ticket_code'),
    buyer_email: value('buyer_email'),
    buyer_name: value('buyer_name'),
    guest_name: value('guest_name'),
    fiscal_code: value('fiscal_code'),
    fishing_card: value('fishing_card'),
    area_id: value('area_id'),
    ticket_id: value('ticket_id'),
    day: value('day'),
    state: value('state'),
  };
}

/**
 * The search's fields: the common ones in sight, the rarer ones (ticket code, fiscal code,
 * fishing card…) one click away, opened by themselves when the search uses them.
 */
export function OrderFilters({
  search,
  choices,
  onSearch,
}: {
  search: OrderSearchInput;
  choices: OrderChoices | undefined;
  onSearch(next: Partial<Draft>): void;
}) {
  const { t } = useTranslation('consoleOrders');
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const set = (name: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((before) => ({ ...before, [name]: event.target.value }));
  const area = choices?.areas.find((candidate) => String(candidate.id) === draft.area_id);
  const tickets = area ? area.tickets : (choices?.areas.flatMap((each) => each.tickets) ?? []);
  const moreInUse = MORE_TEXT.some((name) => draft[name] !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }

  const textField = (name: TextFilter) => (
    <FormField key={name} label={t(LABELS[name])}>
      {(control) => (
        <input
          {...control}
          className={`${inputClass} h-10`}
          value={draft[name]}
          onChange={set(name)}
          name={name}
        />
      )}
    </FormField>
  );

  return (
    <form
      onSubmit={submit}
      aria-label={t('search.filters')}
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm print:hidden"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {MAIN_TEXT.map(textField)}
        <FormField label={t('search.area')}>
          {(control) => (
            <select
              {...control}
              className={`${inputClass} h-10`}
              value={draft.area_id}
              onChange={(event) =>
                setDraft((before) => ({ ...before, area_id: event.target.value, ticket_id: '' }))
              }
            >
              <option value="">{t('search.anyArea')}</option>
              {choices?.areas.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('search.ticket')}>
          {(control) => (
            <select
              {...control}
              className={`${inputClass} h-10`}
              value={draft.ticket_id}
              onChange={set('ticket_id')}
            >
              <option value="">{t('search.anyTicket')}</option>
              {tickets.map((ticket) => (
                <option key={ticket.id} value={ticket.id}>
                  {ticket.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t('search.day')}>
            {(control) => (
              <input
                {...control}
                type="date"
                className={`${inputClass} h-10`}
                value={draft.day}
                onChange={set('day')}
              />
            )}
          </FormField>
          <FormField label={t('search.state')}>
            {(control) => (
              <select
                {...control}
                className={`${inputClass} h-10`}
                value={draft.state}
                onChange={set('state')}
              >
                <option value="">{t('search.any')}</option>
                {CONSOLE_ORDER_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`states.${state}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </div>
      <details open={moreInUse || undefined} className="group">
        <summary className="cursor-pointer font-medium text-brand-800 text-sm">{t('search.more')}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{MORE_TEXT.map(textField)}</div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('search.submit')}</Button>
        <Button variant="secondary" onClick={() => onSearch({})}>
          {t('search.clear')}
        </Button>
      </div>
    </form>
  );
}
