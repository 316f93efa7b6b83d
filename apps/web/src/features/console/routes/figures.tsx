import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { ConsoleNav } from '../components/console-nav.tsx';
import { type Column, FigureSection, FigureTable } from '../components/figure-table.tsx';
import { FiguresChart } from '../components/figures-chart.tsx';
import { PeriodForm } from '../components/period-form.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { downloadUrl, type Figures, useFigures } from '../figures-api.ts';
import { bucketLabel, type Period, periodFrom, seriesOf } from '../figures-logic.ts';

/**
 * `/console/figures`: what the staff member's operators and areas sold, gave back, filled and
 * checked in over a period, as charts and the tables that say the same in words (ADR 036).
 */
export function Component() {
  return <SessionGate>{(me) => <FiguresScreen me={me} />}</SessionGate>;
}

type SalesRow = Figures['sales'][number];
type PlacesRow = Figures['places'][number];
type OnSiteRow = Figures['on_site'][number];
type CancelledDaysRow = Figures['cancelled_days'][number];
type PremiumRow = NonNullable<Figures['premium']>[number];

function FiguresScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleFigures');
  const language = useCurrentLanguage();
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => periodFrom(params, new Date()), [params]);
  const figures = useFigures(period);
  const data = figures.data;
  const error = figures.error instanceof ApiRequestError ? figures.error : null;
  const show = (next: Period) => setParams({ ...next });
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <div className="min-w-0 flex-1 space-y-5">
        <div>
          <h1 className="font-bold text-2xl text-stone-900">{t('title')}</h1>
          <p className="text-stone-600 text-sm">{t('lead')}</p>
        </div>
        <PeriodForm period={period} errors={error?.fields ?? {}} onShow={show} />
        {error && !error.fields.to && (
          <p role="alert" className="text-red-700">
            {error.message}
          </p>
        )}
        {!error && (
          <QueryState
            isPending={figures.isPending}
            isError={figures.isError}
            onRetry={() => figures.refetch()}
          />
        )}
        {data && !error && <FigureSections figures={data} period={period} language={language} />}
      </div>
    </div>
  );
}

