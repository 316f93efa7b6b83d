import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useEnableTwoFactor } from '../api.ts';
import { type TwoFactorCodeForm, ZTwoFactorCodeForm } from '../schemas.ts';

/**
 * Turning two-factor login on, second step: the new secret for an authenticator app (as text
 * and as its otpauth address, which most apps accept pasted), then a first code to prove it.
 */
export function TwoFactorSetup({
  secret,
  uri,
  onEnabled,
  onCancel,
}: {
  secret: string;
  uri: string;
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const form = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(ZTwoFactorCodeForm),
    defaultValues: { code: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const enable = useEnableTwoFactor({
    onSuccess: ({ recovery_codes }) => onEnabled(recovery_codes),
    onError: (error) => showServerFieldErrors(form.setError, error, ['code']),
  });
  // A wrong code shows under the input; anything else above it.
  let failure: string | null = null;
  if (enable.error instanceof ApiRequestError)
    failure = enable.error.fields.code ? null : enable.error.message;
  else if (enable.error) failure = t('errors:NETWORK');

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => enable.mutate(values))} className="space-y-4">
      <p className="text-stone-700">{t('twoFactor.setupLead')}</p>
      <dl className="space-y-3 rounded-lg bg-stone-50 p-4 text-sm">
        <div>
          <dt className="font-medium text-stone-700">{t('twoFactor.secret')}</dt>
          <dd className="mt-1 break-all font-mono text-base tracking-wider">{secret}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">{t('twoFactor.uri')}</dt>
          <dd className="mt-1 break-all font-mono text-xs">{uri}</dd>
        </div>
      </dl>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label={t('twoFactor.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errorText('code')}
        {...form.register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={enable.isPending} busyLabel={t('twoFactor.sending')}>
          {t('twoFactor.enable')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('account');
  return (
    <div className="space-y-4">
      <Alert tone="success">{t('twoFactor.enabled')}</Alert>
      <p className="text-stone-700">{t('twoFactor.recoveryLead')}</p>
      <ul
        aria-label={t('twoFactor.recoveryCodes')}
        className="grid grid-cols-2 gap-2 font-mono sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-stone-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>{t('twoFactor.saved')}</Button>
    </div>
  );
}
