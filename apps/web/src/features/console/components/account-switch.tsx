import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useDisableStaff, useEnableStaff } from '../records-api.ts';
import type { TeamRow } from '../team-logic.ts';
import { FailureAlert } from './console-card.tsx';

type Run = (action: () => Promise<unknown>) => Promise<void>;

/**
 * Disables a team member's account (their sessions end at once, they cannot sign in) with an
 * optional reason, after confirming; or enables it again. Both ask for re-authentication.
 */
export function AccountSwitch({ row, run }: { row: TeamRow; run: Run }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const disable = useDisableStaff();
  const enable = useEnableStaff();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const error = row.disabled ? enable.error : disable.error;

  if (row.disabled) {
    return (
      <div className="space-y-2">
        <FailureAlert error={error} fallback={t('errors:INTERNAL')} />
        <Button
          variant="secondary"
          className="px-3 py-1 text-sm"
          busy={enable.isPending}
          onClick={() => void run(() => enable.mutateAsync({ staff_id: row.staffId }))}
        >
          {t('team.enable', { name: row.name })}
        </Button>
      </div>
    );
  }
  if (!confirming) {
    return (
      <Button variant="secondary" className="px-3 py-1 text-sm" onClick={() => setConfirming(true)}>
        {t('team.disable', { name: row.name })}
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
      <FailureAlert error={error} fallback={t('errors:INTERNAL')} />
      <p className="text-red-900">{t('team.disableConfirm', { name: row.name })}</p>
      <TextField
        label={t('team.reason')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <Button
          variant="danger"
          busy={disable.isPending}
          onClick={() =>
            void run(() =>
              disable
                .mutateAsync({ staff_id: row.staffId, reason: reason.trim() || undefined })
                .then(() => setConfirming(false)),
            )
          }
        >
          {t('team.disableSubmit')}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          {t('team.cancel')}
        </Button>
      </div>
    </div>
  );
}
