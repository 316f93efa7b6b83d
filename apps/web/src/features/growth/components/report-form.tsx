import { GROWTH_LEVELS, type GrowthLevel, type GrowthRow } from '@sentiero/contract/growth';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { useReportGrowth } from '../api.ts';

/**
 * "Report what you found today", for logged-in members: one report a day and area (a new one
 * replaces it). Reports make the day's level in the table and calibrate the forecast.
 */
export function ReportForm({ rows }: { rows: GrowthRow[] }) {
  const { t } = useTranslation(['growth', 'errors']);
  const language = useCurrentLanguage();
  const report = useReportGrowth(language);
  const [areaId, setAreaId] = useState(String(rows[0]?.id ?? ''));
  const [level, setLevel] = useState<GrowthLevel>('good');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate({ areaId: Number(areaId), level });
  };
  const reportedArea = report.data && rows.find((row) => row.id === report.data.id_area);
  return (
    // Folded to one line: the table is what the page is for; the form opens when wanted.
    <details className="group rounded-xl border border-stone-200 bg-white p-4">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-semibold text-brand-800 [&::-webkit-details-marker]:hidden">
        <h2 className="text-base">{t('report.title')}</h2>
        <ChevronDown aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-stone-600">{t('report.lead')}</p>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormField label={t('report.area')}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={areaId}
                onChange={(event) => setAreaId(event.target.value)}
              >
                {rows.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('report.level')}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={level}
                onChange={(event) => setLevel(event.target.value as GrowthLevel)}
              >
                {GROWTH_LEVELS.map((option) => (
                  <option key={option} value={option}>
                    {t(`level.${option}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" busy={report.isPending} busyLabel={t('report.sending')}>
            {t('report.send')}
          </Button>
        </form>
        {report.isSuccess && reportedArea && (
          <Alert tone="success">
            {t('report.thanks', {
              area: reportedArea.name,
              level: t(`level.${report.data.area_level}`),
              count: report.data.reports,
            })}
          </Alert>
        )}
        {report.isError && (
          <Alert tone="error">
            {report.error instanceof ApiRequestError ? report.error.message : t('errors:NETWORK')}
          </Alert>
        )}
      </div>
    </details>
  );
}
