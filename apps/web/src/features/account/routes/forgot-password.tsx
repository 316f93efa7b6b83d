import { zodResolver } from '@hookform/resolvers/zod';
import { PAGES } from '@sentiero/contract/pages';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useRequestPasswordRecovery } from '../api.ts';
import { EmailField } from '../components/profile-fields.tsx';
import { type EmailForm, ZEmailForm } from '../schemas.ts';

/**
 * `/forgot-password`: asks for a link to choose a new password. The answer is the same whether
 * or not the address has an account, so the form tells nobody who is a member.
 */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const form = useForm<EmailForm>({ resolver: zodResolver(ZEmailForm), defaultValues: { email: '' } });
  const errorText = useFieldErrorText(form.formState.errors);
  const recovery = useRequestPasswordRecovery({
    onError: (error) => showServerFieldErrors(form.setError, error, ['email']),
  });

  return (
    <div className="mx-auto max-w-md">
      <PageHeading lead={t('forgot.lead')}>{t('forgot.title')}</PageHeading>
      <div className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        {recovery.isSuccess ? (
          <Alert tone="success">{t('forgot.sent')}</Alert>
        ) : (
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => recovery.mutate(values))}
            className="space-y-4"
          >
            {recovery.isError && (
              <Alert tone="error">
                {recovery.error instanceof ApiRequestError ? recovery.error.message : t('errors:NETWORK')}
              </Alert>
            )}
            <EmailField email={form.register('email')} errorText={errorText} />
            <Button
              type="submit"
              className="w-full"
              busy={recovery.isPending}
              busyLabel={t('forgot.sending')}
            >
              {t('forgot.submit')}
            </Button>
          </form>
        )}
        <p className="text-center text-sm">
          <Link to={PAGES.login.path()} className="font-medium text-brand-800 underline">
            {t('forgot.backToLogin')}
          </Link>
        </p>
      </div>
    </div>
  );
}
