import { DURATION_TYPES } from '@sentiero/contract/durations';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import type { TicketTextField } from '@sentiero/contract/rules/ticket-publishing';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { FormField, inputClass } from '../../../../ui/form-field.tsx';
import type { EditorOptions } from '../api.ts';
import { formErrors, missingTexts, type TicketForm } from '../editor-form.ts';
import { CancellationRuleEditor } from './cancellation-rule-editor.tsx';
import { EditorSection } from './catalogue-frame.tsx';
import { TextTabs } from './text-tabs.tsx';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The ticket's fields in sections — texts per language, the ticket, prices, dates and days,
 * places and rules — saved together. The API's field messages show beside their fields.
 */
export function TicketFormSections({
  initial,
  options,
  areas,
  saving,
  error,
  saveLabel,
  onSave,
}: {
  initial: TicketForm;
  options: EditorOptions;
  areas: { id: number; name: string }[];
  saving: boolean;
  error: unknown;
  saveLabel: string;
  onSave: (form: TicketForm) => void;
}) {
  const { t, i18n } = useTranslation(['consoleCatalogue', 'errors', 'catalogue']);
  const [form, setForm] = useState(initial);
  const errors = error instanceof ApiRequestError ? formErrors(error.fields) : {};
  const set = <K extends keyof TicketForm>(key: K, value: TicketForm[K]) =>
    setForm((old) => ({ ...old, [key]: value }));
  const setText = (field: TicketTextField, language: Language, value: string) =>
    setForm((old) => ({ ...old, [field]: { ...old[field], [language]: value } }));
  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(form);
  };

  const text = (
    key: keyof TicketForm,
    label: string,
    props: { type?: string; hint?: ReactNode; inputMode?: 'decimal' | 'numeric'; placeholder?: string } = {},
  ) => (
    <FormField label={label} error={errors[key]} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          className={inputClass}
          value={form[key] as string}
          onChange={(event) => set(key, event.target.value as never)}
        />
      )}
    </FormField>
  );
  const select = (key: keyof TicketForm, label: string, choices: { id: number | string; name: string }[]) => (
    <FormField label={label} error={errors[key]}>
      {(control) => (
        <select
          {...control}
          className={inputClass}
          value={form[key] as string}
          onChange={(event) => set(key, event.target.value as never)}
        >
          <option value="">{t('form.choose')}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const checks = <T extends string | number>(
    legend: string,
    name: string,
    items: readonly { value: T; label: string }[],
    chosen: T[],
    onToggle: (value: T) => void,
  ) => (
    <fieldset>
      <legend className="mb-1 font-medium text-sm text-stone-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <label
            key={item.value}
            className="flex items-center gap-2 rounded-md border border-stone-300 px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              checked={chosen.includes(item.value)}
              onChange={() => onToggle(item.value)}
            />
            {item.label}
          </label>
        ))}
      </div>
      {errors[name] && <p className="mt-1 text-red-700 text-sm">{errors[name]}</p>}
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <EditorSection id="ticket-texts" title={t('sections.texts')}>
        <TextTabs texts={form} missing={missingTexts(form)} errors={errors} onChange={setText} />
      </EditorSection>

      <EditorSection id="ticket-general" title={t('sections.general')}>
        <div className="grid gap-4 md:grid-cols-2">
          {select('area_id', t('form.area'), areas)}
          {select('category_id', t('form.category'), options.categories)}
          {select('activity_type_id', t('form.activity'), options.activity_types)}
          {select(
            'duration_type',
            t('form.durationType'),
            DURATION_TYPES.map((type) => ({ id: type, name: t(`catalogue:duration.${type}`) })),
          )}
          {text('duration_hours', t('form.durationHours'), {
            inputMode: 'decimal',
            hint: t('form.durationHoursHint'),
          })}
        </div>
        {checks(
          t('form.languages'),
          'languages',
          LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
          form.languages,
          (language) => set('languages', toggle(form.languages, language)),
        )}
        {options.service_tags.length > 0 &&
          checks(
            t('form.services'),
            'service_tag_ids',
            options.service_tags.map((tag) => ({ value: tag.id, label: tag.name })),
            form.service_tag_ids,
            (id) => set('service_tag_ids', toggle(form.service_tag_ids, id)),
          )}
      </EditorSection>

      <EditorSection id="ticket-prices" title={t('sections.prices')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {text('price', t('form.price'), { inputMode: 'decimal', placeholder: '0.00' })}
          {text('discounted_price', t('form.discountedPrice'), {
            inputMode: 'decimal',
            hint: t('form.optional'),
          })}
          {text('member_price', t('form.memberPrice'), {
            inputMode: 'decimal',
            hint: t('form.memberPriceHint'),
          })}
        </div>
      </EditorSection>

      <EditorSection id="ticket-dates" title={t('sections.dates')}>
        <div className="grid gap-4 md:grid-cols-2">
          {text('season_start', t('form.seasonStart'), { placeholder: 'MM-DD', hint: t('form.seasonHint') })}
          {text('season_end', t('form.seasonEnd'), { placeholder: 'MM-DD' })}
          {text('sale_from', t('form.saleFrom'), { type: 'date', hint: t('form.optional') })}
          {text('sale_until', t('form.saleUntil'), { type: 'date', hint: t('form.optional') })}
        </div>
        {checks(
          t('form.openDays'),
          'open_days',
          // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
          WEEKDAYS.map((day) => ({ value: day, label: weekday.format(new Date(Date.UTC(2024, 0, day))) })),
          form.open_days,
          (day) => set('open_days', toggle(form.open_days, day).sort()),
        )}
      </EditorSection>

      <EditorSection id="ticket-rules" title={t('sections.rules')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {text('daily_capacity', t('form.dailyCapacity'), {
            inputMode: 'numeric',
            hint: t('form.dailyCapacityHint'),
          })}
          {text('min_age', t('form.minAge'), { inputMode: 'numeric' })}
          {text('max_usage', t('form.maxUsage'), { inputMode: 'numeric', hint: t('form.optional') })}
        </div>
        <CancellationRuleEditor
          value={form.cancellation}
          error={Object.entries(errors).find(([key]) => key.startsWith('cancellation'))?.[1]}
          onChange={(value) => set('cancellation', value)}
        />
        {checks(
          t('form.residents'),
          'resident_countries',
          options.countries.map((country) => ({ value: country.code as string, label: country.name })),
          form.resident_countries,
          (code) => set('resident_countries', toggle(form.resident_countries, code)),
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.requires_fishing_card}
            onChange={(event) => set('requires_fishing_card', event.target.checked)}
          />
          {t('form.fishingCard')}
        </label>
      </EditorSection>

      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-stone-200 border-t bg-stone-50/95 py-3">
        {error ? (
          <div className="mr-auto">
            <Alert tone="error">
              {error instanceof ApiRequestError ? error.message : t('errors:INTERNAL')}
            </Alert>
          </div>
        ) : null}
        <Button type="submit" busy={saving} busyLabel={t('form.saving')}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
