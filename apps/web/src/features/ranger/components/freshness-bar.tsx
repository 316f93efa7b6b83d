import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { bundleFreshness } from '../bundle.ts';
import { useField } from '../field-store.ts';
import { formatAge } from '../format.ts';

const TONES = {
  fresh: 'bg-green-800 text-white',
  stale: 'bg-amber-300 text-stone-950',
  expired: 'bg-red-700 text-white',
} as const;

/** The clock the freshness is read against: every half minute is enough for hours and minutes. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * How fresh the phone's data is, always in sight: green under an hour, amber after ("verified
 * with data from 14 h ago"), red once the bundle has expired (verdicts still shown, unconfirmed).
 */
export function FreshnessBar() {
  const { t } = useTranslation('ranger');
  const language = useCurrentLanguage();
  const index = useField((state) => state.index);
  const now = useNow();
  if (!index) {
    return (
      <p data-freshness="none" className={`px-4 py-2 text-center font-bold text-base ${TONES.expired}`}>
        {t('freshness.none')}
      </p>
    );
  }
  const { tone, ageMs } = bundleFreshness(index, now);
  const age = formatAge(ageMs, language);
  return (
    <p data-freshness={tone} className={`px-4 py-2 text-center font-bold text-base ${TONES[tone]}`}>
      {t(`freshness.${tone}`, { age })}
    </p>
  );
}
