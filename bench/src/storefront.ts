/**
 * The storefront as a visitor's browser sees it (issue 13): Lighthouse 12 (mobile, its default
 * throttling) on the public pages of the built app, median of runs, beside the goals; and what
 * server rendering costs: the server-rendered home page's requests per second against
 * /api/health, side by side in the same rounds.
 *
 * `npm run bench:storefront` runs it alone; `npm run bench` runs it after the request path.
 * Lighthouse comes pinned (12.2.3: newer ones fail on this machine) through npx, and drives
 * Debian's Chromium (CHROME_PATH); it never downloads a browser. Its TBT is wall time and moves
 * with the machine's load, so each page's main thread is also measured by its CPU time
 * (main-thread.ts): JavaScript to start, long tasks and blocking time on a 4× slower phone.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureMainThread, printMainThread, STOREFRONT_PAGES } from './main-thread.ts';
import { freshDataDir, type Server, startServer } from './server.ts';
import { median, type WrkResult, wrk } from './wrk.ts';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export { STOREFRONT_PAGES };

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /**
   * Lighthouse's measure of the machine's speed when the run began (its own loop of JavaScript):
   * its TBT is wall time, so runs are comparable only at a like index (~3,000 on this machine
   * when quiet, half that when its host is busy).
   */
  benchmarkIndex: number;
};

export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 95,
  lcpMs: 1800,
  cls: 0.05,
  tbtMs: 150,
};

export function meetsGoals(figures: LighthouseFigures): boolean {
  return (
    figures.performance >= LIGHTHOUSE_GOALS.performance &&
    figures.accessibility >= LIGHTHOUSE_GOALS.accessibility &&
    figures.lcpMs <= LIGHTHOUSE_GOALS.lcpMs &&
    figures.cls <= LIGHTHOUSE_GOALS.cls &&
    figures.tbtMs <= LIGHTHOUSE_GOALS.tbtMs
  );
}

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
};

/** One Lighthouse run of `url`, mobile with its default (simulated) throttling. */
function lighthouseOnce(url: string): Promise<LighthouseFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0)
        return reject(new Error(`Lighthouse failed on ${url} (${code}):\n${errors.slice(-2000)}`));
      const report = JSON.parse(output) as LighthouseReport;
      const audit = (name: string) => report.audits[name]?.numericValue ?? Number.NaN;
      resolve({
        performance: Math.round((report.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
        fcpMs: audit('first-contentful-paint'),
        benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
      });
    });
  });
}

const middle = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;

/**
 * A run Lighthouse itself could not complete ("NO_NAVSTART": its trace of the load was lost) is
 * run again, at most twice, and said so; a page that fails to load fails every time.
 */
async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(
        `  Lighthouse did not complete on ${url}, run again (${(error as Error).message.trim().split('\n').at(-1)})`,
      );
    }
  }
}

/** Each figure's median over `runs` runs of `url`. */
export async function lighthouse(url: string, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await lighthouseRun(url));
  const of = (key: keyof LighthouseFigures) => middle(results.map((result) => result[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    fcpMs: of('fcpMs'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

export type RenderingFigures = { home: WrkResult; health: WrkResult; homeToHealth: number };

/**
 * The home page as the server renders it (its HTML, data and translations) against /api/health,
 * each pair in the same round; the ratio is the median of the rounds' ratios (goal ≥ 0.25).
 */
export async function measureServerRendering(
  server: Server,
  { rounds, seconds, connections }: { rounds: number; seconds: number; connections: number },
): Promise<RenderingFigures> {
  const load = (path: string, time = seconds) =>
    wrk(`${server.url}${path}`, { connections, seconds: time, headers: path === '/' ? PAGE_HEADERS : {} });
  await load('/', 1);
  await load('/api/health', 1);
  const homes: WrkResult[] = [];
  const healths: WrkResult[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const home = await load('/');
    const health = await load('/api/health');
    homes.push(home);
    healths.push(health);
    ratios.push(home.rps / health.rps);
  }
  return { home: median(homes), health: median(healths), homeToHealth: middle(ratios) };
}

/** A browser's request for a page: it accepts compressed answers. */
const PAGE_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

/** The home page with every request rendered (a server started with PUBLIC_CACHE_SECONDS=0). */
export async function measureColdRendering(
  server: Server,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<WrkResult> {
  await wrk(`${server.url}/`, { connections, seconds: 1, headers: PAGE_HEADERS });
  return wrk(`${server.url}/`, { connections, seconds, headers: PAGE_HEADERS });
}

export function printStorefront(figures: { pages: [string, LighthouseFigures][]; runs: number }): boolean {
  console.log(
    `\nLighthouse 12.2.3, mobile, default throttling, median of ${figures.runs} runs (goals: performance ≥ ${LIGHTHOUSE_GOALS.performance}, CLS ≤ ${LIGHTHOUSE_GOALS.cls}, LCP ≤ ${LIGHTHOUSE_GOALS.lcpMs / 1000} s, TBT ≤ ${LIGHTHOUSE_GOALS.tbtMs} ms, accessibility ≥ ${LIGHTHOUSE_GOALS.accessibility})`,
  );
  console.table(
    figures.pages.map(([page, result]) => ({
      page,
      performance: result.performance,
      'FCP s': (result.fcpMs / 1000).toFixed(2),
      'LCP s': (result.lcpMs / 1000).toFixed(2),
      CLS: result.cls.toFixed(3),
      'TBT ms': Math.round(result.tbtMs),
      accessibility: result.accessibility,
      'machine index': Math.round(result.benchmarkIndex),
      goals: meetsGoals(result) ? 'met' : 'MISSED',
    })),
  );
  return figures.pages.every(([, result]) => meetsGoals(result));
}

export function printRendering(figures: RenderingFigures, cold?: WrkResult): boolean {
  const met = figures.homeToHealth >= 0.25;
  console.log(
    `Server-rendered home page: ${Math.round(figures.home.rps)} req/s (p95 ${figures.home.p95.toFixed(1)} ms) ÷ /api/health ${Math.round(figures.health.rps)} req/s = ${figures.homeToHealth.toFixed(2)} (goal ≥ 0.25) ${met ? 'met' : 'MISSED'}`,
  );
  if (cold) {
    console.log(
      `  every request rendered (PUBLIC_CACHE_SECONDS=0): ${Math.round(cold.rps)} req/s, p95 ${cold.p95.toFixed(1)} ms`,
    );
  }
  return met && figures.home.errors + figures.home.non2xx === 0;
}

// Run alone: `npm run bench:storefront`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.BENCH_PORT ?? 3200);
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const dataDir = freshDataDir();
  let met = true;
  try {
    const server = await startServer({ port, dataDir });
    let rendering: RenderingFigures;
    try {
      const pages: [string, LighthouseFigures][] = [];
      for (const page of STOREFRONT_PAGES) pages.push([page, await lighthouse(`${server.url}${page}`, runs)]);
      met = printStorefront({ pages, runs }) && met;
      printMainThread(await measureMainThread(server.url, STOREFRONT_PAGES, runs), runs);
      rendering = await measureServerRendering(server, { rounds, seconds, connections });
    } finally {
      await server.stop();
    }
    const cold = await startServer({ port, dataDir, env: { PUBLIC_CACHE_SECONDS: '0' } });
    try {
      met = printRendering(rendering, await measureColdRendering(cold, { seconds, connections })) && met;
    } finally {
      await cold.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!met) process.exitCode = 1;
}
