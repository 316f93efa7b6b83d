import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { FailureAlert } from '../components/console-card.tsx';
import { ConsoleNav } from '../components/console-nav.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { type RangerInspection, useGrowthAreas, useRangerInspections } from '../records-api.ts';

/**
 * `/console/inspections` (issue 24, item 5; ADR 047): what the operator's rangers inspected, per
 * area and day: the outcome, the permit and its holder, the basket against the area's daily
 * limit, who and on which phone, the photos, and whether the phone's log held there. The same
 * filter downloads as CSV.
 */
export function Component() {
  return <SessionGate>{(me) => <InspectionsScreen me={me} />}</SessionGate>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function InspectionsScreen({ me }: { me: ConsoleMe }) {
  const { t, i18n } = useTranslation(['consoleRecords', 'errors']);
  const [searchParams, setSearchParams] = useSearchParams();
  const areaParam = Number(searchParams.get('area'));
  const area = Number.isInteger(areaParam) && areaParam > 0 ? areaParam : undefined;
  const dateParam = searchParams.get('date') ?? '';
  const date = DATE.test(dateParam) ? dateParam : undefined;
  const areas = useGrowthAreas('', 1);
  const inspections = useRangerInspections({ area_id: area, date, page: pageParam(searchParams) });
  const data = inspections.data;
  const exportParams = new URLSearchParams({ lng: i18n.language });
  if (area) exportParams.set('area_id', String(area));
  if (date) exportParams.set('date', date);
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-5">
        <h1 className="font-bold text-2xl text-stone-900">{t('inspections.title')}</h1>
        <p className="text-stone-600">{t('inspections.lead')}</p>
        <InspectionFilters
          key={searchParams.toString()}
          areas={areas.data?.areas ?? []}
          area={area ? String(area) : ''}
          date={date ?? ''}
          onApply={(next) => setSearchParams(next)}
        />
        {inspections.isError ? (
          <FailureAlert error={inspections.error} fallback={t('errors:INTERNAL')} />
        ) : (
          <QueryState
            isPending={inspections.isPending}
            isError={false}
            onRetry={() => inspections.refetch()}
          />
        )}
        {data && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-stone-600">{t('inspections.total', { count: data.total })}</p>
              {data.total > 0 && (
                <a
                  className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-sm text-stone-900 hover:bg-stone-50"
                  href={`/api/console/ranger/inspections/export.csv?${exportParams.toString()}`}
                  download
                >
                  {t('inspections.export')}
                </a>
              )}
            </div>
            {data.inspections.length === 0 ? (
              <p className="text-stone-600">{t('inspections.empty')}</p>
            ) : (
              groupByAreaAndDay(data.inspections).map((group) => (
                <DayGroup key={`${group.area.id}-${group.date}`} group={group} />
              ))
            )}
            <Pager page={data.page} pages={data.pages} />
          </>
        )}
      </section>
    </div>
  );
}

type Group = { area: RangerInspection['area']; date: string; inspections: RangerInspection[] };

/** The page's inspections by area and day, in the order they came (newest first). */
function groupByAreaAndDay(inspections: RangerInspection[]): Group[] {
  const groups: Group[] = [];
  for (const inspection of inspections) {
    const last = groups.at(-1);
    if (last && last.area.id === inspection.area.id && last.date === inspection.date) {
      last.inspections.push(inspection);
    } else {
      groups.push({ area: inspection.area, date: inspection.date, inspections: [inspection] });
    }
  }
  return groups;
}

