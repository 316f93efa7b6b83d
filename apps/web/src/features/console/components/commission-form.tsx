import { rateInForce } from '@sentiero/contract/rules/commission-rates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { type StatementAnswer, useSetCommission } from '../figures-api.ts';
import { todayInItaly } from '../figures-logic.ts';
import { FailureAlert } from './console-card.tsx';

type Statement = NonNullable<StatementAnswer['statement']>;

/**
 * Sentiero's admin sets the operator's commission, in percent with up to two decimals, from a
 * month on (this one or a later one): earlier months keep the rate they had (ADR 042).
 */
export function CommissionForm({ statement, language }: { statement: Statement; language: string }) {
  const { t } = useTranslation('consoleFigures');
  const change = useSetCommission();
  const thisMonth = todayInItaly(new Date()).slice(0, 7);
  const rates = change.data?.commission_rates ?? statement.commission_rates;
  const current = rateInForce(
    rates.map((rate) => ({ from: rate.from_month, basisPoints: rate.commission_bps })),
    thisMonth,
  );
  const [percent, setPercent] = useState(String((current ?? statement.operator.commission_bps) / 100));
  const [fromMonth, setFromMonth] = useState(thisMonth);
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const monthFormat = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bps = Math.round(Number(percent.replace(',', '.')) * 100);
    change.mutate({ operator_id: statement.operator.id, from_month: fromMonth, commission_bps: bps });
  };
  const fieldError = change.error instanceof ApiRequestError ? change.error.fields.from_month : undefined;
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('statements.commissionRate')}</span>
        <input
          className={`${inputClass} w-32`}
          inputMode="decimal"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          aria-describedby="commission-hint"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('statements.commissionFrom')}</span>
        <input
          className={`${inputClass} w-44`}
          type="month"
          min={thisMonth}
          value={fromMonth}
          onChange={(event) => event.target.value && setFromMonth(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby="commission-hint"
        />
      </label>
      <Button type="submit" busy={change.isPending} busyLabel={t('statements.saving')}>
        {t('statements.saveCommission')}
      </Button>
      <p id="commission-hint" className="w-full text-stone-500 text-xs">
        {t('statements.commissionHint')}
      </p>
      {change.isSuccess && (
        <p role="status" className="w-full text-green-800 text-sm">
          {t('statements.saved')}
        </p>
      )}
      <FailureAlert error={change.error} fallback={t('statements.saveFailed')} />
      {fieldError && <p className="w-full text-red-700 text-sm">{fieldError}</p>}
      <div className="w-full text-sm">
        <h3 className="font-medium text-stone-700">{t('statements.commissionRates')}</h3>
        <ul className="mt-1 space-y-0.5 text-stone-700">
          {rates.map((rate) => (
            <li key={rate.from_month} className="tabular-nums">
              {t('statements.rateFrom', {
                rate: percentFormat.format(rate.commission_bps / 10_000),
                month: monthFormat.format(new Date(`${rate.from_month}-01T00:00:00Z`)),
              })}
              {rate.commission_bps === current &&
                rate.from_month === latestStarted(rates, thisMonth) &&
                ` · ${t('statements.rateInForce')}`}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}

/** The month of the rate in force in `month`: the latest that started by then, else the first. */
function latestStarted(rates: Statement['commission_rates'], month: string): string | undefined {
  const started = rates.filter((rate) => rate.from_month <= month).map((rate) => rate.from_month);
  return started.sort().at(-1) ?? rates[0]?.from_month;
}
