import { CloudCheck, CloudOff, Smartphone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import type { SyncState } from '../outbox.ts';
import type { SyncReport } from '../sync.ts';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the phone says it has a network (true on the server). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** One record's state: kept on this phone, waiting; or confirmed by the server. */
export function SyncBadge({ state }: { state: SyncState }) {
  const { t } = useTranslation('finds');
  return state === 'pending' ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">
      <Smartphone aria-hidden className="size-3.5" />
      {t('sync.pending')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900 text-xs">
      <CloudCheck aria-hidden className="size-3.5" />
      {t('sync.synced')}
    </span>
  );
}

/** The page's sync news: offline, changes waiting, changes the server refused. */
export function SyncNotice({
  pending,
  fromPhone,
  report,
}: {
  pending: number;
  fromPhone: boolean;
  report: SyncReport | null;
}) {
  const { t } = useTranslation('finds');
  const online = useOnline();
  if (online && !fromPhone && pending === 0 && !report?.refused) return null;
  return (
    <div className="mb-4 space-y-2">
      {(!online || fromPhone) && (
        <Alert tone="info">
          <span className="flex items-center gap-2">
            <CloudOff aria-hidden className="size-4 shrink-0" />
            {t('sync.offline')}
          </span>
        </Alert>
      )}
      {pending > 0 && <Alert tone="info">{t('sync.waiting', { count: pending })}</Alert>}
      {report && report.refused > 0 && (
        <Alert tone="error">{t('sync.refused', { count: report.refused })}</Alert>
      )}
    </div>
  );
}
