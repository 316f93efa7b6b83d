import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import type { ShownEntry } from '../api.ts';
import { DayWeather } from './day-weather.tsx';
import { formatWeight, speciesName } from './entry-text.ts';
import { PhotoStrip } from './photo-view.tsx';
import { RecordActions } from './record-actions.tsx';
import { SyncBadge } from './sync-status.tsx';

/** The season's entries, newest day first, each with its photos, sync state, edit and delete. */
export function EntryList({
  member,
  entries,
  areaName,
  onEdit,
  onDelete,
}: {
  member: number;
  entries: ShownEntry[];
  areaName(id: number | null): string;
  onEdit(entry: ShownEntry): void;
  onDelete(entry: ShownEntry): void;
}) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const heading = useId();
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading} className="mb-3 font-semibold text-lg text-stone-900">
        {t('notebook.listTitle')}
      </h2>
      {entries.length === 0 ? (
        <p className="text-stone-600">{t('notebook.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {entries.map((entry) => {
            const name = speciesName(entry.species_code, language);
            return (
              <li key={entry.id} className="flex flex-wrap items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">
                    {name} · {formatWeight(entry.weight_g, language)}
                  </p>
                  <p className="text-sm text-stone-600">
                    {formatLocalizedDate(entry.day, language)} · {areaName(entry.area_id)}
                  </p>
                  {entry.weather && <DayWeather weather={entry.weather} />}
                  {entry.notes && <p className="mt-1 break-words text-sm text-stone-700">{entry.notes}</p>}
                  <PhotoStrip member={member} photos={entry.photos} name={name} />
                  <div className="mt-2">
                    <SyncBadge state={entry.sync} />
                  </div>
                </div>
                <RecordActions
                  name={name}
                  day={entry.day}
                  onEdit={() => onEdit(entry)}
                  onDelete={() => onDelete(entry)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
