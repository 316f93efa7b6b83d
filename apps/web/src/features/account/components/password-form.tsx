import { zodResolver } from '@hookform/resolvers/zod';
import { PAGES } from '@sentiero/contract/pages';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { withNotice } from '../../../lib/notice.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useUpdatePassword } from '../api.ts';
import { type PasswordUpdateForm, ZPasswordUpdateForm } from '../schemas.ts';

/**
 * "Update password". SPEC section 4: a password change logs the member out; the server has
 * ended every session, so the app signs out too and asks to log in with the new password.
 */
export function PasswordForm() {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const form = useForm<PasswordUpdateForm>({
    resolver: zodResolver(ZPasswordUpdateForm),
    defaultValues: { old_password: '', new_password: '', repeat: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const update = useUpdatePassword({
    onSuccess: () => navigate(PAGES.login.path(), { replace: true, ...withNotice(t('password.changed')) }),
    onError: (error) => showServerFieldErrors(form.setError, error, ['old_password', 'new_password']),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ old_password, new_password }) =>
        update.mutate({ old_password, new_password }),
      )}
      className="space-y-4"
    >
      {update.isError && <Alert tone="error">{t('password.failed')}</Alert>}
      <TextField
        label={t('fields.oldPassword')}
        type="password"
        autoComplete="current-password"
        error={errorText('old_password')}
        {...form.register('old_password')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('passwords.rule')}
          error={errorText('new_password')}
          {...form.register('new_password')}
        />
        <TextField
          label={t('fields.repeatPassword')}
          type="password"
          autoComplete="new-password"
          error={errorText('repeat')}
          {...form.register('repeat')}
        />
      </div>
      <Button type="submit" busy={update.isPending} busyLabel={t('password.sending')}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
