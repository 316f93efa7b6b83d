import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartDataset,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the figures draw, so the console's chunk carries no unused chart types.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colours told apart by people with the common colour blindnesses (Okabe–Ito), then a grey for "other". */
export const SERIES_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
  '#999999',
];

export type ChartSeries = { label: string; values: number[] };

/**
 * A bar chart on a canvas. A canvas says nothing to a screen reader: it is an image named by
 * `label`, described by the table beside it (`tableId`), which holds every number it draws.
 */
export function FiguresChart({
  label,
  tableId,
  buckets,
  series,
  stacked = true,
  format,
}: {
  label: string;
  tableId: string;
  buckets: string[];
  series: ChartSeries[];
  stacked?: boolean;
  format: (value: number) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // No canvas when there is nothing to draw (below).
    if (!canvas.current) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const datasets: ChartDataset<'bar'>[] = series.map((one, index) => ({
      label: one.label,
      data: one.values,
      backgroundColor: SERIES_COLOURS[index % SERIES_COLOURS.length],
    }));
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: buckets, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : undefined,
        scales: {
          x: { stacked },
          y: { stacked, beginAtZero: true, ticks: { callback: (value) => format(Number(value)) } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [buckets, series, stacked, format]);
  // Nothing to draw: the table beside it says so in words.
  if (series.every((one) => one.values.every((value) => value === 0))) return null;
  return (
    <div className="relative h-64 w-full md:h-72">
      <canvas ref={canvas} role="img" aria-label={label} aria-describedby={tableId} />
    </div>
  );
}
