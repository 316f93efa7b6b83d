import { PAGES } from '@sentiero/contract/pages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useConsoleLogin } from '../api.ts';
import { ConsoleCard, FailureAlert } from '../components/console-card.tsx';

/** `/console/sign-in`: email and password; the authenticator comes next. */
export function Component() {
  const { t } = useTranslation(['console', 'errors']);
  const navigate = useNavigate();
  const accepted = (useLocation().state as { accepted?: string } | null)?.accepted;
  const [email, setEmail] = useState(accepted ?? '');
  const [password, setPassword] = useState('');
  const login = useConsoleLogin();

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: ({ stage }) =>
          navigate(stage === 'enrol' ? PAGES.consoleEnrol.path() : PAGES.consoleCode.path(), {
            replace: true,
          }),
      },
    );
  }

  return (
    <ConsoleCard title={t('signIn.title')} lead={t('signIn.lead')}>
      {accepted && <Alert tone="success">{t('signIn.accepted')}</Alert>}
      <FailureAlert error={login.error} fallback={t('errors:INTERNAL')} />
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" busy={login.isPending} busyLabel={t('signIn.busy')} className="w-full">
          {t('signIn.submit')}
        </Button>
      </form>
    </ConsoleCard>
  );
}
