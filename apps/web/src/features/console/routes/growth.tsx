import { addCalendarDays } from '@sentiero/contract/durations';
import type { GrowthLevel } from '@sentiero/contract/growth';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { FailureAlert } from '../components/console-card.tsx';
import { ConsoleNav } from '../components/console-nav.tsx';
import { LevelChoice, SpeciesSelect } from '../components/growth-fields.tsx';
import { ObservationList } from '../components/observation-list.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { useGrowthAreas, useRecordObservation } from '../records-api.ts';

/** How far back a day may be recorded (the API's GROWTH_OBSERVATION_MAX_DAYS_BACK). */
const MAX_DAYS_BACK = 13;

/**
 * `/console/growth`: staff record what they saw in an area's woods (ADR 040): the area among
 * those their grants cover, the day (today by default), the level, a species and a note; and the
 * area's recent observations, their own correctable on the day.
 */
export function Component() {
  return <SessionGate>{(me) => <GrowthScreen me={me} />}</SessionGate>;
}

function GrowthScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const [searchParams, setSearchParams] = useSearchParams();
  const [q, setQ] = useState('');
  const areas = useGrowthAreas(q, 1);
  const chosen = Number(searchParams.get('area'));
  const list = areas.data?.areas ?? [];
  const area = list.find((candidate) => candidate.id === chosen) ?? list[0];
  const searching = Boolean(areas.data && (areas.data.pages > 1 || q));

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-5">
        <h1 className="font-bold text-2xl text-stone-900">{t('growth.title')}</h1>
        <p className="text-stone-600">{t('growth.lead')}</p>
        <QueryState isPending={areas.isPending} isError={areas.isError} onRetry={() => areas.refetch()} />
        {areas.data && (
          <div
            className={`grid gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm ${searching ? 'lg:grid-cols-2' : ''}`}
          >
            {searching && (
              <FormField label={t('growth.findArea')}>
                {(control) => (
                  <input
                    {...control}
                    type="search"
                    className={inputClass}
                    value={q}
                    onChange={(event) => setQ(event.target.value)}
                  />
                )}
              </FormField>
            )}
            <FormField label={t('growth.area')}>
              {(control) => (
                <select
                  {...control}
                  className={inputClass}
                  value={area?.id ?? ''}
                  onChange={(event) => setSearchParams({ area: event.target.value })}
                >
                  {list.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name} · {candidate.operator}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        )}
        {areas.data && list.length === 0 && <p className="text-stone-600">{t('growth.noAreas')}</p>}
        {area && (
          <>
            <RecordForm key={`${area.id}-${area.today}`} area={area} />
            <ObservationList areaId={area.id} />
          </>
        )}
      </section>
    </div>
  );
}

function RecordForm({ area }: { area: { id: number; name: string; today: string } }) {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const record = useRecordObservation();
  const [date, setDate] = useState(area.today);
  const [level, setLevel] = useState<GrowthLevel | null>(null);
  const [species, setSpecies] = useState('');
  const [note, setNote] = useState('');
  const [missingLevel, setMissingLevel] = useState(false);
  useEffect(() => {
    if (level) setMissingLevel(false);
  }, [level]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!level) {
      setMissingLevel(true);
      return;
    }
    record.mutate(
      { area_id: area.id, date, level, species, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setLevel(null);
          setSpecies('');
          setNote('');
        },
      },
    );
  }

  const fieldErrors = record.error instanceof ApiRequestError ? record.error.fields : {};
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="record-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="record-title" className="font-semibold text-lg">
        {t('growth.recordTitle', { area: area.name })}
      </h2>
      {record.isSuccess && (
        <Alert tone="success">
          {t('growth.recorded', { level: t(`levels.${record.data.level}`), date: record.data.date })}
        </Alert>
      )}
      <FailureAlert error={record.error} fallback={t('errors:INTERNAL')} />
      <FormField label={t('growth.day')} error={fieldErrors.date}>
        {(control) => (
          <input
            {...control}
            type="date"
            className={`${inputClass} md:max-w-56`}
            value={date}
            min={addCalendarDays(area.today, -MAX_DAYS_BACK)}
            max={area.today}
            onChange={(event) => setDate(event.target.value)}
            required
          />
        )}
      </FormField>
      <LevelChoice
        value={level}
        onChange={setLevel}
        error={missingLevel ? t('growth.levelRequired') : undefined}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <SpeciesSelect value={species} onChange={setSpecies} />
        <FormField label={t('growth.note')} hint={t('growth.noteHint')} error={fieldErrors.note}>
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
      <Button type="submit" busy={record.isPending} busyLabel={t('growth.busy')}>
        {t('growth.submit')}
      </Button>
    </form>
  );
}
