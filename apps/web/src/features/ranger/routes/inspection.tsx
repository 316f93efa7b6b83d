import type { BasketVerdict } from '@sentiero/contract/ranger';
import {
  INSPECTION_NOTE_MAX,
  INSPECTION_OUTCOMES,
  INSPECTION_PHOTOS_MAX,
  type InspectionOutcome,
  sha256Hex,
} from '@sentiero/contract/ranger-field';
import { readTicketCode } from '@sentiero/contract/ticket-verdict';
import { Camera as CameraIcon, X } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { BigButton, fieldInputClass } from '../components/big-controls.tsx';
import { AreaSelect, Saved } from '../components/field-parts.tsx';
import { useField } from '../field-store.ts';
import { formatKilograms } from '../format.ts';
import { judgeBasket, parseKilograms } from '../records.ts';
import { savePhoto } from '../store.ts';

const OUTCOME_TONES: Record<InspectionOutcome, string> = {
  ok: 'border-green-800 bg-green-800 text-white',
  warning: 'border-amber-500 bg-amber-300 text-stone-950',
  violation: 'border-red-700 bg-red-700 text-white',
};

type Photo = { hash: string; blob: Blob; url: string };

/** A typed permit as its ticket code: a whole QR text is read for its code. */
function permitCode(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return readTicketCode(trimmed)?.code ?? trimmed.toUpperCase();
}

/**
 * `/ranger/inspection`: an inspection of the permit just scanned, or of someone with none; the
 * basket weighed in kilograms and judged at once against the area's daily limit, with what the
 * same holder declared there today on this phone; up to four photos.
 */
