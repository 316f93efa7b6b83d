import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { FailureAlert } from '../components/console-card.tsx';
import { ConsoleNav } from '../components/console-nav.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { type RangerDevices, useRangerDevices, useRevokeRangerDevice } from '../records-api.ts';

/**
 * `/console/devices` (ADR 043): the phones of the operator's rangers with their last sync, each
 * revoked at once; the uses recorded past a ticket's maximum by two devices; the devices whose
 * hash chain did not hold.
 */
export function Component() {
  return <SessionGate>{(me) => <DevicesScreen me={me} />}</SessionGate>;
}

function useMoment() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

function DevicesScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const devices = useRangerDevices();
  const data = devices.data;
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-6">
        <h1 className="font-bold text-2xl text-stone-900">{t('devices.title')}</h1>
        <p className="text-stone-600">{t('devices.lead')}</p>
        {devices.isError ? (
          <FailureAlert error={devices.error} fallback={t('errors:INTERNAL')} />
        ) : (
          <QueryState isPending={devices.isPending} isError={false} onRetry={() => devices.refetch()} />
        )}
        {data && (
          <>
            <DeviceList devices={data.devices} />
            <Conflicts conflicts={data.conflicts} />
            <ChainBreaks breaks={data.chain_breaks} />
          </>
        )}
      </section>
    </div>
  );
}

function DeviceList({ devices }: { devices: RangerDevices['devices'] }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const moment = useMoment();
  const revoke = useRevokeRangerDevice();
  return (
    <section aria-labelledby="devices-list" className="space-y-3">
      <h2 id="devices-list" className="font-semibold text-lg text-stone-900">
        {t('devices.list')}
      </h2>
      {revoke.isError && <FailureAlert error={revoke.error} fallback={t('errors:INTERNAL')} />}
      {devices.length === 0 ? (
        <p className="text-stone-600">{t('devices.none')}</p>
      ) : (
        <ul
          aria-labelledby="devices-list"
          className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">{device.label}</p>
                <p className="text-sm text-stone-700">
                  {device.ranger} · {device.operator}
                </p>
                <p className="text-sm text-stone-600">
                  {device.last_sync_at
                    ? t('devices.lastSync', { when: moment(device.last_sync_at) })
                    : t('devices.neverSynced')}
                </p>
              </div>
              {device.revoked_at ? (
                <span className="rounded-full bg-stone-200 px-3 py-1 font-medium text-sm text-stone-800">
                  {t('devices.revokedOn', { when: moment(device.revoked_at) })}
                </span>
              ) : (
                <Button
                  variant="secondary"
                  disabled={revoke.isPending}
                  aria-label={t('devices.revokeNamed', { device: device.label, ranger: device.ranger })}
                  onClick={() => {
                    if (window.confirm(t('devices.confirm', { device: device.label })))
                      revoke.mutate(device.id);
                  }}
                >
                  {t('devices.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Conflicts({ conflicts }: { conflicts: RangerDevices['conflicts'] }) {
  const { t } = useTranslation('consoleRecords');
  const moment = useMoment();
  return (
    <section aria-labelledby="devices-conflicts" className="space-y-3">
      <h2 id="devices-conflicts" className="font-semibold text-lg text-stone-900">
        {t('devices.conflicts')}
      </h2>
      <p className="text-sm text-stone-600">{t('devices.conflictsLead')}</p>
      {conflicts.length === 0 ? (
        <p className="text-stone-600">{t('devices.noConflicts')}</p>
      ) : (
        <ul
          aria-labelledby="devices-conflicts"
          className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          {conflicts.map((conflict) => (
            <li key={conflict.id} className="space-y-1 px-4 py-3 text-sm">
              <p className="font-mono font-semibold text-stone-900">{conflict.ticket_code}</p>
              <p className="text-stone-700">
                {t('devices.usedBy', {
                  device: conflict.other_device,
                  ranger: conflict.other_ranger,
                  when: moment(conflict.other_used_at),
                })}
              </p>
              <p className="text-stone-700">
                {t('devices.usedBy', {
                  device: conflict.device,
                  ranger: conflict.ranger,
                  when: moment(conflict.used_at),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ChainBreaks({ breaks }: { breaks: RangerDevices['chain_breaks'] }) {
  const { t } = useTranslation('consoleRecords');
  const moment = useMoment();
  return (
    <section aria-labelledby="devices-chains" className="space-y-3">
      <h2 id="devices-chains" className="font-semibold text-lg text-stone-900">
        {t('devices.chains')}
      </h2>
      <p className="text-sm text-stone-600">{t('devices.chainsLead')}</p>
      {breaks.length === 0 ? (
        <p className="text-stone-600">{t('devices.noChainBreaks')}</p>
      ) : (
        <ul
          aria-labelledby="devices-chains"
          className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          {breaks.map((item) => (
            <li key={item.id} className="px-4 py-3 text-sm text-stone-700">
              <span className="font-semibold text-stone-900">{t(`devices.kind.${item.kind}`)}</span> ·{' '}
              {t('devices.chainAt', { device: item.device, ranger: item.ranger, seq: item.seq })} ·{' '}
              {moment(item.detected_at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
