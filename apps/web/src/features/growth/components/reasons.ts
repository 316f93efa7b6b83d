import type { GrowthReason } from '@sentiero/contract/rules/growth-forecast';
import { useTranslation } from 'react-i18next';
import { formatCelsius, formatLocalizedDate, formatMillimetres } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

/**
 * The forecast's reasons (ADR 018: data, never sentences from the server) as the reader's
 * language says them: "38 mm di pioggia 12 giorni prima", "media 15 °C, mite".
 */
export function useReasonText(): (reason: GrowthReason) => string {
  const { t } = useTranslation('growth');
  const language = useCurrentLanguage();
  return (reason) => {
    switch (reason.kind) {
      case 'out_of_season':
        return t('reason.outOfSeason');
      case 'rain':
        return t('reason.rain', { mm: formatMillimetres(reason.mm, language), count: reason.daysAgo });
      case 'recent_rain':
        return t('reason.recentRain', { mm: formatMillimetres(reason.mm, language) });
      case 'temperature':
        return t('reason.temperature', {
          temperature: formatCelsius(reason.meanC, language),
          band: t(`band.${reason.band}`),
        });
      case 'frost':
        return t('reason.frost', {
          date: formatLocalizedDate(reason.date, language),
          temperature: formatCelsius(reason.minC, language),
        });
      case 'dry_spell':
        return t('reason.drySpell', { count: reason.days });
      case 'missing_weather':
        return t('reason.missingWeather', { count: reason.days });
      case 'observed':
        return t('reason.observed', {
          date: formatLocalizedDate(reason.date, language),
          level: t(`level.${reason.level}`),
        });
      case 'calibrated':
        return t(reason.offset > 0 ? 'reason.calibratedUp' : 'reason.calibratedDown', {
          count: reason.reports,
        });
    }
  };
}
