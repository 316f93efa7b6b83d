import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@sentiero/contract/accounts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useLoginTwoFactor } from '../api.ts';
import { type LoginCodeForm, ZLoginCodeForm } from '../schemas.ts';

/**
 * The second step of a two-factor login: the authenticator's code, or one recovery code. A
 * mistyped code may be typed again (the server allows a few tries per password step); when the
 * server gives up on the step, the first step comes back and says what went wrong.
 */
export function TwoFactorLogin({
  onDone,
  onFailed,
  onRestart,
}: {
  onDone(user: User): void;
  onFailed(error: unknown): void;
  onRestart(): void;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const form = useForm<LoginCodeForm>({ resolver: zodResolver(ZLoginCodeForm), defaultValues: { code: '' } });
  const errorText = useFieldErrorText(form.formState.errors);
  const verify = useLoginTwoFactor({
    onSuccess: ({ user }) => onDone(user),
    onError: (error) => {
      if (!showServerFieldErrors(form.setError, error, ['code'])) onFailed(error);
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))} className="space-y-4">
      <p className="text-stone-700">{t('login.codeLead')}</p>
      <TextField
        label={t('login.code')}
        autoComplete="one-time-code"
        spellCheck={false}
        hint={t('login.codeHint')}
        error={errorText('code')}
        {...form.register('code')}
      />
      <Button type="submit" className="w-full" busy={verify.isPending} busyLabel={t('login.sending')}>
        {t('login.verify')}
      </Button>
      <Button variant="secondary" className="w-full" onClick={onRestart}>
        {t('login.restart')}
      </Button>
    </form>
  );
}
