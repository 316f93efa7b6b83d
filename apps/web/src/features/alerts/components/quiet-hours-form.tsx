import type { AlertSettings } from '@sentiero/contract/alerts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-field.tsx';
import { useQuietHours } from '../api.ts';

/** The browser's own time zone: quiet hours are the member's nights, wherever they are. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Rome';

/** The hours pushes wait through (mail does not wake anybody), in the member's time zone. */
export function QuietHoursForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation(['alerts', 'errors']);
  const language = useCurrentLanguage();
  const [start, setStart] = useState(settings.quiet_start);
  const [end, setEnd] = useState(settings.quiet_end);
  const save = useQuietHours(language);
  const fields = save.error instanceof ApiRequestError ? (save.error.fields ?? {}) : {};
  const zone = browserTimeZone();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ quiet_start: start, quiet_end: end, time_zone: zone });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-stone-700">{t('quiet.lead')}</p>
      <div className="flex flex-wrap gap-4">
        <div className="w-36">
          <TextField
            label={t('quiet.start')}
            type="time"
            required
            value={start}
            error={fields.quiet_start}
            onChange={(event) => setStart(event.target.value)}
          />
        </div>
        <div className="w-36">
          <TextField
            label={t('quiet.end')}
            type="time"
            required
            value={end}
            error={fields.quiet_end}
            onChange={(event) => setEnd(event.target.value)}
          />
        </div>
      </div>
      <p className="text-sm text-stone-600">{t('quiet.zone', { zone })}</p>
      <div className="flex items-center gap-3">
        <Button type="submit" busy={save.isPending} busyLabel={t('follows.saving')}>
          {t('quiet.save')}
        </Button>
        {save.isSuccess && (
          <span role="status" className="text-brand-800 text-sm">
            {t('follows.saved')}
          </span>
        )}
      </div>
      {save.isError && !(save.error instanceof ApiRequestError && save.error.fields) && (
        <Alert tone="error">
          {save.error instanceof ApiRequestError ? save.error.message : t('errors:NETWORK')}
        </Alert>
      )}
    </form>
  );
}
