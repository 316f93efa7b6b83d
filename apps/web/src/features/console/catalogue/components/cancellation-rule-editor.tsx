import type { Language } from '@sentiero/contract/languages';
import {
  CANCELLATION_KINDS,
  describeCancellationRule,
  MAX_CANCELLATION_TIERS,
  ZCancellationRule,
} from '@sentiero/contract/rules/cancellation';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import { type CancellationForm, parseEuros, toCancellationRule } from '../editor-form.ts';

/**
 * The ticket's cancellation rule (ADR 045): no refunds, free until the day before, or refund
 * tiers by days before the first valid day; a fee per guest and whether a change of day is
 * allowed. Beside it, the rule as buyers will read it, written by the same function the event
 * page, the PDF and the mails use.
 */
export function CancellationRuleEditor({
  value,
  error,
  onChange,
}: {
  value: CancellationForm;
  error: string | undefined;
  onChange: (value: CancellationForm) => void;
}) {
  const { t, i18n } = useTranslation(['consoleCatalogue', 'cancellation']);
  const set = <K extends keyof CancellationForm>(key: K, next: CancellationForm[K]) =>
    onChange({ ...value, [key]: next });
  const setTier = (index: number, key: 'days' | 'percent', next: string) =>
    set(
      'tiers',
      value.tiers.map((tier, i) => (i === index ? { ...tier, [key]: next } : tier)),
    );
  const parsed = ZCancellationRule.safeParse(
    toCancellationRule(
      value,
      (text) => Number(text.trim() || Number.NaN),
      (text) => parseEuros(text),
    ),
  );
  const preview = parsed.success
    ? describeCancellationRule(
        parsed.data,
        i18n.language,
        (key, values) => t(`cancellation:${key}`, values ?? {}),
        (cents) => formatMoney(cents, i18n.language as Language),
      )
    : null;

  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 font-medium text-sm text-stone-700">{t('form.cancellation')}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('form.cancellation')}>
        {CANCELLATION_KINDS.map((kind) => (
          <label
            key={kind}
            className="flex items-center gap-2 rounded-md border border-stone-300 px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="cancellation_kind"
              checked={value.kind === kind}
              onChange={() => set('kind', kind)}
            />
            {t(`cancellationRule.kind.${kind}`)}
          </label>
        ))}
      </div>
      {value.kind === 'tiers' && (
        <div className="space-y-2">
          {value.tiers.map((tier, index) => (
            // Tiers have no identity of their own but their place in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={index} className="flex flex-wrap items-end gap-2">
              <FormField label={t('cancellationRule.days', { number: index + 1 })}>
                {(control) => (
                  <input
                    {...control}
                    inputMode="numeric"
                    className={`${inputClass} w-28`}
                    value={tier.days}
                    onChange={(event) => setTier(index, 'days', event.target.value)}
                  />
                )}
              </FormField>
              <FormField label={t('cancellationRule.percent', { number: index + 1 })}>
                {(control) => (
                  <input
                    {...control}
                    inputMode="numeric"
                    className={`${inputClass} w-28`}
                    value={tier.percent}
                    onChange={(event) => setTier(index, 'percent', event.target.value)}
                  />
                )}
              </FormField>
              {value.tiers.length > 1 && (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() =>
                    set(
                      'tiers',
                      value.tiers.filter((_, i) => i !== index),
                    )
                  }
                >
                  {t('cancellationRule.removeTier', { number: index + 1 })}
                </Button>
              )}
            </div>
          ))}
          {value.tiers.length < MAX_CANCELLATION_TIERS && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => set('tiers', [...value.tiers, { days: '', percent: '' }])}
            >
              {t('cancellationRule.addTier')}
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {value.kind !== 'none' && (
          <FormField label={t('cancellationRule.fee')} hint={t('cancellationRule.feeHint')}>
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                placeholder="0.00"
                className={inputClass}
                value={value.fee}
                onChange={(event) => set('fee', event.target.value)}
              />
            )}
          </FormField>
        )}
        <label className="flex items-center gap-2 self-center text-sm">
          <input
            type="checkbox"
            checked={value.move_allowed}
            onChange={(event) => set('move_allowed', event.target.checked)}
          />
          {t('cancellationRule.moveAllowed')}
        </label>
      </div>
      {error && <p className="text-red-700 text-sm">{error}</p>}
      <div className="rounded-md bg-stone-50 p-3 text-sm">
        <p className="font-medium text-stone-700">{t('cancellationRule.preview')}</p>
        {preview ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-700">
            {preview.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-stone-600">{t('cancellationRule.previewIncomplete')}</p>
        )}
      </div>
    </fieldset>
  );
}
