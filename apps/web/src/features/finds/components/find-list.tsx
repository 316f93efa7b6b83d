import { findSpecies, type SpeciesCode } from '@sentiero/contract/species';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import type { ShownFind } from '../api.ts';
import { PhotoStrip } from './photo-view.tsx';
import { RecordActions } from './record-actions.tsx';
import { SyncBadge } from './sync-status.tsx';

/** The member's finds, newest first, each with its photos, sync state, edit and delete. */
export function FindList({
  member,
  finds,
  onEdit,
  onDelete,
}: {
  member: number;
  finds: ShownFind[];
  onEdit(find: ShownFind): void;
  onDelete(find: ShownFind): void;
}) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const heading = useId();
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading} className="mb-3 font-semibold text-lg text-stone-900">
        {t('list.title', { count: finds.length })}
      </h2>
      {finds.length === 0 ? (
        <p className="text-stone-600">{t('list.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {finds.map((find) => {
            const species = findSpecies(find.species_code as SpeciesCode | null);
            const name = species ? species.names[language] : t('form.speciesNone');
            return (
              <li key={find.id} className="flex flex-wrap items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-stone-900">
                    {name}
                    {species && (
                      <span className="ml-1 font-normal text-stone-500 italic">{species.latin}</span>
                    )}
                  </p>
                  <p className="text-sm text-stone-600">
                    {formatLocalizedDate(find.found_on, language)} · {find.latitude.toFixed(5)},{' '}
                    {find.longitude.toFixed(5)}
                    {find.accuracy_m !== null && ` · ±${find.accuracy_m} m`}
                  </p>
                  {find.notes && <p className="mt-1 break-words text-sm text-stone-700">{find.notes}</p>}
                  <PhotoStrip member={member} photos={find.photos} name={name} />
                  <div className="mt-2">
                    <SyncBadge state={find.sync} />
                  </div>
                </div>
                <RecordActions
                  name={name}
                  day={find.found_on}
                  onEdit={() => onEdit(find)}
                  onDelete={() => onDelete(find)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