export function Component() {
  const { t } = useTranslation('ranger');
  const language = useCurrentLanguage();
  const given = (useLocation().state ?? {}) as { ticketCode?: string; areaId?: number };
  const index = useField((state) => state.index);
  const records = useField((state) => state.records);
  const record = useField((state) => state.record);
  const areas = index?.content.areas ?? [];
  const [noPermit, setNoPermit] = useState(!given.ticketCode);
  const [permit, setPermit] = useState(given.ticketCode ?? '');
  const [areaId, setAreaId] = useState<number | null>(given.areaId ?? null);
  const [outcome, setOutcome] = useState<InspectionOutcome | null>(null);
  const [outcomeChosen, setOutcomeChosen] = useState(false);
  const [note, setNote] = useState('');
  const [basket, setBasket] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<BasketVerdict | 'saved' | null>(null);

  const chosenArea = areas.find((area) => area.id === areaId) ?? areas[0];
  const basketG = basket.trim() === '' ? null : parseKilograms(basket);
  const ticketCode = noPermit ? null : permitCode(permit);
  const verdict = useMemo(
    () =>
      chosenArea && basketG !== null
        ? judgeBasket({
            basketG,
            limitG: chosenArea.daily_limit_g,
            areaId: chosenArea.id,
            ticketCode,
            timeZone: chosenArea.time_zone,
            records,
            now: new Date(),
          })
        : null,
    [chosenArea, basketG, ticketCode, records],
  );
  // A basket over the limit is a violation, unless the ranger decides otherwise.
  useEffect(() => {
    if (!outcomeChosen) setOutcome(verdict?.over ? 'violation' : null);
  }, [verdict?.over, outcomeChosen]);
  // The previews' object URLs are let go when the screen goes away.
  const shown = useRef<Photo[]>([]);
  shown.current = photos;
  useEffect(
    () => () => {
      for (const photo of shown.current) URL.revokeObjectURL(photo.url);
    },
    [],
  );

  if (saved) {
    return (
      <Saved
        title={t('inspection.saved')}
        detail={
          saved !== 'saved' && saved.limit_g !== null
            ? t(saved.over ? 'inspection.basketOver' : 'inspection.basketWithin', {
                declared: formatKilograms(saved.declared_today_g, language),
                limit: formatKilograms(saved.limit_g, language),
              })
            : null
        }
        tone={saved !== 'saved' && saved.over ? 'danger' : 'success'}
        again={t('inspection.again')}
        onAgain={() => {
          setSaved(null);
          setPermit('');
          setNoPermit(true);
          setNote('');
          setBasket('');
          setPhotos([]);
          setOutcome(null);
          setOutcomeChosen(false);
        }}
      />
    );
  }

  async function addPhotos(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, INSPECTION_PHOTOS_MAX - photos.length);
    const added = await Promise.all(
      chosen.map(async (file) => ({
        hash: await sha256Hex(new Uint8Array(await file.arrayBuffer())),
        blob: file,
        url: URL.createObjectURL(file),
      })),
    );
    setPhotos((current) => [
      ...current,
      ...added.filter((photo) => !current.some((c) => c.hash === photo.hash)),
    ]);
  }

  const basketInvalid = basket.trim() !== '' && basketG === null;
  const canSave = chosenArea && outcome && !basketInvalid && (noPermit || ticketCode !== null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosenArea || !outcome || !canSave) return;
    setBusy(true);
    try {
      const stored = await record({
        kind: 'inspection',
        area_id: chosenArea.id,
        ticket_code: ticketCode,
        outcome,
        note: note.trim(),
        basket_g: basketG,
        photo_hashes: photos.map((photo) => photo.hash),
      });
      for (const photo of photos)
        await savePhoto({ hash: photo.hash, clientId: stored.client_id, blob: photo.blob, sent: false });
      if (photos.length > 0) void useField.getState().sync();
      setSaved(verdict ?? 'saved');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <h1 className="font-bold text-3xl">{t('inspection.title')}</h1>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-lg">{t('inspection.permit')}</legend>
        <label className="flex min-h-12 items-center gap-3 text-xl">
          <input
            type="checkbox"
            className="size-7 accent-stone-950"
            checked={noPermit}
            onChange={(event) => setNoPermit(event.target.checked)}
          />
          {t('inspection.noPermit')}
        </label>
        {!noPermit && (
          <input
            aria-label={t('inspection.permitCode')}
            className={`${fieldInputClass} font-mono uppercase`}
            value={permit}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setPermit(event.target.value)}
          />
        )}
      </fieldset>
      <AreaSelect areas={areas} value={chosenArea?.id ?? null} onChange={setAreaId} />
      <label className="block space-y-1">
        <span className="font-semibold text-lg">{t('inspection.basket')}</span>
        <input
          className={fieldInputClass}
          inputMode="decimal"
          value={basket}
          aria-invalid={basketInvalid || undefined}
          onChange={(event) => setBasket(event.target.value)}
        />
        <span className="block text-base text-stone-700">
          {chosenArea?.daily_limit_g
            ? t('inspection.limit', { limit: formatKilograms(chosenArea.daily_limit_g, language) })
            : t('inspection.noLimit')}
        </span>
      </label>
      {basketInvalid && <p className="font-bold text-lg text-red-800">{t('inspection.basketInvalid')}</p>}
      {verdict && verdict.limit_g !== null && (
        <p
          role="status"
          data-basket={verdict.over ? 'over' : 'within'}
          className={`rounded-xl p-4 font-bold text-xl ${verdict.over ? 'bg-red-700 text-white' : 'bg-green-800 text-white'}`}
        >
          {t(verdict.over ? 'inspection.basketOver' : 'inspection.basketWithin', {
            declared: formatKilograms(verdict.declared_today_g, language),
            limit: formatKilograms(verdict.limit_g, language),
          })}
        </p>
      )}
      <fieldset>
        <legend className="mb-2 font-semibold text-lg">{t('inspection.outcome')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {INSPECTION_OUTCOMES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={outcome === value}
              onClick={() => {
                setOutcome(value);
                setOutcomeChosen(true);
              }}
              className={`min-h-16 rounded-xl border-4 px-2 font-bold text-lg ${
                outcome === value ? OUTCOME_TONES[value] : 'border-stone-900 bg-white text-stone-950'
              }`}
            >
              {t(`inspection.outcomes.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="block space-y-1">
        <span className="font-semibold text-lg">{t('inspection.note')}</span>
        <textarea
          className={fieldInputClass}
          rows={3}
          maxLength={INSPECTION_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-lg">
          {t('inspection.photos', { count: photos.length, max: INSPECTION_PHOTOS_MAX })}
        </legend>
        <div className="grid grid-cols-4 gap-2">
          {photos.map((photo) => (
            <div key={photo.hash} className="relative aspect-square">
              <img src={photo.url} alt="" className="size-full rounded-lg object-cover" />
              <button
                type="button"
                aria-label={t('inspection.removePhoto')}
                className="absolute top-0 right-0 rounded-bl-lg bg-stone-950 p-1 text-white"
                onClick={() => setPhotos((current) => current.filter((other) => other.hash !== photo.hash))}
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
          ))}
        </div>
        {photos.length < INSPECTION_PHOTOS_MAX && (
          <label className="flex min-h-16 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-stone-950 font-bold text-xl">
            <CameraIcon aria-hidden className="size-6" />
            {t('inspection.addPhoto')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              className="sr-only"
              onChange={(event) => void addPhotos(event.target.files)}
            />
          </label>
        )}
      </fieldset>
      {!outcome && <p className="text-lg text-stone-700">{t('inspection.chooseOutcome')}</p>}
      <BigButton type="submit" disabled={busy || !canSave}>
        {t('inspection.save')}
      </BigButton>
    </form>
  );
}
