import { FIGURE_GRAINS, FIGURE_SPLITS } from '@sentiero/contract/figure-choices';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import type { Period } from '../figures-logic.ts';

/** The period, grain and split of the figures; shown when submitted, so typing a date asks nothing. */
export function PeriodForm({
  period,
  errors,
  onShow,
}: {
  period: Period;
  errors: Record<string, string>;
  onShow(period: Period): void;
}) {
  const { t } = useTranslation('consoleFigures');
  const [draft, setDraft] = useState(period);
  useEffect(() => setDraft(period), [period]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow(draft);
  };
  const field = 'flex flex-col gap-1 text-sm';
  const label = 'font-medium text-stone-700';
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm lg:grid-cols-5"
    >
      <label className={field}>
        <span className={label}>{t('period.from')}</span>
        <input
          type="date"
          className={inputClass}
          value={draft.from}
          required
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </label>
      <label className={field}>
        <span className={label}>{t('period.to')}</span>
        <input
          type="date"
          className={inputClass}
          value={draft.to}
          required
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? 'period-error' : undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </label>
      <label className={field}>
        <span className={label}>{t('period.grain')}</span>
        <select
          className={inputClass}
          value={draft.grain}
          onChange={(event) => setDraft({ ...draft, grain: event.target.value as Period['grain'] })}
        >
          {FIGURE_GRAINS.map((grain) => (
            <option key={grain} value={grain}>
              {t(`grains.${grain}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span className={label}>{t('period.split')}</span>
        <select
          className={inputClass}
          value={draft.split}
          onChange={(event) => setDraft({ ...draft, split: event.target.value as Period['split'] })}
        >
          {FIGURE_SPLITS.map((split) => (
            <option key={split} value={split}>
              {t(`splits.${split}`)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" className="col-span-2 lg:col-span-1">
        {t('period.show')}
      </Button>
      {errors.to && (
        <p id="period-error" role="alert" className="col-span-2 text-red-700 text-sm lg:col-span-5">
          {errors.to}
        </p>
      )}
    </form>
  );
}
