import type { Find } from '@sentiero/contract/finds';
import type { PhotoRef } from '@sentiero/contract/photo-files';
import { findSpecies, lookalikesOf } from '@sentiero/contract/species';
import { Download, LocateFixed, MapPin, Upload } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useSite } from '../../../lib/site.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ClientOnly } from '../../../ui/client-only.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { Locked } from '../../../ui/locked.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { importFindsFile, type ShownFind, useFieldSync, useFinds, useFindWrites } from '../api.ts';
import { FindList } from '../components/find-list.tsx';
import type { Draft } from '../components/finds-map.tsx';
import { MembersOnly } from '../components/members-only.tsx';
import { PhotoPicker } from '../components/photo-picker.tsx';
import { SpeciesSelect } from '../components/species-select.tsx';
import { SyncNotice, useOnline } from '../components/sync-status.tsx';

const FindsMap = lazy(() => import('../components/finds-map.tsx'));

/** The map's box: the same size before, during and after the map loads, so nothing below moves. */
const MAP_BOX = 'relative h-80 overflow-hidden rounded-xl border border-stone-200 bg-stone-100 md:h-[28rem]';

const today = () => new Date().toLocaleDateString('sv-SE');

type Form = { id: string | null; species: string; day: string; notes: string; photos: PhotoRef[] };
const emptyForm = (): Form => ({ id: null, species: '', day: today(), notes: '', photos: [] });

