import { MEMBER_GROWTH_UNLOCKS } from '@sentiero/contract/growth';
import { PAGES } from '@sentiero/contract/pages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { withRedirect } from '../../../lib/redirect-path.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useGrowthTable, useUnlockArea } from '../api.ts';
import { AreaForecast } from '../components/area-forecast.tsx';
import { LevelBadge } from '../components/level-badge.tsx';
import { OfficialObservation } from '../components/official-observation.tsx';
import { ReportForm } from '../components/report-form.tsx';

/**
 * `/growth`: the mushroom growth table, each foraging area's forecast and the levels reported.
 * Everyone sees today's forecast level; members the last reported days (and the areas they
 * unlock in full) and a form to report what they found; Sentiero+ the forecast's fortnight with
 * its reasons beside the reports. The Sentiero+ banner, the advertising slot and the members' follow
 * button (alerts) come from the app, which composes the features.
 */
export function GrowthTable({
  banner,
  ad,
  follow,
}: {
  banner: ReactNode;
  ad?: ReactNode;
  /** A Sentiero+ member's way to follow an area's alerts, composed in by the app. */
  follow?: (area: { id: number; name: string }) => ReactNode;
}) {
  const { t } = useTranslation(['growth', 'errors']);
  const language = useCurrentLanguage();
  const table = useGrowthTable(language);
  const unlock = useUnlockArea(language);
  if (!table.data) {
    return (
      <div>
        <PageHeading>{t('title')}</PageHeading>
        <QueryState isPending={table.isPending} isError={table.isError} onRetry={() => table.refetch()} />
      </div>
    );
  }
  const rows = table.data.area_list;
  const { access } = table.data;
  const unlocksLeft = Math.max(0, MEMBER_GROWTH_UNLOCKS - rows.filter((row) => row.unlocked).length);
  const dates = [...new Set(rows.flatMap((row) => row.days.map((day) => day.date)))].sort().reverse();
  return (
    <div className="space-y-6">
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      <p className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">
        {t('guide')}
      </p>
      {access !== 'visitor' && rows.length > 0 && <ReportForm rows={rows} />}
      {rows.length === 0 ? (
        <p className="text-stone-600">{t('empty')}</p>
      ) : access === 'premium' ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {rows.map((row) => (
            <AreaForecast key={row.id} row={row} follow={follow?.({ id: row.id, name: row.name })} />
          ))}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('title')}</caption>
            <thead className="bg-stone-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('area')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {t('todayForecast')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  <span className="block font-normal text-stone-500 text-xs">{t('officialHint')}</span>
                  {t('official')}
                </th>
                {dates.map((date) => (
                  <th key={date} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                    <span className="block font-normal text-stone-500 text-xs">{t('reported')}</span>
                    <time dateTime={date}>{formatLocalizedDate(date, language)}</time>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => {
                const forecast = row.forecast.find((day) => day.forecast);
                return (
                  <tr key={row.id}>
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <Link
                        to={PAGES.area.path({ eventsId: row.id })}
                        className="font-medium text-brand-800 underline"
                      >
                        {row.name}
                      </Link>
                      <span className="block text-stone-500 text-xs">{row.region.name}</span>
                      {follow?.({ id: row.id, name: row.name })}
                      {access === 'member' && !row.unlocked && unlocksLeft > 0 && (
                        <Button
                          variant="secondary"
                          className="mt-1 px-2 py-0.5 text-xs"
                          busy={unlock.isPending && unlock.variables === row.id}
                          busyLabel={t('unlocking')}
                          disabled={unlock.isPending}
                          onClick={() => unlock.mutate(row.id)}
                          aria-label={t('unlockArea', { area: row.name })}
                        >
                          {t('unlockShort')}
                        </Button>
                      )}
                    </th>
                    <td className="px-3 py-2">
                      {forecast ? (
                        <LevelBadge level={forecast.level} />
                      ) : (
                        <span className="text-stone-400">–</span>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <OfficialObservation observation={row.observations[0]} />
                    </td>
                    {dates.map((date) => {
                      const level = row.days.find((day) => day.date === date)?.level;
                      return (
                        <td key={date} className="px-3 py-2">
                          {level ? <LevelBadge level={level} /> : <span className="text-stone-400">–</span>}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {unlock.isError && (
        <Alert tone="error">
          {unlock.error instanceof ApiRequestError ? unlock.error.message : t('errors:NETWORK')}
        </Alert>
      )}
      {access === 'visitor' && (
        <div className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <p className="text-stone-800">{t('visitorLead')}</p>
          <p className="flex flex-wrap gap-3">
            <Link
              className="font-medium text-brand-800 underline"
              to={withRedirect('login', PAGES.growth.path())}
            >
              {t('login')}
            </Link>
            <Link
              className="font-medium text-brand-800 underline"
              to={withRedirect('signup', PAGES.growth.path())}
            >
              {t('signup')}
            </Link>
          </p>
        </div>
      )}
      {access === 'member' && (
        <p className="text-stone-700">
          {unlocksLeft > 0 ? t('memberLead', { count: unlocksLeft }) : t('memberNoneLeft')}
        </p>
      )}
      {!table.data.full_table && (
        <div className="space-y-3">
          <p className="text-stone-700">{t('unlock')}</p>
          {banner}
        </div>
      )}
      {ad}
    </div>
  );
}
