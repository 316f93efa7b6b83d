import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { BigButton } from '../components/big-controls.tsx';
import { useField } from '../field-store.ts';
import type { StoredRecord } from '../store.ts';

function useMoment() {
  const language = useCurrentLanguage();
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** What a record was about, in a few words. */
function RecordLine({ stored }: { stored: StoredRecord }) {
  const { t } = useTranslation(['ranger', 'growth']);
  const areas = useField((state) => state.index?.areas);
  const moment = useMoment();
  const { record } = stored;
  const about =
    record.kind === 'use'
      ? record.ticket_code
      : record.kind === 'inspection'
        ? `${record.ticket_code ?? t('inspection.noPermit')} · ${t(`inspection.outcomes.${record.outcome}`)}`
        : `${areas?.get(record.area_id)?.name ?? record.area_id} · ${t(`growth:level.${record.level}`)}`;
  const result = stored.result;
  const note =
    result === null
      ? t('queue.state.pending')
      : result.outcome === 'recorded'
        ? t(result.conflict ? 'queue.state.conflict' : 'queue.state.recorded')
        : t(`queue.state.${result.outcome}`);
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-state={stored.state}>
      <div className="min-w-0">
        <p className="font-bold text-lg">
          {t(`queue.kind.${record.kind}`)} <span className="font-mono font-normal">#{record.seq}</span>
        </p>
        <p className="truncate text-base text-stone-800">{about}</p>
        <p className="text-sm text-stone-600">{moment(record.device_time)}</p>
      </div>
      <span
        className={`shrink-0 rounded-md px-2 py-1 font-bold text-sm ${
          stored.state === 'pending' ? 'bg-amber-300 text-stone-950' : 'bg-green-800 text-white'
        }`}
      >
        {note}
      </span>
    </li>
  );
}

/**
 * `/ranger/queue`: what waits to be sent and what was sent, newest first; when the next try is,
 * and a button to try now.
 */
export function Component() {
  const { t } = useTranslation('ranger');
  const moment = useMoment();
  const records = useField((state) => state.records);
  const online = useField((state) => state.online);
  const syncing = useField((state) => state.syncing);
  const nextRetryAt = useField((state) => state.nextRetryAt);
  const lastSyncAt = useField((state) => state.lastSyncAt);
  const syncError = useField((state) => state.syncError);
  const device = useField((state) => state.device);
  const photosWaiting = useField((state) => state.photosWaiting);
  const waiting = records.filter((stored) => stored.state === 'pending').length;
  const newest = [...records].reverse().slice(0, 100);

  return (
    <section className="space-y-4">
      <h1 className="font-bold text-3xl">{t('queue.title')}</h1>
      <p
        data-testid="queue-summary"
        className={`rounded-xl p-4 font-bold text-xl ${waiting > 0 ? 'bg-amber-300 text-stone-950' : 'bg-green-800 text-white'}`}
      >
        {waiting > 0 ? t('queue.waiting', { count: waiting }) : t('queue.allSent')}
      </p>
      {photosWaiting > 0 && (
        <p data-testid="photos-waiting" className="font-semibold text-lg">
          {t('queue.photos', { count: photosWaiting })}
        </p>
      )}
      {!online && waiting > 0 && <p className="text-lg">{t('queue.offline')}</p>}
      {syncError && (
        <p role="alert" className="rounded-lg border-4 border-red-700 p-3 font-semibold text-lg text-red-800">
          {syncError}
        </p>
      )}
      {nextRetryAt && waiting > 0 && (
        <p className="text-lg">{t('queue.nextTry', { time: moment(new Date(nextRetryAt).toISOString()) })}</p>
      )}
      {lastSyncAt && (
        <p className="text-lg text-stone-700">{t('queue.lastSync', { time: moment(lastSyncAt) })}</p>
      )}
      <BigButton
        onClick={() => {
          useField.setState({ failures: 0 });
          void useField.getState().sync();
        }}
        disabled={syncing || waiting + photosWaiting === 0}
      >
        {syncing ? t('queue.syncing') : t('queue.syncNow')}
      </BigButton>
      {newest.length > 0 && (
        <ul className="divide-y-2 divide-stone-200 rounded-xl border-2 border-stone-900">
          {newest.map((stored) => (
            <RecordLine key={stored.client_id} stored={stored} />
          ))}
        </ul>
      )}
      {device && (
        <p className="text-base text-stone-600">
          {t('queue.device', { label: device.label, id: device.id, ranger: device.ranger })}
        </p>
      )}
    </section>
  );
}
