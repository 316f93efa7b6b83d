import type { SeasonSummary } from '@sentiero/contract/notebook';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Card } from '../../../ui/card.tsx';
import { formatWeight, speciesName } from './entry-text.ts';

function Totals({
  title,
  rows,
}: {
  title: string;
  rows: { key: string; label: string; total_g: number; count: number }[];
}) {
  const language = useCurrentLanguage();
  const { t } = useTranslation('finds');
  const heaviest = Math.max(1, ...rows.map((row) => row.total_g));
  return (
    <div>
      <h3 className="mb-2 font-medium text-stone-800">{title}</h3>
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.key} className="text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 truncate">{row.label}</span>
              <span className="shrink-0 text-stone-600 tabular-nums">
                {formatWeight(row.total_g, language)} · {t('notebook.entries', { count: row.count })}
              </span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-stone-100">
              <div
                className="h-1.5 rounded-full bg-brand-600"
                style={{ width: `${Math.round((row.total_g / heaviest) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The season's weight and count, by species, area and month. */
export function SeasonTotals({
  summary,
  areaName,
}: {
  summary: SeasonSummary;
  areaName(id: number | null): string;
}) {
  const { t } = useTranslation('finds');
  const language = useCurrentLanguage();
  const month = (value: string) =>
    new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${value}-01T00:00:00Z`),
    );
  return (
    <Card title={t('notebook.summary')}>
      <p className="mb-4 text-2xl font-semibold text-stone-900">
        {formatWeight(summary.total_g, language)}{' '}
        <span className="font-normal text-base text-stone-600">
          {t('notebook.entries', { count: summary.count })}
        </span>
      </p>
      {summary.count > 0 && (
        <div className="grid gap-6 sm:grid-cols-2">
          <Totals
            title={t('notebook.bySpecies')}
            rows={summary.by_species.map((row) => ({
              key: row.species_code,
              label: speciesName(row.species_code, language),
              ...row,
            }))}
          />
          <Totals
            title={t('notebook.byArea')}
            rows={summary.by_area.map((row) => ({
              key: String(row.area_id),
              label: areaName(row.area_id),
              ...row,
            }))}
          />
          <Totals
            title={t('notebook.byMonth')}
            rows={summary.by_month.map((row) => ({ key: row.month, label: month(row.month), ...row }))}
          />
        </div>
      )}
    </Card>
  );
}
