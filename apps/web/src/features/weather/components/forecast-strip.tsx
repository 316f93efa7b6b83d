import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import type { Language } from '@sentiero/contract/languages';
import {
  findWeatherWarnings,
  WEATHER_FORECAST_DAYS,
  WEATHER_WARNINGS,
  type WeatherWarning,
} from '@sentiero/contract/rules/weather-warnings';
import type { WeatherDay } from '@sentiero/contract/weather';
import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  type LucideIcon,
  Sun,
  TriangleAlert,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList, formatShortDay } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../ui/client-only.tsx';
import { useNearScreen } from '../../../ui/use-near-screen.ts';
import { useAreaWeather } from '../api.ts';

/** How far below the screen the strip starts asking for its days: there by the time it is seen. */

const PLACEHOLDER_DAYS = Array.from({ length: WEATHER_FORECAST_DAYS }, (_, index) => `day-${index}`);

type Sky = 'clear' | 'partlyCloudy' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'storm';

/** WMO weather interpretation codes, as Open-Meteo documents them, grouped by what the sky does. */
function skyOf(code: number | null): Sky {
  if (code === null || code === 0) return 'clear';
  if (code <= 2) return 'partlyCloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'storm';
  return 'rain';
}

const SKY_ICONS: Record<Sky, LucideIcon> = {
  clear: Sun,
  partlyCloudy: CloudSun,
  cloudy: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  snow: CloudSnow,
  storm: CloudLightning,
};

const degrees = (value: number | null) => (value === null ? '–' : `${Math.round(value)}°`);

function DayCell({ day, language }: { day: WeatherDay; language: Language }) {
  const { t } = useTranslation('weather');
  const sky = skyOf(day.weather_code);
  const Icon = SKY_ICONS[sky];
  const warned = findWeatherWarnings(day).length > 0;
  return (
    <li
      className={`flex flex-col items-center gap-0.5 rounded-md py-1 text-center ${warned ? 'bg-amber-50' : ''}`}
    >
      <span className="whitespace-nowrap text-stone-600 text-xs">{formatShortDay(day.date, language)}</span>
      <Icon aria-hidden className={`size-6 ${sky === 'storm' ? 'text-amber-700' : 'text-brand-700'}`} />
      <span className="sr-only">{t(`sky.${sky}`)}</span>
      <span className="text-sky-800 text-xs">
        {day.rain_mm === null ? '–' : t('rain', { mm: Math.round(day.rain_mm) })}
      </span>
      <span className="whitespace-nowrap text-xs">
        <span className="sr-only">{t('minMax')} </span>
        {degrees(day.temp_min)}/{degrees(day.temp_max)}
      </span>
    </li>
  );
}

/** The warnings of the days shown, one line per kind with its days. */
function Warnings({ days, language }: { days: WeatherDay[]; language: Language }) {
  const { t } = useTranslation('weather');
  const byKind = new Map<WeatherWarning, string[]>();
  for (const day of days) {
    for (const warning of findWeatherWarnings(day)) {
      byKind.set(warning, [...(byKind.get(warning) ?? []), formatShortDay(day.date, language)]);
    }
  }
  if (byKind.size === 0) return null;
  const list = (dates: string[]) => formatList(dates, language);
  return (
    <p className="flex items-start gap-1.5 text-amber-900 text-sm">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="line-clamp-2">
        {WEATHER_WARNINGS.filter((kind) => byKind.has(kind))
          .map((kind) => t(`warning.${kind}`, { dates: list(byKind.get(kind) ?? []) }))
          .join(' ')}
      </span>
    </p>
  );
}

export type ForecastStripProps = {
  areaId: number;
  /** The area's time zone: "today" and the days are its calendar's. */
  timeZone: string;
  /** The dates being bought, when chosen: shown instead of the next week when the forecast reaches them. */
  chosen?: { from: string; to: string } | undefined;
};

/**
 * An area's weather for the next week, or for the dates being bought when the forecast reaches
 * them: sky, rain and minimum/maximum temperature per day, a plain warning for storms, heavy rain
 * and frost, and the data's age. A box of fixed height, empty in the server's page, that asks
 * for its days only when it comes near the screen; when the weather cannot be had it says so
 * and keeps the last days it has.
 */
export function ForecastStrip({ areaId, timeZone, chosen }: ForecastStripProps) {
  const { t } = useTranslation('weather');
  const language = useCurrentLanguage();
  const hydrated = useHydrated();
  const box = useRef<HTMLElement>(null);
  const near = useNearScreen(box);
  // The day is the browser's clock in the area's calendar: the server's page leaves it out.
  const today = hydrated ? calendarDateIn(timeZone, new Date()) : '';
  const lastForecastDay = today ? addCalendarDays(today, WEATHER_FORECAST_DAYS - 1) : '';
  const weather = useAreaWeather(areaId, today, lastForecastDay, { enabled: near && today !== '' });

  const chosenInForecast = Boolean(chosen && today && chosen.from <= lastForecastDay && chosen.to >= today);
  const from = chosen && chosenInForecast && chosen.from > today ? chosen.from : today;
  const to = chosen && chosenInForecast && chosen.to < lastForecastDay ? chosen.to : lastForecastDay;
  const answer = weather.data;
  const days = answer?.days.filter((day) => day.date >= from && day.date <= to) ?? [];
  const hours = answer?.fetched_at
    ? Math.max(0, Math.floor((Date.now() - Date.parse(answer.fetched_at)) / 3_600_000))
    : null;

  let status: string;
  if (!answer) status = weather.isError ? t('unavailable') : t('loading');
  else if (hours === null) status = t('none');
  else if (weather.isError || answer.stale) status = t('stale', { count: hours });
  else status = hours === 0 ? t('updatedNow') : t('updated', { count: hours });

  return (
    <section
      ref={box}
      aria-labelledby={`weather-${areaId}`}
      className="flex h-64 flex-col gap-2 overflow-hidden rounded-card border border-stone-200 bg-white p-3"
    >
      <h2 id={`weather-${areaId}`} className="font-semibold">
        {chosenInForecast ? t('titleChosen') : t('title')}
      </h2>
      {answer && days.length > 0 ? (
        <ol className="grid grid-cols-7 gap-1" aria-busy={weather.isFetching}>
          {days.map((day) => (
            <DayCell key={day.date} day={day} language={language} />
          ))}
        </ol>
      ) : (
        // The days' place while they load, so nothing below moves when they come. It pulses only
        // while they are asked for: a box waiting below the fold keeps the phone from drawing.
        <div aria-hidden className="grid h-[5.25rem] grid-cols-7 gap-1">
          {PLACEHOLDER_DAYS.map((slot) => (
            <div
              key={slot}
              className={`rounded-md bg-stone-100 ${weather.isFetching ? 'animate-pulse' : ''}`}
            />
          ))}
        </div>
      )}
      {chosen && today && !chosenInForecast && chosen.from > lastForecastDay && (
        <p className="line-clamp-2 text-sm text-stone-700">{t('chosenLater')}</p>
      )}
      <Warnings days={days} language={language} />
      <p className="mt-auto text-stone-600 text-xs" role="status">
        {status}
        {answer?.source === 'climatology' && answer.fetched_at && <> · {t('climatology')}</>}
      </p>
    </section>
  );
}
