import { GROWTH_LEVELS, type GrowthLevel, type GrowthRow } from '@sentiero/contract/growth';
import { PAGES } from '@sentiero/contract/pages';
import { GROWTH_SCORE_FLOORS } from '@sentiero/contract/rules/growth-forecast';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { LevelBadge } from './level-badge.tsx';
import { useSpeciesNames } from './official-observation.tsx';
import { useReasonText } from './reasons.ts';

/** The bars' colours: the badges' hues, strong enough to read as a shape on a phone in daylight. */
const BAR_STYLE: Record<GrowthLevel, string> = {
  poor: 'bg-stone-300',
  insufficient: 'bg-amber-300',
  scarce: 'bg-yellow-400',
  good: 'bg-lime-500',
  abundant: 'bg-green-600',
  miraculous: 'bg-emerald-800',
};

/** Where a reported level's mark sits on a bar: the middle of the level's band of scores. */
function levelHeight(level: GrowthLevel): number {
  const index = GROWTH_LEVELS.indexOf(level);
  const floor = GROWTH_SCORE_FLOORS[level];
  const next =
    index + 1 < GROWTH_LEVELS.length ? GROWTH_SCORE_FLOORS[GROWTH_LEVELS[index + 1] as GrowthLevel] : 1;
  return (floor + next) / 2;
}

/**
 * The model's fortnight as bars (the score's height, the level's colour) with a mark on each
 * day a level was reported, today outlined; a picture for sighted readers, who get the same days
 * in words in the table under it.
 */
function ForecastBars({ row }: { row: GrowthRow }) {
  const { t } = useTranslation('growth');
  const reported = new Map(row.days.map((day) => [day.date, day.level]));
  return (
    <div aria-hidden className="space-y-1">
      <ol className="grid grid-cols-14 gap-0.5">
        {row.forecast.map((day, index) => {
          const seen = reported.get(day.date);
          const isToday = day.forecast && !row.forecast[index - 1]?.forecast;
          return (
            <li key={day.date} className="flex flex-col items-center gap-0.5">
              <div
                className={`relative h-14 w-full rounded-sm ${isToday ? 'bg-brand-50 ring-1 ring-brand-300' : day.forecast ? 'bg-stone-50' : ''}`}
              >
                <div
                  className={`absolute inset-x-0.5 bottom-0 rounded-t-sm ${BAR_STYLE[day.level]}`}
                  style={{
                    height: `${Math.max(6, Math.round((day.score ?? levelHeight(day.level)) * 100))}%`,
                  }}
                />
                {seen && (
                  <span
                    className="-translate-x-1/2 absolute left-1/2 size-2.5 translate-y-1/2 rounded-full bg-stone-900 ring-2 ring-white"
                    style={{ bottom: `${Math.round(levelHeight(seen) * 100)}%` }}
                  />
                )}
              </div>
              <span
                className={`whitespace-nowrap text-[10px] leading-tight ${isToday ? 'font-semibold text-brand-800' : 'text-stone-500'}`}
              >
                {Number(day.date.slice(8))}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-stone-600 text-xs">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-2 rounded-sm bg-lime-500" />
          {t('legendModel')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-full bg-stone-900" />
          {t('legendReported')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-sm bg-brand-50 ring-1 ring-brand-300" />
          {t('legendToday')}
        </span>
      </p>
    </div>
  );
}

/**
 * A Sentiero+ member's view of one area: today's forecast and why, the fortnight at a glance,
 * and day by day the model's level beside what members reported.
 */
export function AreaForecast({ row, follow }: { row: GrowthRow; follow?: ReactNode }) {
  const { t } = useTranslation('growth');
  const language = useCurrentLanguage();
  const reasonText = useReasonText();
  const today = row.forecast.find((day) => day.forecast);
  const speciesNames = useSpeciesNames();
  const reported = new Map(row.days.map((day) => [day.date, day.level]));
  const official = new Map(row.observations.map((day) => [day.date, day.level]));
  const latestOfficial = row.observations[0];
  const dates = [
    ...new Set([...row.forecast.map((day) => day.date), ...reported.keys(), ...official.keys()]),
  ].sort();
  return (
    <article className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">
            <Link to={PAGES.area.path({ eventsId: row.id })} className="text-brand-800 underline">
              {row.name}
            </Link>
          </h2>
          <p className="text-stone-500 text-xs">{row.region.name}</p>
          {follow}
        </div>
        {today && (
          <p className="flex items-center gap-2 text-sm">
            {t('todayForecast')} <LevelBadge level={today.level} />
          </p>
        )}
      </header>
      {latestOfficial && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {t('officialLine', { date: formatLocalizedDate(latestOfficial.date, language) })}
          <LevelBadge level={latestOfficial.level} />
          {latestOfficial.species.length > 0 && (
            <span className="text-stone-600 text-xs">{speciesNames(latestOfficial.species)}</span>
          )}
        </p>
      )}
      {today?.reasons?.length ? (
        <p className="text-sm text-stone-700">{today.reasons.map(reasonText).join(' · ')}</p>
      ) : null}
      {row.forecast.length > 0 ? (
        <ForecastBars row={row} />
      ) : (
        <p className="text-sm text-stone-600">{t('noWeather')}</p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">{t('dayByDay')}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <thead className="text-stone-600 text-xs">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('day')}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('modelLevel')}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('reportedLevel')}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('officialLevel')}
                </th>
              </tr>
            </thead>
            {dates.map((date) => {
              const day = row.forecast.find((candidate) => candidate.date === date);
              const seen = reported.get(date);
              const staffSaw = official.get(date);
              const reasons = day?.reasons?.map(reasonText).join(' · ');
              // Each day's reasons on a line of their own under its levels: readable on a phone.
              return (
                <tbody
                  key={date}
                  className={`border-stone-100 border-t ${day?.forecast ? 'bg-stone-50' : ''}`}
                >
                  <tr>
                    <th scope="row" className="whitespace-nowrap py-1 pr-2 font-normal">
                      <time dateTime={date}>{formatLocalizedDate(date, language)}</time>
                    </th>
                    <td className="py-1 pr-2">{day ? <LevelBadge level={day.level} /> : '–'}</td>
                    <td className="py-1 pr-2">{seen ? <LevelBadge level={seen} /> : '–'}</td>
                    <td className="py-1 pr-2">{staffSaw ? <LevelBadge level={staffSaw} /> : '–'}</td>
                  </tr>
                  {reasons && (
                    <tr>
                      <td colSpan={4} className="pb-2 text-stone-700 text-xs">
                        <span className="sr-only">{t('why')}: </span>
                        {reasons}
                      </td>
                    </tr>
                  )}
                </tbody>
              );
            })}
          </table>
        </div>
      </details>
    </article>
  );
}
