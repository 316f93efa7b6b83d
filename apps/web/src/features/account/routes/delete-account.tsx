import { zodResolver } from '@hookform/resolvers/zod';
import { PAGES } from '@sentiero/contract/pages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useFieldErrorText } from '../../../lib/form-errors.ts';
import { withNotice } from '../../../lib/notice.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useDeleteAccount } from '../api.ts';
import { type PasswordForm, ZPasswordForm } from '../schemas.ts';

/**
 * `/user/delete-account`: the password, then a last confirmation. SPEC section 5: "Password
 * can't be empty" before asking, 'Invalid Password' when the server refuses it.
 */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { password: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const remove = useDeleteAccount({
    onSuccess: () => navigate(PAGES.home.path(), { replace: true, ...withNotice(t('delete.done')) }),
    onError: (error) => {
      setConfirming(false);
      // 'Invalid Password' belongs under the password, whether it comes as a field or as the message.
      if (error instanceof ApiRequestError && (error.fields.password || error.code === 'INVALID_PASSWORD')) {
        form.setError('password', { type: 'server', message: error.fields.password ?? error.message });
      }
    },
  });
  const otherFailure = remove.isError && !form.formState.errors.password;

  return (
    <div className="mx-auto max-w-md">
      <PageHeading lead={t('delete.lead')}>{t('delete.title')}</PageHeading>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => (confirming ? remove.mutate(values) : setConfirming(true)))}
        className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
      >
        {otherFailure && (
          <Alert tone="error">
            {remove.error instanceof ApiRequestError ? remove.error.message : t('errors:NETWORK')}
          </Alert>
        )}
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          readOnly={confirming}
          error={errorText('password')}
          {...form.register('password', { onChange: () => setConfirming(false) })}
        />
        {confirming ? (
          <div className="space-y-3">
            <Alert tone="info">{t('delete.confirmText')}</Alert>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" variant="danger" busy={remove.isPending} busyLabel={t('delete.sending')}>
                {t('delete.confirm')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('delete.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="danger">
              {t('delete.submit')}
            </Button>
            <Link to={PAGES.account.path()} className="text-sm text-brand-800 underline">
              {t('delete.keep')}
            </Link>
          </div>
        )}
      </form>
    </div>
  );
}
