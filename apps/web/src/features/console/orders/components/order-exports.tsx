import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import { Button } from '../../../../ui/button.tsx';
import { FailureAlert } from '../../components/console-card.tsx';
import { type OrderExport, type OrderSearchInput, useOrderExports, useRequestExport } from '../api.ts';
import { exportAddress, exportFileAddress, exportShare } from '../orders-logic.ts';

/**
 * The export of the search on screen: a small one is downloaded at once (streamed, ADR 035); a
 * large one, or one the staff member asks to prepare in the background, is queued and listed
 * below with its progress (ADR 041).
 */
export function ExportButton({ search }: { search: OrderSearchInput }) {
  const { t } = useTranslation(['consoleOrders', 'errors']);
  const language = useCurrentLanguage();
  const [background, setBackground] = useState(false);
  const [queuedId, setQueuedId] = useState<number | null>(null);
  const request = useRequestExport();
  const exports = useOrderExports(true);
  const queued = exports.data?.exports.find((each) => each.id === queuedId);
  // Said while the export just asked for is being prepared; its row below then says the rest.
  const preparing = queuedId !== null && (!queued || queued.state === 'queued' || queued.state === 'running');
  const checkbox = useId();
  const { page: _page, ...filters } = search;

  const start = () => {
    setQueuedId(null);
    request.mutate(
      { ...filters, background },
      {
        onSuccess: (answer) => {
          if (answer.export) setQueuedId(answer.export.id);
          // Small enough to stream: the file comes as a download, the page stays.
          else window.location.assign(exportAddress(search, language));
        },
      },
    );
  };

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={checkbox} className="flex items-center gap-2 text-sm text-stone-700">
          <input
            id={checkbox}
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={background}
            onChange={(event) => setBackground(event.target.checked)}
          />
          {t('exports.background')}
        </label>
        <Button variant="secondary" busy={request.isPending} onClick={start}>
          {t('search.export')}
        </Button>
      </div>
      <FailureAlert error={request.error} fallback={t('errors:INTERNAL')} />
      {preparing && (
        <p role="status" className="max-w-md text-sm text-stone-700">
          {t('exports.queued')}
        </p>
      )}
    </div>
  );
}

const TONES: Record<OrderExport['state'], string> = {
  queued: 'bg-stone-200 text-stone-800',
  running: 'bg-amber-100 text-amber-900',
  ready: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** The staff member's exports of the last day, newest first; shown once there is one. */
export function OrderExportsList() {
  const { t } = useTranslation('consoleOrders');
  const result = useOrderExports(true);
  const exports = result.data?.exports ?? [];
  if (exports.length === 0) return null;
  return (
    <section aria-labelledby="order-exports-title" className="rounded-xl border border-stone-200 bg-white">
      <h2
        id="order-exports-title"
        className="border-stone-200 border-b px-4 py-3 font-semibold text-stone-900"
      >
        {t('exports.title')}
      </h2>
      <ul className="divide-y divide-stone-100">
        {exports.map((each) => (
          <ExportRow key={each.id} entry={each} />
        ))}
      </ul>
    </section>
  );
}

function ExportRow({ entry }: { entry: OrderExport }) {
  const { t, i18n } = useTranslation('consoleOrders');
  const language = useCurrentLanguage();
  const number = new Intl.NumberFormat(i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const filters = Object.keys(entry.filters).length;
  const working = entry.state === 'queued' || entry.state === 'running';
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 font-medium text-xs ${TONES[entry.state]}`}>
            {t(`exports.states.${entry.state}`)}
          </span>
          <span className="text-sm text-stone-700">
            {t('exports.askedAt', { when: when.format(new Date(entry.created_at)) })}
            {' · '}
            {filters > 0 ? t('exports.filters', { count: filters }) : t('exports.allOrders')}
          </span>
        </p>
        {working && (
          <progress
            className="h-2 w-full accent-brand-700 sm:max-w-sm"
            max={100}
            value={exportShare(entry.done, entry.total)}
            aria-label={t('exports.progressLabel')}
          />
        )}
        <p className="text-sm text-stone-900" aria-live={working ? 'polite' : undefined}>
          {entry.state === 'queued'
            ? t('exports.waiting')
            : t('exports.progress', {
                done: number.format(entry.done),
                total: number.format(entry.total),
                count: entry.total,
              })}
        </p>
        {entry.error && (
          <p className="break-words rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800 text-sm">
            {t(entry.state === 'failed' ? 'exports.failedBecause' : 'exports.retrying', {
              error: entry.error,
            })}
          </p>
        )}
      </div>
      {entry.state === 'ready' && (
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <a
            href={exportFileAddress(entry.id, language)}
            download={entry.filename}
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {t('exports.download', { name: entry.filename })}
          </a>
          <span className="text-stone-600 text-xs">
            {t('exports.until', { when: when.format(new Date(entry.expires_at)) })}
          </span>
        </div>
      )}
    </li>
  );
}
