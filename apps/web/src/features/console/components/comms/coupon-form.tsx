import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Button } from '../../../../ui/button.tsx';
import {
  CheckboxField,
  checkboxClass,
  FormField,
  inputClass,
  TextField,
} from '../../../../ui/form-field.tsx';
import {
  type ConsoleCoupon,
  type CouponChoices,
  useCouponChoices,
  useCreateCoupon,
  useUpdateCoupon,
} from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';
import { dayToInstant, localDay } from './console-page.tsx';

const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
const orNull = (list: number[]) => (list.length > 0 ? list : null);

/**
 * A coupon's form: every kind checkout applies. Its code and operator are chosen once (orders
 * name the code); an operator's coupon names some of its areas or tickets, Sentiero's own may
 * reach the whole catalogue.
 */
export function CouponForm({ coupon, onDone }: { coupon: ConsoleCoupon | null; onDone(): void }) {
  const { t } = useTranslation(['consoleComms', 'errors']);
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const firstChoices = useCouponChoices(undefined);
  const [operatorChoice, setOperatorChoice] = useState<number | 'sentiero' | undefined>(
    coupon ? (coupon.operator?.id ?? 'sentiero') : undefined,
  );
  const defaultOperator =
    firstChoices.data && (firstChoices.data.sentiero ? 'sentiero' : firstChoices.data.operators[0]?.id);
  const operator = operatorChoice ?? defaultOperator;
  const choices = useCouponChoices(typeof operator === 'number' ? operator : undefined);
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'fixed'>(coupon?.kind ?? 'percent');
  const [amount, setAmount] = useState(
    coupon ? (coupon.kind === 'percent' ? String(coupon.amount) : (coupon.amount / 100).toFixed(2)) : '',
  );
  const [areaIds, setAreaIds] = useState<number[]>(coupon?.area_ids ?? []);
  const [ticketIds, setTicketIds] = useState<number[]>(coupon?.ticket_ids ?? []);
  const [categoryIds, setCategoryIds] = useState<number[]>(coupon?.category_ids ?? []);
  const [from, setFrom] = useState(localDay(coupon?.valid_from ?? null));
  const [until, setUntil] = useState(localDay(coupon?.valid_until ?? null));
  const [maxUses, setMaxUses] = useState(coupon?.max_uses ? String(coupon.max_uses) : '');
  const [perPerson, setPerPerson] = useState(
    coupon?.max_uses_per_person ? String(coupon.max_uses_per_person) : '',
  );
  const [membersOnly, setMembersOnly] = useState(coupon?.members_only ?? false);
  const mutation = coupon ? update : create;
  const fields = mutation.error instanceof ApiRequestError ? mutation.error.fields : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = kind === 'fixed' ? Math.round(Number(amount.replace(',', '.')) * 100) : Number(amount);
    const common = {
      kind,
      amount: Number.isFinite(cents) ? cents : 0,
      area_ids: orNull(areaIds),
      ticket_ids: orNull(ticketIds),
      category_ids: orNull(categoryIds),
      valid_from: dayToInstant(from),
      valid_until: dayToInstant(until, true),
      max_uses: maxUses,
      max_uses_per_person: perPerson,
      members_only: membersOnly,
    };
    if (coupon) update.mutate({ ...common, id: coupon.id }, { onSuccess: onDone });
    else
      create.mutate(
        { ...common, code, operator_id: typeof operator === 'number' ? operator : undefined },
        { onSuccess: onDone },
      );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="coupon-form-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="coupon-form-title" className="font-semibold text-lg">
        {coupon ? t('coupons.editTitle', { code: coupon.code }) : t('coupons.newTitle')}
      </h2>
      {coupon && <p className="text-stone-600">{coupon.operator?.name ?? t('coupons.sentiero')}</p>}
      <FailureAlert error={mutation.error} fallback={t('errors:INTERNAL')} />
      <div className="grid gap-4 lg:grid-cols-2">
        {!coupon && (
          <TextField
            label={t('coupons.code')}
            hint={t('coupons.codeHint')}
            value={code}
            autoCapitalize="characters"
            error={fields.code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
          />
        )}
        {!coupon && firstChoices.data && (
          <FormField label={t('coupons.operator')} error={fields.operator_id}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={operator ?? ''}
                onChange={(event) => {
                  setOperatorChoice(
                    event.target.value === 'sentiero' ? 'sentiero' : Number(event.target.value),
                  );
                  setAreaIds([]);
                  setTicketIds([]);
                }}
              >
                {firstChoices.data.sentiero && <option value="sentiero">{t('coupons.sentieroWhole')}</option>}
                {firstChoices.data.operators.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('coupons.discount')}</legend>
        <FormField label={t('coupons.kind')} error={fields.kind}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={kind}
              onChange={(event) => setKind(event.target.value as 'percent' | 'fixed')}
            >
              <option value="percent">{t('coupons.kinds.percent')}</option>
              <option value="fixed">{t('coupons.kinds.fixed')}</option>
            </select>
          )}
        </FormField>
        <TextField
          label={kind === 'percent' ? t('coupons.amountPercent') : t('coupons.amountEuros')}
          inputMode={kind === 'percent' ? 'numeric' : 'decimal'}
          value={amount}
          error={fields.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </fieldset>
      <Targets
        choices={choices.data}
        sentiero={operator === 'sentiero'}
        areaIds={areaIds}
        ticketIds={ticketIds}
        categoryIds={categoryIds}
        setAreaIds={setAreaIds}
        setTicketIds={setTicketIds}
        setCategoryIds={setCategoryIds}
        error={fields.area_ids ?? fields.ticket_ids ?? fields.category_ids}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('coupons.validFrom')}
          type="date"
          value={from}
          error={fields.valid_from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label={t('coupons.validUntil')}
          type="date"
          value={until}
          error={fields.valid_until}
          onChange={(event) => setUntil(event.target.value)}
        />
        <TextField
          label={t('coupons.maxUses')}
          hint={t('coupons.noLimitHint')}
          inputMode="numeric"
          value={maxUses}
          error={fields.max_uses}
          onChange={(event) => setMaxUses(event.target.value)}
        />
        <TextField
          label={t('coupons.maxPerPerson')}
          hint={t('coupons.noLimitHint')}
          inputMode="numeric"
          value={perPerson}
          error={fields.max_uses_per_person}
          onChange={(event) => setPerPerson(event.target.value)}
        />
      </div>
      <CheckboxField label={t('coupons.membersOnly')}>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            className={checkboxClass}
            checked={membersOnly}
            onChange={(event) => setMembersOnly(event.target.checked)}
          />
        )}
      </CheckboxField>
      <div className="flex gap-2">
        <Button type="submit" busy={mutation.isPending}>
          {coupon ? t('coupons.save') : t('coupons.create')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('coupons.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Targets({
  choices,
  sentiero,
  areaIds,
  ticketIds,
  categoryIds,
  setAreaIds,
  setTicketIds,
  setCategoryIds,
  error,
}: {
  choices: CouponChoices | undefined;
  sentiero: boolean;
  areaIds: number[];
  ticketIds: number[];
  categoryIds: number[];
  setAreaIds(ids: number[]): void;
  setTicketIds(ids: number[]): void;
  setCategoryIds(ids: number[]): void;
  error: string | undefined;
}) {
  const { t } = useTranslation('consoleComms');
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 font-medium text-stone-800">{t('coupons.appliesTo')}</legend>
      <p className="text-sm text-stone-600">
        {sentiero ? t('coupons.sentieroHint') : t('coupons.operatorHint')}
      </p>
      {error && <p className="text-red-700 text-sm">{error}</p>}
      {!sentiero && choices && choices.areas.length === 0 && (
        <p className="text-sm text-stone-600">{t('coupons.noAreas')}</p>
      )}
      {!sentiero && (
        <ul className="max-h-80 space-y-3 overflow-y-auto">
          {choices?.areas.map((area) => (
            <li key={area.id}>
              <label className="flex items-start gap-2 font-medium text-stone-900">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={areaIds.includes(area.id)}
                  onChange={() => setAreaIds(toggle(areaIds, area.id))}
                />
                {t('coupons.wholeArea', { area: area.name })}
              </label>
              {area.tickets.length > 0 && (
                <ul className="mt-1 ml-6 grid gap-1 sm:grid-cols-2">
                  {area.tickets.map((ticket) => (
                    <li key={ticket.id}>
                      <label className="flex items-start gap-2 text-sm text-stone-800">
                        <input
                          type="checkbox"
                          className={checkboxClass}
                          checked={ticketIds.includes(ticket.id)}
                          disabled={areaIds.includes(area.id)}
                          onChange={() => setTicketIds(toggle(ticketIds, ticket.id))}
                        />
                        {ticket.name}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {choices && choices.categories.length > 0 && (
        <div>
          <p className="font-medium text-sm text-stone-700">{t('coupons.onlyCategories')}</p>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {choices.categories.map((category) => (
              <li key={category.id}>
                <label className="flex items-start gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={categoryIds.includes(category.id)}
                    onChange={() => setCategoryIds(toggle(categoryIds, category.id))}
                  />
                  {category.name}
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
