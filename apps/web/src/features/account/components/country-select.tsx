import { type ComponentProps, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { inputClass } from '../../../ui/form-field.tsx';
import { AREA_COUNTRIES, listCountryOptions } from '../countries.ts';

/** Every country in the reader's language; the four of Sentiero's areas first, then a divider. */
export function CountrySelect(props: ComponentProps<'select'>) {
  const { t } = useTranslation('account');
  const language = useCurrentLanguage();
  const options = useMemo(() => listCountryOptions(language), [language]);
  const first = options.slice(0, AREA_COUNTRIES.length);
  const rest = options.slice(AREA_COUNTRIES.length);
  return (
    <select autoComplete="country" className={inputClass} {...props}>
      <option value="">{t('fields.countryChoose')}</option>
      <optgroup label={t('fields.countryAreas')}>
        {first.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('fields.countryOthers')}>
        {rest.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </optgroup>
    </select>
  );
}
