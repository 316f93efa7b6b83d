import type { GrowthLevel } from '@sentiero/contract/growth';
import { findLanguage } from '@sentiero/contract/languages';
import { findSpecies } from '@sentiero/contract/species';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type GrowthObservation, useCorrectObservation, useGrowthObservations } from '../records-api.ts';
import { FailureAlert } from './console-card.tsx';
import { LevelChoice, SpeciesSelect } from './growth-fields.tsx';

const COLUMNS = 'lg:grid lg:grid-cols-[8rem_8rem_minmax(0,1fr)_minmax(0,1.2fr)_7rem] lg:gap-4';

/** An area's recent observations, newest day first, a page at a time: cards on a tablet, a table on a desktop. */
export function ObservationList({ areaId }: { areaId: number }) {
  const { t } = useTranslation('consoleRecords');
  const [searchParams] = useSearchParams();
  const observations = useGrowthObservations(areaId, pageParam(searchParams));
  const data = observations.data;
  return (
    <section aria-labelledby="recent-title" className="space-y-3">
      <h2 id="recent-title" className="font-semibold text-lg">
        {t('growth.recent')}
      </h2>
      <QueryState
        isPending={observations.isPending}
        isError={observations.isError}
        onRetry={() => observations.refetch()}
      />
      {data && data.observations.length === 0 && <p className="text-stone-600">{t('growth.none')}</p>}
      {data && data.observations.length > 0 && (
        <div className="rounded-xl border border-stone-200 bg-white shadow-sm">
          <div
            aria-hidden
            className={`hidden border-stone-200 border-b px-4 py-2 font-medium text-sm text-stone-600 ${COLUMNS}`}
          >
            <span>{t('growth.day')}</span>
            <span>{t('growth.level')}</span>
            <span>{t('growth.species')}</span>
            <span>{t('growth.by')}</span>
            <span />
          </div>
          <ul className="divide-y divide-stone-200">
            {data.observations.map((observation) => (
              <ObservationRow key={observation.id} observation={observation} />
            ))}
          </ul>
        </div>
      )}
      {data && <Pager page={data.page} pages={data.pages} />}
    </section>
  );
}

function ObservationRow({ observation }: { observation: GrowthObservation }) {
  const { t, i18n } = useTranslation(['consoleRecords', 'console']);
  const [editing, setEditing] = useState(false);
  const language = findLanguage(i18n.resolvedLanguage) ?? 'it';
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${observation.date}T00:00:00Z`),
  );
  const recorded = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(observation.recorded_at),
  );
  const species = observation.species
    ? (findSpecies(observation.species)?.names[language] ?? observation.species)
    : null;
  return (
    <li className="space-y-2 px-4 py-3">
      <div className={`grid gap-1 sm:grid-cols-2 ${COLUMNS} lg:items-start`}>
        <p className="font-semibold text-stone-900">{day}</p>
        <p>
          <span className="rounded-full bg-lime-100 px-2 py-0.5 text-lime-900 text-sm">
            {t(`levels.${observation.level}`)}
          </span>
        </p>
        <p className="text-stone-700">{species ?? '–'}</p>
        <div className="text-sm text-stone-700">
          <p>
            {observation.staff.name} · {t(`console:roles.${observation.role}`)} · {recorded}
          </p>
          {observation.note && <p className="mt-1 whitespace-pre-line text-stone-800">{observation.note}</p>}
        </div>
        {observation.can_correct && !editing && (
          <div className="lg:text-right">
            <Button variant="secondary" className="px-3 py-1 text-sm" onClick={() => setEditing(true)}>
              {t('growth.correct')}
            </Button>
          </div>
        )}
      </div>
      {editing && <CorrectionForm observation={observation} onDone={() => setEditing(false)} />}
    </li>
  );
}

function CorrectionForm({ observation, onDone }: { observation: GrowthObservation; onDone(): void }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const correct = useCorrectObservation();
  const [level, setLevel] = useState<GrowthLevel | null>(observation.level);
  const [species, setSpecies] = useState(observation.species ?? '');
  const [note, setNote] = useState(observation.note ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!level) return;
    correct.mutate(
      { id: observation.id, level, species, note: note.trim() || undefined },
      { onSuccess: onDone },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
    >
      <FailureAlert error={correct.error} fallback={t('errors:INTERNAL')} />
      <LevelChoice value={level} onChange={setLevel} />
      <div className="grid gap-3 lg:grid-cols-2">
        <SpeciesSelect value={species} onChange={setSpecies} />
        <FormField label={t('growth.note')}>
          {(control) => (
            <textarea
              {...control}
              className={inputClass}
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex gap-2">
        <Button type="submit" busy={correct.isPending}>
          {t('growth.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('growth.cancel')}
        </Button>
      </div>
    </form>
  );
}
