import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@sentiero/contract/accounts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { findSpecificMessage, showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Alert, FailureAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useUpdateAccount } from '../api.ts';
import { type AccountForm as AccountValues, accountFormSchema, changesEmail } from '../schemas.ts';
import { CountryFields, EmailField, NameFields } from './profile-fields.tsx';

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'country', 'fiscal_code', 'password'] as const;

const valuesOf = (user: User): AccountValues => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  phone: user.phone ?? '',
  country: user.country ?? '',
  fiscal_code: user.fiscal_code ?? '',
  password: '',
});

/**
 * "Update account" (SPEC section 3): names, email, phone, country and fiscal code. A new email
 * asks for the current password and changes only once the link mailed to it is opened.
 */
export function AccountForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'errors']);
  const schema = useMemo(() => accountFormSchema(user.email), [user.email]);
  const form = useForm<AccountValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(user) });
  const errorText = useFieldErrorText(form.formState.errors);
  const edit = useUpdateAccount({
    onSuccess: ({ user: updated }) => form.reset(valuesOf(updated)),
    onError: (error) => showServerFieldErrors(form.setError, error, FIELDS),
  });
  // The password is asked only to change the email, and sent only then.
  const submit = ({ password, ...values }: AccountValues) =>
    edit.mutate(changesEmail(values.email, user.email) ? { ...values, password } : values);
  const country = form.watch('country');
  const newEmail = changesEmail(form.watch('email'), user.email);
  const pendingEmail = edit.data?.pending_email;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onChange={() => {
        if (edit.isSuccess) edit.reset();
      }}
      className="space-y-4"
    >
      {edit.isError && <FailureAlert title={t('edit.failed')} detail={findSpecificMessage(edit.error)} />}
      {edit.isSuccess && (
        <Alert tone="success">
          <p>{t('edit.done')}</p>
          {pendingEmail && (
            <p className="mt-1">{t('edit.emailPending', { email: pendingEmail, current: user.email })}</p>
          )}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <NameFields
          firstname={form.register('firstname')}
          lastname={form.register('lastname')}
          errorText={errorText}
        />
        <EmailField email={form.register('email')} errorText={errorText} />
        <TextField
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          error={errorText('phone')}
          {...form.register('phone')}
        />
        <CountryFields
          country={form.register('country')}
          fiscalCode={form.register('fiscal_code')}
          chosenCountry={country}
          errorText={errorText}
        />
        {newEmail && (
          <TextField
            label={t('edit.passwordForEmail')}
            type="password"
            autoComplete="current-password"
            hint={t('edit.emailHint')}
            error={errorText('password')}
            {...form.register('password')}
          />
        )}
      </div>
      <Button type="submit" busy={edit.isPending} busyLabel={t('edit.sending')}>
        {t('edit.submit')}
      </Button>
    </form>
  );
}
