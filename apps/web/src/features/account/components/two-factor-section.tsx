import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@sentiero/contract/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useDisableTwoFactor, useStartTwoFactorSetup } from '../api.ts';
import { type PasswordForm, ZPasswordForm } from '../schemas.ts';
import { RecoveryCodes, TwoFactorSetup } from './two-factor-setup.tsx';

type Step =
  | { name: 'idle' }
  | { name: 'setup'; secret: string; uri: string }
  | { name: 'codes'; codes: string[] };

/**
 * Two-factor login: turn it on with an authenticator app, or off; both ask for the password, so
 * an open session alone cannot change how the account logs in.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });

  if (step.name === 'codes') {
    return <RecoveryCodes codes={step.codes} onDone={() => setStep({ name: 'idle' })} />;
  }
  if (step.name === 'setup') {
    return (
      <TwoFactorSetup
        secret={step.secret}
        uri={step.uri}
        onCancel={() => setStep({ name: 'idle' })}
        onEnabled={(codes) => setStep({ name: 'codes', codes })}
      />
    );
  }
  if (user.two_factor) return <TwoFactorDisable />;
  return <TwoFactorStart onStarted={(secret, uri) => setStep({ name: 'setup', secret, uri })} />;
}

function TwoFactorStart({ onStarted }: { onStarted(secret: string, uri: string): void }) {
  const { t } = useTranslation(['account', 'errors']);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { password: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const setup = useStartTwoFactorSetup({
    onSuccess: ({ secret, uri }) => onStarted(secret, uri),
    onError: (error) => showServerFieldErrors(form.setError, error, ['password']),
  });
  const failed = setup.isError && !form.formState.errors.password;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => setup.mutate(values))} className="space-y-4">
      <p className="text-stone-700">{t('twoFactor.off')}</p>
      {failed && (
        <Alert tone="error">
          {setup.error instanceof ApiRequestError ? setup.error.message : t('errors:NETWORK')}
        </Alert>
      )}
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        hint={t('twoFactor.passwordHint')}
        error={errorText('password')}
        {...form.register('password')}
      />
      <Button type="submit" busy={setup.isPending} busyLabel={t('twoFactor.sending')}>
        {t('twoFactor.turnOn')}
      </Button>
    </form>
  );
}

function TwoFactorDisable() {
  const { t } = useTranslation(['account', 'errors']);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { password: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const disable = useDisableTwoFactor({
    onError: (error) => showServerFieldErrors(form.setError, error, ['password']),
  });
  const failed = disable.isError && !form.formState.errors.password;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => disable.mutate(values))} className="space-y-4">
      <p className="text-stone-700">{t('twoFactor.on')}</p>
      {failed && (
        <Alert tone="error">
          {disable.error instanceof ApiRequestError ? disable.error.message : t('errors:NETWORK')}
        </Alert>
      )}
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errorText('password')}
        {...form.register('password')}
      />
      <Button type="submit" variant="secondary" busy={disable.isPending} busyLabel={t('twoFactor.sending')}>
        {t('twoFactor.turnOff')}
      </Button>
    </form>
  );
}