function FigureSections({
  figures,
  period,
  language,
}: {
  figures: Figures;
  period: Period;
  language: string;
}) {
  const { t } = useTranslation('consoleFigures');
  const labels = useMemo(() => new Map(figures.keys.map(({ key, label }) => [key, label])), [figures.keys]);
  const money = useCallback((cents: number) => formatMoney(cents, language as never), [language]);
  const count = useCallback((value: number) => new Intl.NumberFormat(language).format(value), [language]);
  const bucketNames = useMemo(
    () => figures.buckets.map((bucket) => bucketLabel(bucket, figures.grain, language)),
    [figures.buckets, figures.grain, language],
  );
  const bucketCell = (row: { bucket: string }) => bucketLabel(row.bucket, figures.grain, language);
  const keyCell = (row: { key: number }) => labels.get(row.key) ?? String(row.key);
  const keyed = [
    { id: 'bucket', header: t('columns.period'), cell: bucketCell },
    { id: 'key', header: t(`splits.${figures.split}`), cell: keyCell, wide: true },
  ];
  const csv = (table: 'sales' | 'places' | 'on_site' | 'premium') =>
    downloadUrl('consoleFiguresCsv', { lng: language, ...period, table });

  const netSeries = useMemo(
    () => seriesOf(figures.sales, figures.buckets, labels, (row) => row.net_cents, { other: t('other') }),
    [figures.sales, figures.buckets, labels, t],
  );
  const placeSeries = useMemo(() => {
    const sold = seriesOf(figures.places, figures.buckets, labels, (row) => row.sold, {
      keep: 0,
      other: t('columns.sold'),
    });
    const capacity = seriesOf(figures.places, figures.buckets, labels, (row) => row.capacity ?? 0, {
      keep: 0,
      other: t('columns.capacity'),
    });
    return [...sold, ...capacity];
  }, [figures.places, figures.buckets, labels, t]);
  const premiumSeries = useMemo(() => {
    const rows = figures.premium ?? [];
    const index = new Map(figures.buckets.map((bucket, position) => [bucket, position]));
    const series = (key: 'trials' | 'conversions' | 'renewals' | 'cancellations') => {
      const values = figures.buckets.map(() => 0);
      for (const row of rows) {
        const position = index.get(row.bucket);
        if (position !== undefined) values[position] = row[key];
      }
      return { label: t(`premium.${key}`), values };
    };
    return [series('trials'), series('conversions'), series('renewals'), series('cancellations')];
  }, [figures.premium, figures.buckets, t]);

  const salesColumns: Column<SalesRow>[] = [
    ...keyed,
    { id: 'gross', header: t('columns.gross'), cell: (row) => money(row.gross_cents), numeric: true },
    { id: 'refunds', header: t('columns.refunds'), cell: (row) => money(row.refunds_cents), numeric: true },
    { id: 'net', header: t('columns.net'), cell: (row) => money(row.net_cents), numeric: true },
    { id: 'orders', header: t('columns.orders'), cell: (row) => count(row.orders), numeric: true },
    { id: 'coupons', header: t('columns.coupons'), cell: (row) => count(row.coupon_orders), numeric: true },
    {
      id: 'discount',
      header: t('columns.discount'),
      cell: (row) => money(row.coupon_discount_cents),
      numeric: true,
    },
    { id: 'checkIns', header: t('columns.checkIns'), cell: (row) => count(row.check_ins), numeric: true },
  ];
  const placesColumns: Column<PlacesRow>[] = [
    ...keyed,
    { id: 'sold', header: t('columns.sold'), cell: (row) => count(row.sold), numeric: true },
    {
      id: 'capacity',
      header: t('columns.capacity'),
      cell: (row) => (row.capacity === null ? t('unlimited') : count(row.capacity)),
      numeric: true,
    },
    {
      id: 'full',
      header: t('columns.full'),
      cell: (row) =>
        row.capacity
          ? new Intl.NumberFormat(language, { style: 'percent' }).format(row.sold / row.capacity)
          : '–',
      numeric: true,
    },
  ];
  const onSiteColumns: Column<OnSiteRow>[] = [
    ...keyed,
    { id: 'orders', header: t('columns.orders'), cell: (row) => count(row.orders), numeric: true },
    { id: 'amount', header: t('columns.amount'), cell: (row) => money(row.amount_cents), numeric: true },
  ];
  const cancelledColumns: Column<CancelledDaysRow>[] = [
    ...keyed,
    { id: 'days', header: t('columns.cancelledDays'), cell: (row) => count(row.days), numeric: true },
    { id: 'orders', header: t('columns.orders'), cell: (row) => count(row.orders), numeric: true },
    { id: 'moved', header: t('columns.moved'), cell: (row) => count(row.moved), numeric: true },
    { id: 'refunds', header: t('columns.refunds'), cell: (row) => count(row.refunds), numeric: true },
    {
      id: 'refunded',
      header: t('columns.refundsAmount'),
      cell: (row) => money(row.refunds_cents),
      numeric: true,
    },
  ];
  const premiumColumns: Column<PremiumRow>[] = [
    { id: 'bucket', header: t('columns.period'), cell: bucketCell },
    ...(['trials', 'conversions', 'renewals', 'cancellations'] as const).map((key) => ({
      id: key,
      header: t(`premium.${key}`),
      cell: (row: PremiumRow) => count(row[key]),
      numeric: true,
    })),
    { id: 'revenue', header: t('premium.revenue'), cell: (row) => money(row.revenue_cents), numeric: true },
  ];
  const rowKey = (row: { bucket: string; key: number }) => `${row.bucket}:${row.key}`;
  const totals = figures.sales.reduce(
    (sum, row) => ({
      gross: sum.gross + row.gross_cents,
      refunds: sum.refunds + row.refunds_cents,
      orders: sum.orders + row.orders,
    }),
    { gross: 0, refunds: 0, orders: 0 },
  );

  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          [t('columns.gross'), money(totals.gross)],
          [t('columns.refunds'), money(totals.refunds)],
          [t('columns.net'), money(totals.gross - totals.refunds)],
          [t('columns.orders'), count(totals.orders)],
        ].map(([name, value]) => (
          <div key={name} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-stone-600">{name}</dt>
            <dd className="font-bold text-stone-900 text-xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <FigureSection title={t('sections.sales')} csvHref={csv('sales')} csvLabel={t('csv')}>
        <FiguresChart
          label={t('charts.sales')}
          tableId="figures-sales"
          buckets={bucketNames}
          series={netSeries}
          format={money}
        />
        <FigureTable
          id="figures-sales"
          caption={t('sections.sales')}
          columns={salesColumns}
          rows={figures.sales}
          rowKey={rowKey}
          empty={t('empty')}
        />
      </FigureSection>
      <FigureSection title={t('sections.places')} csvHref={csv('places')} csvLabel={t('csv')}>
        <p className="text-sm text-stone-600">{t('placesHint')}</p>
        <FiguresChart
          label={t('charts.places')}
          tableId="figures-places"
          buckets={bucketNames}
          series={placeSeries}
          stacked={false}
          format={count}
        />
        <FigureTable
          id="figures-places"
          caption={t('sections.places')}
          columns={placesColumns}
          rows={figures.places}
          rowKey={rowKey}
          empty={t('empty')}
        />
      </FigureSection>
      <FigureSection title={t('sections.onSite')} csvHref={csv('on_site')} csvLabel={t('csv')}>
        <p className="text-sm text-stone-600">{t('onSiteHint')}</p>
        <FigureTable
          id="figures-on-site"
          caption={t('sections.onSite')}
          columns={onSiteColumns}
          rows={figures.on_site}
          rowKey={rowKey}
          empty={t('empty')}
        />
      </FigureSection>
      <FigureSection title={t('sections.cancelledDays')} csvLabel={t('csv')}>
        <p className="text-sm text-stone-600">{t('cancelledDaysHint')}</p>
        <FigureTable
          id="figures-cancelled-days"
          caption={t('sections.cancelledDays')}
          columns={cancelledColumns}
          rows={figures.cancelled_days}
          rowKey={rowKey}
          empty={t('empty')}
        />
      </FigureSection>
      {figures.premium && (
        <FigureSection title={t('sections.premium')} csvHref={csv('premium')} csvLabel={t('csv')}>
          <FiguresChart
            label={t('charts.premium')}
            tableId="figures-premium"
            buckets={bucketNames}
            series={premiumSeries}
            stacked={false}
            format={count}
          />
          <FigureTable
            id="figures-premium"
            caption={t('sections.premium')}
            columns={premiumColumns}
            rows={figures.premium}
            rowKey={(row) => row.bucket}
            empty={t('empty')}
          />
        </FigureSection>
      )}
    </>
  );
}
