/**
 * `npm run bench:scale`: the public list and page endpoints with 1,000, 10,000 and 100,000
 * synthetic listings (issue 12: each serves at 100k at least half its requests per second at 1k,
 * p95 ≤ 50 ms at 20 connections). One server per catalogue size runs at once, and the rounds go
 * endpoint by endpoint across the sizes, so a ratio compares requests measured side by side on a
 * noisy machine. The servers' public cache is off (BENCH_PUBLIC_CACHE_SECONDS=5 turns it on), so
 * every request reaches the database as a new page or filter would (BENCH_ONLY=search measures
 * only the rows so named). Needs BENCH_DATABASE_URL; wrk (Debian's) sends the load from its own process,
 * to 127.0.0.1 only, for a bounded time.
 */
import pg from 'pg';
import { type CatalogueSize, prepareCatalogue } from './catalogues.ts';
import { freshDataDir, type Server, startServer } from './server.ts';
import { median, type WrkResult, wrk } from './wrk.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:scale measures PostgreSQL: set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const firstPort = Number(process.env.BENCH_PORT ?? 3210);

/**
 * Word searches as a long tail of visitors sends them, asked in turn: common words (thousands of
 * matches at 100,000 listings, one of them through a typo), rare ones (a few dozen at most) and
 * two words together, in several languages (issue 21: "for common and rare words alike").
 */
const SEARCH_MIX = [
  'q=rafting&lng=en',
  'q=valley&lng=en',
  'q=kajak&lng=de',
  'q=garda&lng=it',
  'q=funghi&lng=it',
  'q=soca&lng=sl',
  'q=porcini&lng=it',
  'q=wetsuit&lng=en',
  'q=porcini%20taro&lng=en',
].map((query) => `/api/app/v2/search?${query}`);

/**
 * The pages a visitor opens, with the API calls behind them (several paths are asked in turn);
 * ids are filled per catalogue.
 */
function endpoints(ids: { regionId: number; areaId: number }): [string, string | string[]][] {
  return [
    ['area list (/events)', '/api/app/v2/area/list?lng=it'],
    ['area list, one category', '/api/app/v2/area/list?lng=it&id_category=18'],
    ['recommended hottest', '/api/app/v2/ticket/list/recommended?lng=it&source=hottest'],
    ['recommended newest', '/api/app/v2/ticket/list/recommended?lng=en&source=newest'],
    ['promotions (discounted)', '/api/app/v2/ticket/list/recommended?lng=de&source=discounted'],
    ['region page, category', `/api/app/region/ticket?lng=it&id=${ids.regionId}&id_category=16`],
    ['area tickets', `/api/app/v2/ticket/area/list?lng=it&id=${ids.areaId}`],
    ['area tickets, page 2', `/api/app/v2/ticket/area/list?lng=it&id=${ids.areaId}&page=2`],
    ['search "rafting"', '/api/app/v2/search?q=rafting&lng=en'],
    [`search, ${SEARCH_MIX.length} words in turn`, SEARCH_MIX],
    ['category list', '/api/app/category/list?lng=it'],
    ['region list', '/api/app/region/list?lng=it'],
    ['blog list', '/api/app/blog/list?lng=it'],
    ['home page HTML', '/'],
    ['events page HTML', '/events'],
  ];
}

/** The region and the area with the most listings: the pages that grow most with the catalogue. */
async function busiest(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ region_id: number; area_id: number }>(
      `select (select region_id from ticket_facets group by region_id order by count(*) desc, region_id limit 1) as region_id,
              (select area_id from ticket_facets group by area_id order by count(*) desc, area_id limit 1) as area_id`,
    );
    return { regionId: rows[0]?.region_id ?? 1, areaId: rows[0]?.area_id ?? 1 };
  } finally {
    await client.end();
  }
}

function load(server: Server, path: string | string[], duration: number): Promise<WrkResult> {
  return typeof path === 'string'
    ? wrk(`${server.url}${path}`, { connections, seconds: duration })
    : wrk(server.url, { connections, seconds: duration, paths: path });
}

export type ScaleRow = { endpoint: string; bySize: Map<number, WrkResult> };

export async function measureScale(): Promise<{ rows: ScaleRow[]; failures: number }> {
  const catalogues: CatalogueSize[] = [];
  const servers: Server[] = [];
  try {
    for (const size of sizes) catalogues.push(await prepareCatalogue(serverUrl as string, size));
    for (const [index, catalogue] of catalogues.entries()) {
      servers.push(
        await startServer({
          port: firstPort + index,
          dataDir: freshDataDir(),
          env: {
            DATABASE_URL: catalogue.url,
            DATABASE_POOL_SIZE: '6',
            JOB_WORKERS: 'off',
            // What each request costs the database and the API, not what the public cache spares.
            PUBLIC_CACHE_SECONDS: process.env.BENCH_PUBLIC_CACHE_SECONDS ?? '0',
          },
        }),
      );
    }
    // The same region and area everywhere: the synthetic listings spread over the real areas alike.
    const ids = await busiest((catalogues.at(-1) as CatalogueSize).url);
    // BENCH_ONLY=search measures the rows whose name contains it, and no other.
    const list = endpoints(ids).filter(([name]) => name.includes(process.env.BENCH_ONLY ?? ''));
    const samples = new Map<string, Map<number, WrkResult[]>>(
      list.map(([name]) => [name, new Map(sizes.map((size) => [size, []]))]),
    );
    for (const [index, server] of servers.entries()) {
      for (const [, path] of list) await load(server, path, 1); // warm-up
      void index;
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, path] of list) {
        for (const [index, server] of servers.entries()) {
          const result = await load(server, path, seconds);
          samples
            .get(name)
            ?.get(sizes[index] as number)
            ?.push(result);
        }
      }
    }
    let failures = 0;
    const rows = list.map(([name]) => {
      const bySize = new Map<number, WrkResult>();
      for (const [size, results] of samples.get(name) ?? []) {
        bySize.set(size, median(results));
        failures += results.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
      }
      return { endpoint: name, bySize };
    });
    return { rows, failures };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const catalogue of catalogues) await catalogue.release();
  }
}

export function printScale(rows: ScaleRow[]): boolean {
  const smallest = sizes[0] as number;
  const largest = sizes.at(-1) as number;
  console.log(
    `\nGrowth table: req/s (p95 ms) at ${connections} connections, median of ${rounds} rounds of ${seconds} s` +
      `; goal at ${largest.toLocaleString('en')} listings ≥ 0.5 × ${smallest.toLocaleString('en')} and p95 ≤ 50 ms`,
  );
  let met = true;
  console.table(
    rows.map(({ endpoint, bySize }) => {
      const first = bySize.get(smallest) as WrkResult;
      const last = bySize.get(largest) as WrkResult;
      const ratio = last.rps / first.rps;
      const ok = ratio >= 0.5 && last.p95 <= 50;
      if (!ok) met = false;
      return {
        endpoint,
        ...Object.fromEntries(
          [...bySize].map(([size, result]) => [
            `${size / 1000}k`,
            `${Math.round(result.rps)} (${result.p95.toFixed(1)})`,
          ]),
        ),
        [`${largest / 1000}k / ${smallest / 1000}k`]: ratio.toFixed(2),
        goal: ok ? 'met' : 'MISSED',
      };
    }),
  );
  return met;
}

if (import.meta.main) {
  const { rows, failures } = await measureScale();
  const met = printScale(rows);
  if (failures > 0) console.log(`${failures} requests failed or answered other than 2xx.`);
  if (!met || failures > 0) process.exitCode = 1;
}
