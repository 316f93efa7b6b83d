import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, TextField } from '../../../ui/form-field.tsx';
import { CountrySelect } from './country-select.tsx';

/*
 * The fields a member gives at sign-up and edits in the account (the email also to log in and to
 * recover the password), under the same names in every form that asks for them. The form
 * registers each field as it renders it: the order of registration is the order in which a
 * failed submit looks for the field to focus, so it must stay the order on screen.
 */

/** The text of a field's error, as the form that holds the fields words it. */
type ErrorText<Name extends string> = (name: Name) => string | undefined;

/** First and last name, side by side where the form lays its fields in a grid. */
export function NameFields({
  firstname,
  lastname,
  errorText,
}: {
  firstname: UseFormRegisterReturn;
  lastname: UseFormRegisterReturn;
  errorText: ErrorText<'firstname' | 'lastname'>;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('fields.firstname')}
        autoComplete="given-name"
        error={errorText('firstname')}
        {...firstname}
      />
      <TextField
        label={t('fields.lastname')}
        autoComplete="family-name"
        error={errorText('lastname')}
        {...lastname}
      />
    </>
  );
}

/** The email; a login names it `username`, as password managers expect. */
export function EmailField({
  email,
  errorText,
  autoComplete = 'email',
}: {
  email: UseFormRegisterReturn;
  errorText: ErrorText<'email'>;
  autoComplete?: 'email' | 'username';
}) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('fields.email')}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      error={errorText('email')}
      {...email}
    />
  );
}

/** The country, and the optional fiscal code with its hint when the country chosen is Italy. */
export function CountryFields({
  country,
  fiscalCode,
  chosenCountry,
  errorText,
}: {
  country: UseFormRegisterReturn;
  fiscalCode: UseFormRegisterReturn;
  chosenCountry: string | undefined;
  errorText: ErrorText<'country' | 'fiscal_code'>;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <FormField label={t('fields.country')} error={errorText('country')}>
        {(control) => <CountrySelect {...control} {...country} />}
      </FormField>
      <TextField
        label={t('fields.fiscalCodeOptional')}
        autoCapitalize="characters"
        spellCheck={false}
        hint={chosenCountry === 'IT' ? t('fields.fiscalCodeHint') : undefined}
        error={errorText('fiscal_code')}
        {...fiscalCode}
      />
    </>
  );
}
