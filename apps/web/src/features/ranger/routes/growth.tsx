import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import { findLanguage } from '@sentiero/contract/languages';
import type { SpeciesCode } from '@sentiero/contract/species';
import { SPECIES } from '@sentiero/contract/species-list';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { BigButton, fieldInputClass } from '../components/big-controls.tsx';
import { AreaSelect, Saved } from '../components/field-parts.tsx';
import { useField } from '../field-store.ts';

/**
 * `/ranger/growth`: the growth level the ranger sees in an area today (SPEC's six, poor to
 * miraculous), with a species if they like. It becomes the ranger's observation of that area
 * and day when it reaches the server.
 */
export function Component() {
  const { t, i18n } = useTranslation(['ranger', 'growth']);
  const language = findLanguage(i18n.resolvedLanguage) ?? 'it';
  const areas = useField((state) => state.index?.content.areas ?? []);
  const record = useField((state) => state.record);
  const [areaId, setAreaId] = useState<number | null>(null);
  const [level, setLevel] = useState<GrowthLevel | null>(null);
  const [species, setSpecies] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const chosenArea = areas.find((area) => area.id === areaId) ?? areas[0];
  const sorted = [...SPECIES].sort((a, b) => a.names[language].localeCompare(b.names[language], language));

  if (saved) {
    return (
      <Saved
        title={t('growth.saved')}
        detail={chosenArea && level ? `${chosenArea.name}: ${t(`growth:level.${level}`)}` : null}
        tone="success"
        again={t('growth.again')}
        onAgain={() => {
          setSaved(false);
          setLevel(null);
          setSpecies('');
        }}
      />
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosenArea || !level) return;
    setBusy(true);
    try {
      await record({
        kind: 'growth',
        area_id: chosenArea.id,
        level,
        species: species === '' ? null : (species as SpeciesCode),
      });
      setSaved(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <h1 className="font-bold text-3xl">{t('growth.title')}</h1>
      <AreaSelect areas={areas} value={chosenArea?.id ?? null} onChange={setAreaId} />
      {chosenArea?.growth && (
        <p className="text-lg text-stone-700">
          {t('growth.last', {
            level: t(`growth:level.${GROWTH_LEVELS[chosenArea.growth.level] ?? 'poor'}`),
            date: formatLocalizedDate(chosenArea.growth.observed_on, language),
          })}
        </p>
      )}
      <fieldset>
        <legend className="mb-2 font-semibold text-lg">{t('growth.level')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {GROWTH_LEVELS.map((value, position) => (
            <button
              key={value}
              type="button"
              aria-pressed={level === value}
              onClick={() => setLevel(value)}
              className={`flex min-h-16 items-center gap-2 rounded-xl border-4 px-3 text-left font-bold text-lg ${
                level === value
                  ? 'border-stone-950 bg-stone-950 text-white'
                  : 'border-stone-900 bg-white text-stone-950'
              }`}
            >
              <span aria-hidden className="font-black text-2xl">
                {position + 1}
              </span>
              {t(`growth:level.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="block space-y-1">
        <span className="font-semibold text-lg">{t('growth.species')}</span>
        <select
          className={fieldInputClass}
          value={species}
          onChange={(event) => setSpecies(event.target.value)}
        >
          <option value="">{t('growth.noSpecies')}</option>
          {sorted.map((item) => (
            <option key={item.code} value={item.code}>
              {item.names[language]} ({item.latin})
            </option>
          ))}
        </select>
      </label>
      <BigButton type="submit" disabled={busy || !chosenArea || !level}>
        {t('growth.save')}
      </BigButton>
    </form>
  );
}