function InspectionFilters({
  areas,
  area,
  date,
  onApply,
}: {
  areas: { id: number; name: string }[];
  area: string;
  date: string;
  onApply(next: Record<string, string>): void;
}) {
  const { t } = useTranslation('consoleRecords');
  const [chosenArea, setChosenArea] = useState(area);
  const [chosenDate, setChosenDate] = useState(date);
  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (chosenArea) next.area = chosenArea;
    if (chosenDate) next.date = chosenDate;
    onApply(next);
  }
  return (
    <form
      onSubmit={submit}
      aria-label={t('inspections.filters')}
      className="flex flex-wrap items-end gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="min-w-48 flex-1">
        <FormField label={t('inspections.area')}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={chosenArea}
              onChange={(event) => setChosenArea(event.target.value)}
            >
              <option value="">{t('inspections.allAreas')}</option>
              {areas.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="min-w-40">
        <FormField label={t('inspections.day')}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={inputClass}
              value={chosenDate}
              onChange={(event) => setChosenDate(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex gap-2">
        <Button type="submit">{t('inspections.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setChosenArea('');
            setChosenDate('');
            onApply({});
          }}
        >
          {t('inspections.clear')}
        </Button>
      </div>
    </form>
  );
}

function DayGroup({ group }: { group: Group }) {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${group.date}T12:00:00Z`),
  );
  const id = `inspections-${group.area.id}-${group.date}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="font-semibold text-lg text-stone-900">
        {group.area.name} <span className="font-normal text-stone-600">· {day}</span>
      </h2>
      <ul
        aria-labelledby={id}
        className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        {group.inspections.map((inspection) => (
          <InspectionRow key={inspection.id} inspection={inspection} />
        ))}
      </ul>
    </section>
  );
}

const OUTCOME_STYLE: Record<RangerInspection['outcome'], string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  violation: 'bg-red-100 text-red-900',
};

function InspectionRow({ inspection }: { inspection: RangerInspection }) {
  const { t, i18n } = useTranslation('consoleRecords');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
    new Date(inspection.device_time),
  );
  const kg = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const weight = (grams: number) => t('inspections.kg', { value: kg.format(grams / 1000) });
  const { basket } = inspection;
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={`rounded-full px-3 py-0.5 font-semibold text-sm ${OUTCOME_STYLE[inspection.outcome]}`}
        >
          {t(`inspections.outcome.${inspection.outcome}`)}
        </span>
        <time dateTime={inspection.device_time} className="text-sm text-stone-700">
          {time}
        </time>
        <span className="min-w-0 text-sm text-stone-900">
          {inspection.ticket_code ? (
            <>
              <span className="font-mono font-semibold">{inspection.ticket_code}</span>
              {inspection.ticket && <> · {inspection.ticket.holder}</>}
              {!inspection.ticket && <> · {t('inspections.unknownTicket')}</>}
            </>
          ) : (
            <span className="font-semibold">{t('inspections.noPermit')}</span>
          )}
        </span>
      </div>
      {basket && (
        <p className={`text-sm ${basket.over ? 'font-semibold text-red-800' : 'text-stone-700'}`}>
          {basket.limit_g === null
            ? t('inspections.basketNoLimit', { basket: weight(inspection.basket_g ?? 0) })
            : t(basket.over ? 'inspections.basketOver' : 'inspections.basket', {
                basket: weight(inspection.basket_g ?? 0),
                today: weight(basket.declared_today_g),
                limit: weight(basket.limit_g),
              })}
        </p>
      )}
      {inspection.note && <p className="whitespace-pre-line text-sm text-stone-800">{inspection.note}</p>}
      {(inspection.photos.length > 0 || inspection.photos_missing > 0) && (
        <div className="flex flex-wrap items-center gap-2">
          {inspection.photos.map((photo, index) => (
            <a
              key={photo.hash}
              href={photoAddress(inspection.id, photo, 'large')}
              target="_blank"
              rel="noreferrer"
            >
              <img
                src={photoAddress(inspection.id, photo, 'thumb')}
                alt={t('inspections.photo', { number: index + 1 })}
                width={96}
                height={Math.round((96 * photo.height) / photo.width)}
                loading="lazy"
                className="h-20 w-24 rounded-md border border-stone-200 object-cover"
              />
            </a>
          ))}
          {inspection.photos_missing > 0 && (
            <span className="text-sm text-stone-600">
              {t('inspections.photosMissing', { count: inspection.photos_missing })}
            </span>
          )}
        </div>
      )}
      <p className="text-sm text-stone-600">
        {t('inspections.by', { ranger: inspection.ranger, device: inspection.device })}
      </p>
      {inspection.chain !== 'ok' && (
        <p className="inline-block rounded-md bg-amber-50 px-2 py-1 font-medium text-amber-900 text-sm">
          {t(`inspections.chain.${inspection.chain}`)}
        </p>
      )}
    </li>
  );
}

function photoAddress(id: number, photo: RangerInspection['photos'][number], size: 'thumb' | 'large') {
  const params = new URLSearchParams({ id: String(id), hash: photo.hash, size, format: 'webp', v: photo.v });
  return `/api/console/ranger/inspection/photo/file?${params.toString()}`;
}
