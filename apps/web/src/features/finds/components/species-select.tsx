import type { Language } from '@sentiero/contract/languages';
import { SPECIES } from '@sentiero/contract/species-list';
import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { inputClass } from '../../../ui/form-field.tsx';

const byName = (language: Language) => (a: (typeof SPECIES)[number], b: (typeof SPECIES)[number]) =>
  a.names[language].localeCompare(b.names[language], language);

/**
 * The species list (packages/contract/src/species.ts): edible species first, then the dangerous
 * ones, each by its name in the reader's language with the Latin name beside it.
 */
export function SpeciesSelect({
  allowNone,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { allowNone: boolean }) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const edible = SPECIES.filter((species) => species.edibility === 'edible').sort(byName(language));
  const dangerous = SPECIES.filter((species) => species.edibility !== 'edible').sort(byName(language));
  return (
    <select className={inputClass} {...props}>
      <option value="">{allowNone ? t('form.speciesNone') : t('form.speciesChoose')}</option>
      <optgroup label={t('form.edible')}>
        {edible.map((species) => (
          <option key={species.code} value={species.code}>
            {species.names[language]} ({species.latin})
          </option>
        ))}
      </optgroup>
      <optgroup label={t('form.dangerous')}>
        {dangerous.map((species) => (
          <option key={species.code} value={species.code}>
            {species.names[language]} ({species.latin}) — {t(`edibility.${species.edibility}`)}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
