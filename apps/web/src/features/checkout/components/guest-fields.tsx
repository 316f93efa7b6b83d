import { computeGuestEndDate, listBirthYears } from '@sentiero/contract/rules/guests';
import { findFirstStartDate, findLastStartDate } from '@sentiero/contract/rules/start-dates';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { formatLocalizedDate, weekdayName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { FormField, inputClass, TextField } from '../../../ui/form-field.tsx';
import type { GuestRules } from '../guest-rules.ts';
import type { GuestsForm } from '../schemas.ts';

function useStartDateHint(rules: GuestRules, start: string): string | undefined {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const monthDay = (value: string) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`2024-${value}T00:00:00Z`),
    );
  // The last day whose whole validity still lies in the season (or the sale period) the buyer is looking at.
  const lastStart = findLastStartDate(rules, start || rules.today, rules.today);
  const parts = [
    rules.openDays.length < 7 &&
      t('guests.openDays', { days: rules.openDays.map((day) => weekdayName(day, language)).join(', ') }),
    rules.season &&
      t('guests.season', { from: monthDay(rules.season.start), to: monthDay(rules.season.end) }),
    // With its year: past this season's last start day, the next season's is meant.
    lastStart && t('startDates.lastStart', { date: formatLocalizedDate(lastStart, language, 'long') }),
  ];
  const day = rules.calendar.get(start);
  if (day?.open && day.remaining !== null) parts.push(t('guests.placesLeft', { count: day.remaining }));
  const hint = parts.filter(Boolean).join(' · ');
  return hint || undefined;
}

/** One guest's block: what every ticket asks, and what this ticket's rules add (SPEC section 3). */
export function GuestFields({
  index,
  form,
  rules,
}: {
  index: number;
  form: UseFormReturn<GuestsForm>;
  rules: GuestRules;
}) {
  const { t } = useTranslation(['checkout', 'errors', 'catalogue']);
  const language = useCurrentLanguage();
  const errors = form.formState.errors.guests?.[index];
  const text = (error: Parameters<typeof fieldErrorText>[0]) => fieldErrorText(error, (key) => t(key));
  const path = <F extends keyof GuestsForm['guests'][number]>(field: F) =>
    `guests.${index}.${field}` as const;
  const start = form.watch(path('start_date'));
  const country = form.watch(path('country'));
  const startHint = useStartDateHint(rules, start);
  const countryNames = new Intl.DisplayNames([language], { type: 'region' });

  return (
    <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <legend className="px-1 font-semibold text-stone-900">
        {t('guests.guest', { number: index + 1 })}
      </legend>
      <TextField
        label={t('guests.fullName')}
        autoComplete={index === 0 ? 'name' : 'off'}
        error={text(errors?.full_name)}
        {...form.register(path('full_name'))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('guests.startDate')}
          type="date"
          min={findFirstStartDate(rules, rules.today, rules.today) ?? rules.today}
          hint={startHint}
          error={text(errors?.start_date)}
          {...form.register(path('start_date'), {
            onChange: (event: { target: { value: string } }) => {
              form.setValue(path('end_date'), computeGuestEndDate(rules, event.target.value));
              // A closed or sold-out day is flagged at once, not only when continuing.
              void form.trigger([path('start_date'), path('end_date')]);
            },
          })}
        />
        <TextField
          label={t('guests.endDate')}
          type="date"
          readOnly
          className={`${inputClass} read-only:bg-stone-50`}
          hint={t('guests.endDateHint', { duration: t(`catalogue:duration.${rules.durationType}`) })}
          error={text(errors?.end_date)}
          {...form.register(path('end_date'))}
        />
      </div>
      {rules.minAge > 0 && (
        <FormField
          label={t('guests.birthYear')}
          hint={t('guests.minimumAge', { count: rules.minAge })}
          error={text(errors?.birth_year)}
        >
          {(control) => (
            <select className={inputClass} {...control} {...form.register(path('birth_year'))}>
              <option value="">{t('guests.birthYearChoose')}</option>
              {/* Only the years old enough on the activity's date, by the rule the server applies. */}
              {listBirthYears(rules, Number((start || rules.today).slice(0, 4))).map((year) => (
                <option key={year} value={String(year)}>
                  {year}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {rules.requiresFishingCard && (
        <TextField
          label={t('guests.fishingCard')}
          autoCapitalize="characters"
          spellCheck={false}
          error={text(errors?.card_number)}
          {...form.register(path('card_number'))}
        />
      )}
      {rules.residentCountries && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('guests.country')} error={text(errors?.country)}>
            {(control) => (
              <select className={inputClass} {...control} {...form.register(path('country'))}>
                <option value="">{t('guests.countryChoose')}</option>
                {rules.residentCountries?.map((code) => (
                  <option key={code} value={code}>
                    {countryNames.of(code) ?? code}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label={t('guests.fiscalCode')}
            autoCapitalize="characters"
            spellCheck={false}
            hint={country === 'IT' ? t('guests.fiscalCodeHint') : undefined}
            error={text(errors?.fiscal_code)}
            {...form.register(path('fiscal_code'))}
          />
        </div>
      )}
    </fieldset>
  );
}
