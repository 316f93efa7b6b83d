import type { DayWeatherSnapshot } from '@sentiero/contract/weather';
import { CloudRain } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCelsius, formatMillimetres } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';

/**
 * The day's rain and temperature where an entry was picked, as the server attached them; a day
 * not over when they were attached says they were forecast (the next weather refresh measures it).
 */
export function DayWeather({ weather }: { weather: DayWeatherSnapshot }) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const parts = [
    weather.rain_mm === null
      ? null
      : t('notebook.weatherRain', { rain: formatMillimetres(weather.rain_mm, language) }),
    weather.temp_mean === null
      ? null
      : t('notebook.weatherMean', { temperature: formatCelsius(weather.temp_mean, language) }),
    weather.temp_min === null || weather.temp_max === null
      ? null
      : t('notebook.weatherRange', {
          min: formatCelsius(weather.temp_min, language),
          max: formatCelsius(weather.temp_max, language),
        }),
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sky-900 text-sm">
      <CloudRain aria-hidden className="size-4 shrink-0" />
      <span>
        <span className="sr-only">{t('notebook.weather')}: </span>
        {parts.join(' · ')}
        {weather.forecast && ` (${t('notebook.weatherForecast')})`}
      </span>
    </p>
  );
}
