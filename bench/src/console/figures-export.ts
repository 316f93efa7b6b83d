import { readFileSync } from 'node:fs';

/*
 * `bench:console`'s figures page and CSV export (issue 23: the figures for a year of one operator
 * and of all operators, p95 ≤ 300 ms; the export of 100,000 orders streamed with the API process
 * growing by at most 50 MB). Both endpoints are found in the API's OpenAPI document by the
 * permission they declare (`figures.read`, `orders.export`); until one is there its measurement
 * says so and is skipped, and it runs by itself once the endpoint is merged. What each sends is
 * in `figuresQueries` and `exportQuery`: the one place to fit to the endpoint's contract.
 */

export const FIGURES_GOAL_MS = 300;

/** The `share` quantile of `values` (nearest rank). */
function quantile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}
export const EXPORT_GOAL_MB = 50;
const FIGURES_REQUESTS = Number(process.env.BENCH_FIGURES_REQUESTS ?? 40);

type Operation = { path: string; method: string; access: string };
type Cookies = { admin: string; manager: string };

/** The API's operations under /api/console/ with the access each declares (`x-sentiero-access`). */
export async function consoleOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/api/docs/json`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`/api/docs/json answered ${response.status}`);
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { 'x-sentiero-access'?: string }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => typeof operation === 'object' && operation['x-sentiero-access'])
      .map(([method, operation]) => ({ path, method, access: operation['x-sentiero-access'] as string })),
  );
}

const readOf = (operations: Operation[], access: string) =>
  operations.find(
    (operation) =>
      operation.access === access && operation.method === 'get' && operation.path.startsWith('/api/console/'),
  );

/** A year back from today, as calendar dates. */
function lastYear(): { from: string; to: string } {
  const to = new Date();
  const from = new Date(to);
  from.setUTCFullYear(to.getUTCFullYear() - 1);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** The figures asked: a year by month for all operators (admin) and for the manager's operator. */
function figuresQueries(_operatorId: number): { label: string; role: keyof Cookies; query: string }[] {
  const { from, to } = lastYear();
  const year = `lng=en&from=${from}&to=${to}&grain=month`;
  return [
    { label: 'a year by month, all operators (admin)', role: 'admin', query: `${year}&split=operator` },
    { label: 'a year by month, every ticket (admin)', role: 'admin', query: `${year}&split=ticket` },
    { label: 'a year by month, own operator (manager)', role: 'manager', query: `${year}&split=ticket` },
  ];
}

/** The export asked: every issued order (far more than 100,000 in the full run), as the admin. */
const exportQuery = () => 'lng=en&state=issued';

export type FiguresResult =
  | { skipped: string }
  | { rows: { label: string; p50: number; p95: number; status: number }[]; met: boolean };

/** Each figures query `FIGURES_REQUESTS` times in turn, one at a time: p50 and p95 per query. */
export async function benchFigures(
  baseUrl: string,
  operations: Operation[],
  cookies: Cookies,
  operatorId: number,
): Promise<FiguresResult> {
  const operation = readOf(operations, 'figures.read');
  if (!operation) return { skipped: 'no GET endpoint under /api/console/ declares figures.read yet' };
  const rows = [];
  for (const { label, role, query } of figuresQueries(operatorId)) {
    const url = `${baseUrl}${operation.path}?${query}`;
    const first = await fetch(url, { headers: { cookie: cookies[role] } });
    await first.arrayBuffer();
    if (!first.ok) {
      rows.push({ label, p50: Number.NaN, p95: Number.NaN, status: first.status });
      continue;
    }
    const latencies: number[] = [];
    for (let i = 0; i < FIGURES_REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie: cookies[role] } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    rows.push({ label, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), status: 200 });
  }
  return { rows, met: rows.every((row) => row.status === 200 && row.p95 <= FIGURES_GOAL_MS) };
}

/** The API process's resident memory in MB (Linux: VmRSS in /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

export type ExportResult =
  | { skipped: string }
  | {
      status: number;
      contentType: string;
      rows: number;
      mb: number;
      seconds: number;
      /** The highest RSS less the one before the request, up to the 100,000th order and over the whole export. */
      growthMb: number;
      wholeGrowthMb: number;
      met: boolean;
    };

/** The export's goal is about this many orders: the RSS is read when the stream reaches them. */
export const EXPORT_GOAL_ORDERS = 100_000;

/** Line ends in a chunk of the CSV (one per order, the header's aside). */
function lineEnds(chunk: Uint8Array): number {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}

/**
 * The admin's export of `exportQuery`, read as fast as it streams, with the API process's RSS
 * sampled every 50 ms and read again as the stream reaches the 100,000th order: the growth is the
 * highest sample up to then less the one before the request (the goal's), and the highest over the
 * whole export.
 */
export async function benchExport(
  baseUrl: string,
  operations: Operation[],
  cookies: Cookies,
  serverPid: number,
): Promise<ExportResult> {
  const operation = readOf(operations, 'orders.export');
  if (!operation) return { skipped: 'no GET endpoint under /api/console/ declares orders.export yet' };
  // The server starts through scripts/start.ts, which imports the API: one process, this pid.
  const before = residentMb(serverPid);
  let peak = before;
  let goalPeak: number | null = null;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(serverPid));
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${operation.path}?${exportQuery()}`, {
      headers: { cookie: cookies.admin },
      signal: AbortSignal.timeout(600_000),
    });
    let bytes = 0;
    let rows = 0;
    for await (const chunk of response.body ?? []) {
      bytes += chunk.byteLength;
      rows += lineEnds(chunk);
      peak = Math.max(peak, residentMb(serverPid));
      // The header line is not an order.
      if (goalPeak === null && rows - 1 >= EXPORT_GOAL_ORDERS) goalPeak = peak;
    }
    peak = Math.max(peak, residentMb(serverPid));
    const growthMb = (goalPeak ?? peak) - before;
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      rows: Math.max(0, rows - 1),
      mb: bytes / 1024 / 1024,
      seconds: (performance.now() - started) / 1000,
      growthMb,
      wholeGrowthMb: peak - before,
      met: response.ok && rows - 1 >= EXPORT_GOAL_ORDERS && growthMb <= EXPORT_GOAL_MB,
    };
  } finally {
    clearInterval(sampler);
  }
}
