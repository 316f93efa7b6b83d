import { PAGES } from '@sentiero/contract/pages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useAcceptInvitation, useInvitation } from '../api.ts';
import { ConsoleCard, FailureAlert } from '../components/console-card.tsx';

/** `/console/invitation/:token`: the invited person chooses their name and password, once. */
export function Component() {
  const { t } = useTranslation(['console', 'errors']);
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const fields = accept.error instanceof ApiRequestError ? accept.error.fields : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    accept.mutate(
      { token, name, password },
      {
        onSuccess: ({ email }) =>
          navigate(PAGES.consoleSignIn.path(), { replace: true, state: { accepted: email } }),
      },
    );
  }

  if (invitation.isPending) return <Spinner size="large" />;
  if (invitation.isError) {
    return (
      <ConsoleCard title={t('invitation.title')}>
        <FailureAlert error={invitation.error} fallback={t('errors:TOKEN_INVALID')} />
      </ConsoleCard>
    );
  }
  const offer = invitation.data;
  return (
    <ConsoleCard
      title={t('invitation.title')}
      lead={t('invitation.lead', {
        role: t(`roles.${offer.role}`),
        operator: offer.operator_name ?? t('sentiero'),
      })}
    >
      <FailureAlert error={accept.error} fallback={t('errors:INTERNAL')} />
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField label={t('signIn.email')} value={offer.email} readOnly autoComplete="username" />
        <TextField
          label={t('invitation.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          error={fields.name}
          required
        />
        <TextField
          label={t('invitation.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={t('invitation.passwordHint')}
          error={fields.password}
          required
        />
        <Button type="submit" busy={accept.isPending} busyLabel={t('invitation.busy')} className="w-full">
          {t('invitation.submit')}
        </Button>
      </form>
    </ConsoleCard>
  );
}
