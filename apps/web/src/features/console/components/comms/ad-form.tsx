import { AD_CTA_MAX, AD_KINDS, AD_TEXT_MAX, AD_TITLE_MAX } from '@sentiero/contract/console-ads';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { AD_PLACEMENTS, type AdPlacement } from '@sentiero/contract/premium';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { Button } from '../../../../ui/button.tsx';
import { checkboxClass, FormField, inputClass, TextField } from '../../../../ui/form-field.tsx';
import { type ConsoleAd, useCreateAd, useUpdateAd, useUploadAdImage } from '../../comms-api.ts';
import { FailureAlert } from '../console-card.tsx';
import { dayToInstant, localDay } from './console-page.tsx';

type AdText = { title: string; text: string; cta: string };
const EMPTY: AdText = { title: '', text: '', cta: '' };

function toggle<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((candidate) => candidate !== item) : [...list, item];
}

/**
 * An ad's form: kind, placements, the languages it is shown in with its texts in each, its link,
 * weight and dates, and its picture (uploaded once the ad is saved, checked by the server).
 */
export function AdForm({ ad, onDone }: { ad: ConsoleAd | null; onDone(): void }) {
  const { t, i18n } = useTranslation(['consoleComms', 'errors']);
  const create = useCreateAd();
  const update = useUpdateAd();
  const upload = useUploadAdImage();
  const [kind, setKind] = useState<(typeof AD_KINDS)[number]>(ad?.kind ?? 'partner');
  const [placements, setPlacements] = useState<AdPlacement[]>(ad?.placements ?? []);
  const [languages, setLanguages] = useState<Language[]>(
    ad?.languages ?? (ad ? (Object.keys(ad.texts) as Language[]) : ['it', 'en']),
  );
  const [texts, setTexts] = useState<Partial<Record<Language, AdText>>>(ad?.texts ?? {});
  const [url, setUrl] = useState(ad?.url ?? '');
  const [weight, setWeight] = useState(String(ad?.weight ?? 1));
  const [from, setFrom] = useState(localDay(ad?.active_from ?? null));
  const [until, setUntil] = useState(localDay(ad?.active_until ?? null));
  const [file, setFile] = useState<File | null>(null);
  const languageNames = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const mutation = ad ? update : create;
  const failed = mutation.error ?? upload.error;
  const fields = failed instanceof ApiRequestError ? failed.fields : {};

  function setText(language: Language, part: keyof AdText, value: string) {
    setTexts({ ...texts, [language]: { ...EMPTY, ...texts[language], [part]: value } });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    upload.reset();
    const input = {
      kind,
      placements,
      languages,
      texts: Object.fromEntries(languages.map((language) => [language, texts[language] ?? EMPTY])),
      url,
      weight,
      active_from: dayToInstant(from),
      active_until: dayToInstant(until, true),
    };
    try {
      const saved = ad ? await update.mutateAsync({ ...input, id: ad.id }) : await create.mutateAsync(input);
      // A file travels as itself in form-data; the contract types it as the bytes the server reads.
      if (file) await upload.mutateAsync({ id: saved.ad.id, file } as never);
      onDone();
    } catch {
      // Shown by the mutations' own error state.
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="ad-form-title"
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="ad-form-title" className="font-semibold text-lg">
        {ad ? t('ads.editTitle') : t('ads.newTitle')}
      </h2>
      <FailureAlert error={failed} fallback={t('errors:INTERNAL')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('ads.kind')} error={fields.kind}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={kind}
              onChange={(event) => setKind(event.target.value as (typeof AD_KINDS)[number])}
            >
              {AD_KINDS.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {t(`ads.kinds.${candidate}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label={t('ads.url')}
          hint={t('ads.urlHint')}
          value={url}
          error={fields.url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <Choices
        legend={t('ads.placementsLegend')}
        error={fields.placements ?? fields['placements.0']}
        options={AD_PLACEMENTS.map((placement) => ({
          value: placement,
          label: t(`ads.placements.${placement}`),
        }))}
        chosen={placements}
        onToggle={(placement) => setPlacements(toggle(placements, placement))}
      />
      <Choices
        legend={t('ads.languagesLegend')}
        error={fields.languages}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: languageNames.of(language) ?? language,
        }))}
        chosen={languages}
        onToggle={(language) => setLanguages(toggle(languages, language))}
      />
      {LANGUAGES.filter((language) => languages.includes(language)).map((language) => (
        <fieldset key={language} className="grid gap-3 rounded-lg border border-stone-200 p-4 lg:grid-cols-3">
          <legend className="px-1 font-medium text-stone-800">{languageNames.of(language)}</legend>
          <TextField
            label={t('ads.adTitle')}
            maxLength={AD_TITLE_MAX}
            value={texts[language]?.title ?? ''}
            error={fields[`texts.${language}.title`]}
            onChange={(event) => setText(language, 'title', event.target.value)}
          />
          <TextField
            label={t('ads.adText')}
            maxLength={AD_TEXT_MAX}
            value={texts[language]?.text ?? ''}
            error={fields[`texts.${language}.text`]}
            onChange={(event) => setText(language, 'text', event.target.value)}
          />
          <TextField
            label={t('ads.adCta')}
            maxLength={AD_CTA_MAX}
            value={texts[language]?.cta ?? ''}
            error={fields[`texts.${language}.cta`]}
            onChange={(event) => setText(language, 'cta', event.target.value)}
          />
        </fieldset>
      ))}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={t('ads.from')}
          type="date"
          value={from}
          error={fields.active_from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label={t('ads.until')}
          type="date"
          value={until}
          error={fields.active_until}
          onChange={(event) => setUntil(event.target.value)}
        />
        <TextField
          label={t('ads.weight')}
          hint={t('ads.weightHint')}
          inputMode="numeric"
          value={weight}
          error={fields.weight}
          onChange={(event) => setWeight(event.target.value)}
        />
      </div>
      <FormField label={t('ads.image')} hint={t('ads.imageHint')} error={fields.file}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="text-sm"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" busy={mutation.isPending || upload.isPending}>
          {ad ? t('ads.save') : t('ads.create')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('ads.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Choices<T extends string>({
  legend,
  error,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  error: string | undefined;
  options: { value: T; label: string }[];
  chosen: T[];
  onToggle(value: T): void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-sm text-stone-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={chosen.includes(option.value)}
              onChange={() => onToggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <p className="text-red-700 text-sm">{error}</p>}
    </fieldset>
  );
}
