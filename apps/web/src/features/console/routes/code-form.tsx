import { PAGES } from '@sentiero/contract/pages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useConsoleCode } from '../api.ts';
import { FailureAlert } from '../components/console-card.tsx';

/** The authenticator's six digits; a right one completes the session and opens the console. */
export function CodeForm() {
  const { t } = useTranslation(['console', 'errors']);
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const submitCode = useConsoleCode();

  function submit(event: FormEvent) {
    event.preventDefault();
    submitCode.mutate(code.replace(/\s+/g, ''), {
      onSuccess: () => navigate(PAGES.console.path(), { replace: true }),
      onError: () => setCode(''),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FailureAlert error={submitCode.error} fallback={t('errors:INTERNAL')} />
      <TextField
        label={t('code.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <Button type="submit" busy={submitCode.isPending} busyLabel={t('code.busy')} className="w-full">
        {t('code.submit')}
      </Button>
    </form>
  );
}
