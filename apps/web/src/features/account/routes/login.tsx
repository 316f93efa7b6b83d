import { zodResolver } from '@hookform/resolvers/zod';
import { PAGES } from '@sentiero/contract/pages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { safeRedirectPath, withRedirect } from '../../../lib/redirect-path.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useLogin } from '../api.ts';
import { FacebookLoginButton } from '../components/facebook-login-button.tsx';
import { useLoginFailureText } from '../components/login-failure.ts';
import { EmailField } from '../components/profile-fields.tsx';
import { TwoFactorLogin } from '../components/two-factor-login.tsx';
import { type LoginForm, ZLoginForm } from '../schemas.ts';

/** `/login`: email and password, a code when the member turned two-factor login on. */
export function Component() {
  const { t } = useTranslation(['account', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [askCode, setAskCode] = useState(false);
  const [codeFailure, setCodeFailure] = useState<unknown>(null);
  const form = useForm<LoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const failureText = useLoginFailureText();

  // The login hooks have remembered the member: on to the page that asked for a login.
  function finish() {
    navigate(safeRedirectPath(params.get('redirectTo')), { replace: true });
  }

  const login = useLogin({
    onSuccess: (answer) => {
      if (answer.user) finish();
      else if (answer.two_factor_required) setAskCode(true);
    },
    onError: (error) => showServerFieldErrors(form.setError, error, ['email', 'password']),
  });

  function restart(failure: unknown = null) {
    setAskCode(false);
    setCodeFailure(failure);
    login.reset();
    form.resetField('password');
  }
  const failure = login.isError ? login.error : codeFailure;

  return (
    <div className="mx-auto max-w-md">
      <PageHeading>{t('login.title')}</PageHeading>
      <div className="space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        {askCode ? (
          <TwoFactorLogin onDone={finish} onFailed={restart} onRestart={() => restart()} />
        ) : (
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => {
              setCodeFailure(null);
              login.mutate(values);
            })}
            className="space-y-4"
          >
            {failure ? <Alert tone="error">{failureText(failure)}</Alert> : null}
            <EmailField email={form.register('email')} errorText={errorText} autoComplete="username" />
            <TextField
              label={t('fields.password')}
              type="password"
              autoComplete="current-password"
              error={errorText('password')}
              {...form.register('password')}
            />
            <p className="text-right text-sm">
              <Link to={PAGES.forgotPassword.path()} className="text-brand-800 underline">
                {t('login.forgot')}
              </Link>
            </p>
            <Button type="submit" className="w-full" busy={login.isPending} busyLabel={t('login.sending')}>
              {t('login.submit')}
            </Button>
          </form>
        )}
        {!askCode && (
          <>
            <p className="flex items-center gap-3 text-sm text-stone-500 before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
              {t('login.or')}
            </p>
            <FacebookLoginButton />
            <p className="text-center text-sm text-stone-600">
              {t('login.noAccount')}{' '}
              <Link
                to={withRedirect('signup', params.get('redirectTo'))}
                className="font-medium text-brand-800 underline"
              >
                {t('login.toSignup')}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
