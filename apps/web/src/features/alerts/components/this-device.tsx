import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useSubscribeDevice, useTestPush, useUnsubscribeDevice } from '../api.ts';
import {
  findThisDevice,
  type PushProblem,
  PushSetupError,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../push.ts';

type DeviceState = 'checking' | 'on' | 'off';

/**
 * Notifications on this phone or computer: the browser's permission, its push subscription made
 * with the server's key and handed to the server, a test, and the way to switch them off here.
 */
export function ThisDevice({ publicKey, devices }: { publicKey: string; devices: number }) {
  const { t } = useTranslation(['alerts', 'errors']);
  const language = useCurrentLanguage();
  const [state, setState] = useState<DeviceState>('checking');
  const [problem, setProblem] = useState<PushProblem | null>(null);
  // The server's own words when it refuses this browser's push service (a 400 naming the endpoint).
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const subscribe = useSubscribeDevice(language);
  const unsubscribe = useUnsubscribeDevice(language);
  const test = useTestPush(language);

  useEffect(() => {
    let live = true;
    findThisDevice()
      .then((device) => live && setState(device ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const enable = async () => {
    setBusy(true);
    setProblem(null);
    setRefusal(null);
    try {
      await subscribe.mutateAsync(await subscribeThisDevice(publicKey));
      setState('on');
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.endpoint) setRefusal(error.fields.endpoint);
      else setProblem(error instanceof PushSetupError ? error.problem : 'failed');
    } finally {
      setBusy(false);
    }
  };
  const disable = async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) await unsubscribe.mutateAsync(endpoint);
      setState('off');
    } finally {
      setBusy(false);
    }
  };

  if (!publicKey) return <p className="text-stone-700">{t('device.unavailable')}</p>;
  if (!pushSupported()) return <p className="text-stone-700">{t('device.unsupported')}</p>;
  return (
    <div className="space-y-3">
      <p className="text-stone-700" aria-live="polite">
        {state === 'checking' ? '\u00a0' : state === 'on' ? t('device.on') : t('device.off')}
      </p>
      {devices > 0 && <p className="text-sm text-stone-600">{t('device.count', { count: devices })}</p>}
      <div className="flex flex-wrap gap-3">
        {state === 'on' ? (
          <>
            <Button busy={test.isPending} busyLabel={t('device.testing')} onClick={() => test.mutate()}>
              {t('device.test')}
            </Button>
            <Button variant="secondary" busy={busy} busyLabel={t('device.working')} onClick={disable}>
              {t('device.disable')}
            </Button>
          </>
        ) : (
          <Button
            busy={busy}
            busyLabel={t('device.working')}
            disabled={state === 'checking'}
            onClick={enable}
          >
            {t('device.enable')}
          </Button>
        )}
      </div>
      {test.isSuccess && <Alert tone="success">{t('device.testSent')}</Alert>}
      {test.isError && (
        <Alert tone="error">
          {test.error instanceof ApiRequestError ? test.error.message : t('errors:NETWORK')}
        </Alert>
      )}
      {problem && <Alert tone="error">{t(`device.${problem}`)}</Alert>}
      {refusal && <Alert tone="error">{refusal}</Alert>}
    </div>
  );
}
