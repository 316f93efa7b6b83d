import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useReauthenticate } from '../api.ts';
import { reauthenticationInput, runOrAskToConfirm } from '../team-logic.ts';
import { FailureAlert } from './console-card.tsx';

/**
 * Runs a team change; when the API asks who is at the keyboard (`REAUTHENTICATION_REQUIRED`),
 * opens a small dialog for the password or a code and then runs the change again. Failures are
 * shown by the change's own mutation state, so they are not thrown here.
 */
export function useReauthenticated() {
  const [pending, setPending] = useState<(() => Promise<unknown>) | null>(null);

  const run = (change: () => Promise<unknown>) =>
    runOrAskToConfirm(change, (retry) => setPending(() => retry));

  const dialog: ReactNode = pending ? (
    <ReauthenticationDialog
      onConfirmed={() => {
        const retry = pending;
        setPending(null);
        void retry().catch(() => {});
      }}
      onCancel={() => setPending(null)}
    />
  ) : null;
  return { run, dialog };
}

function ReauthenticationDialog({ onConfirmed, onCancel }: { onConfirmed(): void; onCancel(): void }) {
  const { t } = useTranslation(['console', 'errors']);
  const dialog = useRef<HTMLDialogElement>(null);
  const [secret, setSecret] = useState('');
  const reauthenticate = useReauthenticate();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    reauthenticate.mutate(reauthenticationInput(secret), {
      onSuccess: onConfirmed,
      onError: () => setSecret(''),
    });
  }

  return (
    <dialog
      ref={dialog}
      onClose={onCancel}
      aria-labelledby="reauthentication-title"
      className="m-auto w-[min(28rem,92vw)] rounded-xl bg-white p-6 shadow-xl backdrop:bg-black/50"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <h2 id="reauthentication-title" className="font-bold text-lg text-stone-900">
          {t('reauthentication.title')}
        </h2>
        <p className="text-stone-600">{t('reauthentication.lead')}</p>
        <FailureAlert error={reauthenticate.error} fallback={t('errors:INTERNAL')} />
        <TextField
          label={t('reauthentication.label')}
          type="password"
          autoComplete="current-password"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          required
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t('reauthentication.cancel')}
          </Button>
          <Button type="submit" busy={reauthenticate.isPending} busyLabel={t('reauthentication.busy')}>
            {t('reauthentication.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
