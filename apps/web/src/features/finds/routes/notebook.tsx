import type { ForagingArea } from '@sentiero/contract/finds';
import type { NotebookEntry, OverLimit } from '@sentiero/contract/notebook';
import type { PhotoRef } from '@sentiero/contract/photo-files';
import { Download, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { Locked } from '../../../ui/locked.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ShownEntry, useEntryWrites, useFieldSync, useFinds, useNotebook } from '../api.ts';
import { EntryList } from '../components/entry-list.tsx';
import { formatWeight, speciesName } from '../components/entry-text.ts';
import { MembersOnly } from '../components/members-only.tsx';
import { PhotoPicker } from '../components/photo-picker.tsx';
import { SeasonTotals } from '../components/season-totals.tsx';
import { SpeciesSelect } from '../components/species-select.tsx';
import { SyncNotice } from '../components/sync-status.tsx';

const today = () => new Date().toLocaleDateString('sv-SE');

type Form = {
  id: string | null;
  day: string;
  area: string;
  find: string;
  species: string;
  weight: string;
  notes: string;
  photos: PhotoRef[];
};
const emptyForm = (): Form => ({
  id: null,
  day: today(),
  area: '',
  find: '',
  species: '',
  weight: '',
  notes: '',
  photos: [],
});

/** `/user/notebook`: the Sentiero+ mushroom notebook (issue 15, item 5). */
export function NotebookPage({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation('finds');
  return (
    <div>
      <PageHeading lead={t('notebook.lead')}>{t('notebook.title')}</PageHeading>
      <MembersOnly explanation={(brand) => t('notebook.locked', { brand })} banner={banner}>
        {(member) => <MemberNotebook member={member} banner={banner} />}
      </MembersOnly>
    </div>
  );
}

function MemberNotebook({ member, banner }: { member: number; banner?: ReactNode }) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const [season, setSeason] = useState(() => new Date().getFullYear());
  const { sync, report } = useFieldSync(member);
  const notebook = useNotebook(member, season);
  const finds = useFinds(member);
  const writes = useEntryWrites(member, sync);
  const [form, setForm] = useState<Form>(emptyForm);

  if (notebook.error instanceof ApiRequestError && notebook.error.status === 403) {
    return <Locked explanation={t('notebook.locked', { brand })} banner={banner} />;
  }
  const data = notebook.data;
  const areas = data?.areas ?? [];
  const areaName = (id: number | null) =>
    id === null ? t('notebook.noArea') : (areas.find((area) => area.id === id)?.name ?? `#${id}`);

  const save = async () => {
    const previous = data?.entries.find((entry) => entry.id === form.id);
    const now = new Date().toISOString();
    const record: NotebookEntry = {
      id: form.id ?? crypto.randomUUID(),
      day: form.day,
      area_id: form.area ? Number(form.area) : null,
      find_id: form.find || null,
      species_code: form.species,
      weight_g: Math.round(Number(form.weight)),
      notes: form.notes.trim(),
      photos: form.photos,
      weather: previous?.weather ?? null,
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
    await writes.save(record);
    if (Number(form.day.slice(0, 4)) !== season) setSeason(Number(form.day.slice(0, 4)));
    setForm(emptyForm());
  };
  const edit = (entry: ShownEntry) =>
    setForm({
      id: entry.id,
      day: entry.day,
      area: entry.area_id === null ? '' : String(entry.area_id),
      find: entry.find_id ?? '',
      species: entry.species_code,
      weight: String(entry.weight_g),
      notes: entry.notes,
      photos: entry.photos,
    });

  const pending = data?.entries.filter((entry) => entry.sync === 'pending').length ?? 0;
  const thisYear = new Date().getFullYear();
  return (
    <div className="space-y-6">
      <SyncNotice pending={pending} fromPhone={data?.source === 'phone'} report={report} />
      {data && data.overLimit.length > 0 && <OverLimitWarning days={data.overLimit} areaName={areaName} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card title={form.id ? t('notebook.titleEdit') : t('notebook.titleNew')}>
          <EntryForm
            member={member}
            form={form}
            areas={areas}
            finds={(finds.data?.finds ?? []).map((find) => ({
              id: find.id,
              label: `${find.found_on} · ${find.species_code ? speciesName(find.species_code, language) : t('form.speciesNone')}`,
            }))}
            onChange={setForm}
            onSave={save}
            onCancel={() => setForm(emptyForm())}
          />
        </Card>
        <div className="space-y-6">
          <div className="flex flex-wrap items-end gap-3">
            <FormField label={t('notebook.season')}>
              {(control) => (
                <select
                  {...control}
                  className={`${inputClass} w-32`}
                  value={season}
                  onChange={(event) => setSeason(Number(event.target.value))}
                >
                  {[thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <a
              href={`/api/app/notebook/export?season=${season}&lng=${language}`}
              download
              className={buttonClass('secondary')}
            >
              <Download aria-hidden className="size-4" />
              {t('notebook.csv')}
            </a>
          </div>
          {data ? (
            <SeasonTotals summary={data.summary} areaName={areaName} />
          ) : (
            <QueryState
              isPending={notebook.isPending}
              isError={notebook.isError}
              onRetry={() => notebook.refetch()}
            />
          )}
        </div>
      </div>
      {data && (
        <EntryList
          member={member}
          entries={data.entries}
          areaName={areaName}
          onEdit={edit}
          onDelete={(entry) => void writes.remove(entry)}
        />
      )}
    </div>
  );
}

function OverLimitWarning({ days, areaName }: { days: OverLimit[]; areaName(id: number): string }) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 shrink-0" />
        {t('notebook.overLimit.title')}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {days.map((day) => (
          <li key={`${day.area_id}-${day.day}`}>
            {t('notebook.overLimit.day', {
              day: formatLocalizedDate(day.day, language),
              area: areaName(day.area_id),
              total: formatWeight(day.total_g, language),
              limit: formatWeight(day.limit_g, language),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t('notebook.overLimit.hint')}</p>
    </div>
  );
}

function EntryForm({
  member,
  form,
  areas,
  finds,
  onChange,
  onSave,
  onCancel,
}: {
  member: number;
  form: Form;
  areas: ForagingArea[];
  finds: { id: string; label: string }[];
  onChange(form: Form): void;
  onSave(): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const [errors, setErrors] = useState<{ species?: string; weight?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const weight = Number(form.weight);
    const problems = {
      ...(form.species ? {} : { species: t('notebook.speciesRequired') }),
      ...(form.weight !== '' && Number.isInteger(weight) && weight > 0 && weight <= 50_000
        ? {}
        : { weight: t('notebook.weightInvalid') }),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await onSave();
    } finally {
      setBusy(false);
    }
  };
  const sortedAreas = [...areas].sort((a, b) => a.name.localeCompare(b.name, language));
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField label={t('form.date')}>
        {(control) => (
          <input
            {...control}
            type="date"
            required
            max={today()}
            className={inputClass}
            value={form.day}
            onChange={(event) => onChange({ ...form, day: event.target.value || today() })}
          />
        )}
      </FormField>
      <FormField label={t('notebook.area')}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={form.area}
            onChange={(event) => onChange({ ...form, area: event.target.value })}
          >
            <option value="">{t('notebook.noArea')}</option>
            {sortedAreas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.daily_limit_g === null
                  ? area.name
                  : t('notebook.areaWithLimit', {
                      name: area.name,
                      limit: formatWeight(area.daily_limit_g, language),
                    })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('form.species')} error={errors.species}>
        {(control) => (
          <SpeciesSelect
            {...control}
            allowNone={false}
            value={form.species}
            onChange={(event) => onChange({ ...form, species: event.target.value })}
          />
        )}
      </FormField>
      <FormField label={t('notebook.weight')} error={errors.weight}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={50000}
            step={1}
            className={inputClass}
            value={form.weight}
            onChange={(event) => onChange({ ...form, weight: event.target.value })}
          />
        )}
      </FormField>
      {finds.length > 0 && (
        <FormField label={t('notebook.find')}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={form.find}
              onChange={(event) => onChange({ ...form, find: event.target.value })}
            >
              <option value="">{t('notebook.noFind')}</option>
              {finds.map((find) => (
                <option key={find.id} value={find.id}>
                  {find.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField label={t('form.notes')}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={2000}
            className={inputClass}
            value={form.notes}
            onChange={(event) => onChange({ ...form, notes: event.target.value })}
          />
        )}
      </FormField>
      <PhotoPicker
        member={member}
        photos={form.photos}
        onChange={(photos) => onChange({ ...form, photos })}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy} busyLabel={t('form.saving')}>
          {t('notebook.save')}
        </Button>
        {form.id && (
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