/** `/user/finds`: the Sentiero+ private finds map (issue 15, item 4). */
export function FindsPage({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation('finds');
  return (
    <div>
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      <MembersOnly explanation={(brand) => t('locked', { brand })} banner={banner}>
        {(member) => <MemberFinds member={member} banner={banner} />}
      </MembersOnly>
    </div>
  );
}

function MemberFinds({ member, banner }: { member: number; banner?: ReactNode }) {
  const { t } = useTranslation('finds');
  const brand = useSite().data?.premium_brand ?? 'Sentiero+';
  const map = useSite().data?.map;
  const { sync, report } = useFieldSync(member);
  const finds = useFinds(member);
  const writes = useFindWrites(member, sync);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [form, setForm] = useState<Form>(emptyForm);
  const [notice, setNotice] = useState<string | null>(null);

  if (finds.error instanceof ApiRequestError && finds.error.status === 403) {
    return <Locked explanation={t('locked', { brand })} banner={banner} />;
  }

  const edit = (find: ShownFind) => {
    setForm({
      id: find.id,
      species: find.species_code ?? '',
      day: find.found_on,
      notes: find.notes,
      photos: find.photos,
    });
    setDraft({ latitude: find.latitude, longitude: find.longitude, accuracy: find.accuracy_m });
    setNotice(null);
  };
  const reset = () => {
    setForm(emptyForm());
    setDraft(null);
  };
  const save = async () => {
    if (!draft) return;
    const previous = finds.data?.finds.find((find) => find.id === form.id);
    const now = new Date().toISOString();
    const record: Find = {
      id: form.id ?? crypto.randomUUID(),
      latitude: Number(draft.latitude.toFixed(6)),
      longitude: Number(draft.longitude.toFixed(6)),
      accuracy_m: draft.accuracy === null ? null : Math.round(draft.accuracy),
      species_code: form.species || null,
      found_on: form.day,
      notes: form.notes.trim(),
      photos: form.photos,
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
    await writes.save(record);
    setNotice(t('form.saved'));
    reset();
  };

  const shown = finds.data?.finds ?? [];
  const pending = shown.filter((find) => find.sync === 'pending').length;
  return (
    <div className="space-y-6">
      <SyncNotice pending={pending} fromPhone={finds.data?.source === 'phone'} report={report} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-3">
          <div className={MAP_BOX}>
            {map && finds.data ? (
              <ClientOnly fallback={<MapPlaceholder />}>
                <FindsMap
                  finds={shown}
                  areas={finds.data.areas}
                  draft={draft}
                  tileUrl={map.tile_url}
                  attribution={map.attribution}
                  label={t('map.label')}
                  onTap={(latitude, longitude) => setDraft({ latitude, longitude, accuracy: null })}
                  onSelect={edit}
                />
              </ClientOnly>
            ) : (
              <MapPlaceholder />
            )}
          </div>
          <p className="text-sm text-stone-600">{t('map.tapHint')}</p>
        </div>
        <Card title={form.id ? t('form.titleEdit') : t('form.titleNew')}>
          <FindForm
            member={member}
            form={form}
            draft={draft}
            onChange={setForm}
            onDraft={setDraft}
            onSave={save}
            onCancel={reset}
          />
          <div className="mt-3 min-h-6" aria-live="polite">
            {notice && <p className="font-medium text-brand-900 text-sm">{notice}</p>}
          </div>
        </Card>
      </div>
      {finds.data ? (
        <FindList member={member} finds={shown} onEdit={edit} onDelete={(find) => void writes.remove(find)} />
      ) : (
        <QueryState isPending={finds.isPending} isError={finds.isError} onRetry={() => finds.refetch()} />
      )}
      <FindFiles onImported={() => void sync()} />
    </div>
  );
}

function MapPlaceholder() {
  const { t } = useTranslation('finds');
  return (
    <div className="flex size-full items-center justify-center gap-2 text-stone-500">
      <MapPin aria-hidden className="size-5" />
      {t('map.loading')}
    </div>
  );
}

type Locating = 'idle' | 'busy' | 'denied';

function FindForm({
  member,
  form,
  draft,
  onChange,
  onDraft,
  onSave,
  onCancel,
}: {
  member: number;
  form: Form;
  draft: Draft | null;
  onChange(form: Form): void;
  onDraft(draft: Draft): void;
  onSave(): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation('finds');
  const [locating, setLocating] = useState<Locating>('idle');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating('denied');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setMissing(false);
        onDraft({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        });
      },
      () => setLocating('denied'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 },
    );
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onSave();
    } finally {
      setBusy(false);
    }
  };
  const position = draft
    ? draft.accuracy === null
      ? t('form.placedByHand', { latitude: draft.latitude.toFixed(5), longitude: draft.longitude.toFixed(5) })
      : t('form.accuracy', { metres: Math.round(draft.accuracy) })
    : locating === 'busy'
      ? t('form.locating')
      : locating === 'denied'
        ? t('form.positionDenied')
        : t('form.noPositionYet');
  const lookalikes = form.species ? lookalikesOf(form.species) : [];
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <Button
          variant="secondary"
          onClick={locate}
          busy={locating === 'busy'}
          busyLabel={t('form.locating')}
        >
          <LocateFixed aria-hidden className="size-4" />
          {t('form.usePosition')}
        </Button>
        <p
          className={`mt-2 min-h-10 text-sm ${missing && !draft ? 'text-red-700' : 'text-stone-700'}`}
          aria-live="polite"
        >
          {missing && !draft ? t('form.noPosition') : position}
        </p>
      </div>
      <FormField label={t('form.species')}>
        {(control) => (
          <SpeciesSelect
            {...control}
            allowNone
            value={form.species}
            onChange={(event) => onChange({ ...form, species: event.target.value })}
          />
        )}
      </FormField>
      <LookalikeWarning codes={lookalikes.map((species) => species.code)} />
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
      <FormField label={t('form.notes')}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
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
          {t('form.save')}
        </Button>
        {(form.id || draft) && (
          <Button variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function LookalikeWarning({ codes }: { codes: string[] }) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  if (codes.length === 0) return null;
  const names = codes
    .map((code) => findSpecies(code))
    .map((species) => (species ? `${species.names[language]} (${t(`edibility.${species.edibility}`)})` : ''))
    .join(', ');
  return <p className="rounded-md bg-amber-50 p-3 text-amber-900 text-sm">{t('lookalikes', { names })}</p>;
}

function FindFiles({ onImported }: { onImported(): void }) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const online = useOnline();
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setState(null);
    try {
      const answer = await importFindsFile(file);
      setState({ tone: 'success', text: t('files.imported', answer) });
      onImported();
    } catch (error) {
      const fields = error instanceof ApiRequestError ? Object.values(error.fields) : [];
      setState({
        tone: 'error',
        text: fields[0] ?? (error instanceof Error ? error.message : String(error)),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('files.title')}>
      <div className="flex flex-wrap gap-3">
        {(['gpx', 'geojson'] as const).map((format) => (
          <a
            key={format}
            href={`/api/app/find/export?format=${format}&lng=${language}`}
            download
            className={buttonClass('secondary')}
          >
            <Download aria-hidden className="size-4" />
            {t(`files.${format}`)}
          </a>
        ))}
        <label
          htmlFor={inputId}
          className={`${buttonClass('secondary')} ${online && !busy ? 'cursor-pointer' : 'pointer-events-none opacity-60'}`}
        >
          <Upload aria-hidden className="size-4" />
          {busy ? t('files.importing') : t('files.import')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".gpx,.geojson,.json,application/gpx+xml,application/geo+json,application/json"
          className="sr-only"
          disabled={!online || busy}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <p className="mt-2 text-sm text-stone-600">{online ? t('files.hint') : t('files.offline')}</p>
      {state && (
        <div className="mt-3">
          <Alert tone={state.tone}>{state.text}</Alert>
        </div>
      )}
    </Card>
  );
}
