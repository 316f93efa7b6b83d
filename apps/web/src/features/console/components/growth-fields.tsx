import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import { findLanguage } from '@sentiero/contract/languages';
import { SPECIES } from '@sentiero/contract/species-list';
import { useTranslation } from 'react-i18next';
import { FormField, inputClass } from '../../../ui/form-field.tsx';

/** The six levels as large buttons in a row: quick to hit on a tablet in the field. */
export function LevelChoice({
  value,
  onChange,
  error,
}: {
  value: GrowthLevel | null;
  onChange(level: GrowthLevel): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('consoleRecords');
  return (
    <fieldset className="space-y-2" aria-invalid={error ? true : undefined}>
      <legend className="font-medium text-sm text-stone-700">{t('growth.level')}</legend>
      <div className="grid grid-cols-3 gap-2 lg:grid-cols-6">
        {GROWTH_LEVELS.map((level) => (
          <label
            key={level}
            className="flex cursor-pointer items-center justify-center rounded-lg border border-stone-300 px-3 py-2 text-center font-medium has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
          >
            <input
              type="radio"
              name="growth-level"
              className="sr-only"
              value={level}
              checked={value === level}
              onChange={() => onChange(level)}
            />
            {t(`levels.${level}`)}
          </label>
        ))}
      </div>
      {error && <p className="text-red-700 text-sm">{error}</p>}
    </fieldset>
  );
}

/** A species of the finds' list, named in the reader's language, or none. */
export function SpeciesSelect({ value, onChange }: { value: string; onChange(code: string): void }) {
  const { t, i18n } = useTranslation('consoleRecords');
  const language = findLanguage(i18n.resolvedLanguage) ?? 'it';
  const sorted = [...SPECIES].sort((a, b) => a.names[language].localeCompare(b.names[language], language));
  return (
    <FormField label={t('growth.species')}>
      {(control) => (
        <select
          {...control}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('growth.noSpecies')}</option>
          {sorted.map((species) => (
            <option key={species.code} value={species.code}>
              {species.names[language]} ({species.latin})
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
