import { zodResolver } from '@hookform/resolvers/zod';
import { PAGES } from '@sentiero/contract/pages';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { findSpecificMessage, showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { safeRedirectPath, withRedirect } from '../../../lib/redirect-path.ts';
import { FailureAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { CheckboxField, checkboxClass, TextField } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useSignup } from '../api.ts';
import { CountryFields, EmailField, NameFields } from '../components/profile-fields.tsx';
import { type SignupForm, ZSignupForm } from '../schemas.ts';

const FIELDS = [
  'firstname',
  'lastname',
  'email',
  'password',
  'country',
  'fiscal_code',
  'is_adult',
  'policy_accepted',
] as const;

/**
 * `/signup`: SPEC section 3's register fields, then straight into the account, or back to the
 * page that asked (`?redirectTo=`, as the login does: a purchase waiting to be paid).
 */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const redirectTo = useSearchParams()[0].get('redirectTo');
  const form = useForm<SignupForm>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      country: '',
      fiscal_code: '',
      is_adult: false,
      policy_accepted: false,
      newsletter: false,
    },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const signup = useSignup({
    onSuccess: () => navigate(safeRedirectPath(redirectTo), { replace: true }),
    onError: (error) => showServerFieldErrors(form.setError, error, FIELDS),
  });
  const country = form.watch('country');

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeading lead={t('signup.lead')}>{t('signup.title')}</PageHeading>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          signup.mutate({ ...values, fiscal_code: values.fiscal_code || undefined }),
        )}
        className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
      >
        {signup.isError && (
          <FailureAlert title={t('signup.failed')} detail={findSpecificMessage(signup.error)} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields
            firstname={form.register('firstname')}
            lastname={form.register('lastname')}
            errorText={errorText}
          />
        </div>
        <EmailField email={form.register('email')} errorText={errorText} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          hint={t('passwords.rule')}
          error={errorText('password')}
          {...form.register('password')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <CountryFields
            country={form.register('country')}
            fiscalCode={form.register('fiscal_code')}
            chosenCountry={country}
            errorText={errorText}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="sr-only">{t('signup.consents')}</legend>
          <CheckboxField label={t('signup.adult')} error={errorText('is_adult')}>
            {(control) => (
              <input type="checkbox" className={checkboxClass} {...control} {...form.register('is_adult')} />
            )}
          </CheckboxField>
          <CheckboxField
            label={
              <Trans
                t={t}
                i18nKey="signup.terms"
                components={{ terms: <Link to={PAGES.terms.path()} className="text-brand-800 underline" /> }}
              />
            }
            error={errorText('policy_accepted')}
          >
            {(control) => (
              <input
                type="checkbox"
                className={checkboxClass}
                {...control}
                {...form.register('policy_accepted')}
              />
            )}
          </CheckboxField>
          <CheckboxField label={t('signup.newsletter')}>
            {(control) => (
              <input
                type="checkbox"
                className={checkboxClass}
                {...control}
                {...form.register('newsletter')}
              />
            )}
          </CheckboxField>
        </fieldset>
        <Button type="submit" busy={signup.isPending} busyLabel={t('signup.sending')} className="w-full">
          {t('signup.submit')}
        </Button>
        <p className="text-center text-sm text-stone-600">
          {t('signup.haveAccount')}{' '}
          <Link to={withRedirect('login', redirectTo)} className="font-medium text-brand-800 underline">
            {t('signup.toLogin')}
          </Link>
        </p>
      </form>
    </div>
  );
}
