import { zodResolver } from '@hookform/resolvers/zod';
import { PAGES } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useResetPassword } from '../api.ts';
import { type ResetForm, ZResetForm } from '../schemas.ts';

const linkClass = 'font-medium text-brand-800 underline';

/** `/reset-password?token=…`: the page the recovery mail links to; a new password, then log in. */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<ResetForm>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { password: '', repeat: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const reset = useResetPassword({
    onError: (error) => showServerFieldErrors(form.setError, error, ['password']),
  });
  const linkInvalid =
    !token || (reset.error instanceof ApiRequestError && reset.error.code === 'TOKEN_INVALID');

  let body: ReactNode;
  if (reset.isSuccess) {
    body = (
      <Alert tone="success">
        <p>{t('reset.done')}</p>
        <Link to={PAGES.login.path()} className={`mt-2 inline-block ${linkClass}`}>
          {t('reset.toLogin')}
        </Link>
      </Alert>
    );
  } else if (linkInvalid) {
    body = (
      <Alert tone="error">
        <p>{reset.error instanceof ApiRequestError ? reset.error.message : t('reset.noToken')}</p>
        <Link to={PAGES.forgotPassword.path()} className={`mt-2 inline-block ${linkClass}`}>
          {t('reset.askAgain')}
        </Link>
      </Alert>
    );
  } else {
    body = (
      <form
        noValidate
        onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
        className="space-y-4"
      >
        {reset.isError && (
          <Alert tone="error">
            {reset.error instanceof ApiRequestError ? reset.error.message : t('errors:NETWORK')}
          </Alert>
        )}
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('passwords.rule')}
          error={errorText('password')}
          {...form.register('password')}
        />
        <TextField
          label={t('fields.repeatPassword')}
          type="password"
          autoComplete="new-password"
          error={errorText('repeat')}
          {...form.register('repeat')}
        />
        <Button type="submit" className="w-full" busy={reset.isPending} busyLabel={t('reset.sending')}>
          {t('reset.submit')}
        </Button>
      </form>
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading>{t('reset.title')}</PageHeading>
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">{body}</div>
    </div>
  );
}
