/**
 * `npm run bench:forecast`: the growth forecast (ADR 018) of every area for 14 days, read from
 * PostgreSQL and computed in Node (issue 15: under 1 s with 10,000 areas). The weather sits in a
 * table shaped like the weather storage's, `area_weather_days`, filled with 28 synthetic days per
 * area (21 observed, 7 forecast). Each round reads every row in one query, groups them by area and
 * runs the model; two ways of reading are compared: one row per area and day, and one row per
 * area with its days in arrays (`array_agg`). Needs BENCH_DATABASE_URL (a server where it may
 * create a database); the database is dropped at the end.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { addCalendarDays, type Season } from '@sentiero/contract/durations';
import type { GrowthLevel } from '@sentiero/contract/growth';
import {
  forecastGrowth,
  type GrowthForecastInput,
  type GrowthWeatherDay,
  type ObservedGrowth,
} from '@sentiero/contract/rules/growth-forecast';
import pg from 'pg';
import { cpuSecondsOf } from './checkout-replay.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:forecast measures PostgreSQL: set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}
const areas = Number(process.env.BENCH_AREAS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
/** Observed days kept per area before today; the 7 forecast days come on top. */
const pastDays = Number(process.env.BENCH_PAST_DAYS ?? 21);
/** A fixed autumn day, so every run computes the same forecast. */
const today = process.env.BENCH_TODAY ?? '2026-10-05';
const DATABASE = 'sentiero_bench_forecast';
const FORECAST_DAYS = 7;
const GOAL_MS = 1000;

/** Most areas are Apennine porcini woods; every tenth has a winter season, out of season today. */
const SUMMER: Season = { start: '06-01', end: '11-30' };
const WINTER: Season = { start: '12-01', end: '02-28' };

type AreaWeather = { areaId: number; weather: GrowthWeatherDay[] };
type Loaded = { readMs: number; groupMs: number; grouped: AreaWeather[] };
type Strategy = { name: string; load(db: pg.Client): Promise<Loaded> };
type Round = Omit<Loaded, 'grouped'> &
  ReturnType<typeof computeAll> & { totalMs: number; nodeCpuMs: number; postgresCpuMs: number };

/** Season, altitude and a couple of members' reports per area, as the API would join them in. */
function inputFor({ areaId, weather }: AreaWeather): GrowthForecastInput {
  const observed: ObservedGrowth[] =
    areaId % 4 === 0
      ? [
          { date: addCalendarDays(today, -1), level: 'good' satisfies GrowthLevel },
          { date: addCalendarDays(today, -3), level: 'scarce' satisfies GrowthLevel },
        ]
      : [];
  return {
    today,
    weather,
    season: areaId % 10 === 0 ? WINTER : SUMMER,
    altitudeM: 600 + (areaId % 8) * 150,
    weatherAltitudeM: 700,
    observed,
  };
}

/** Runs the model for every area; the count of days computed keeps the work from being optimised away. */
function computeAll(areaWeathers: AreaWeather[]) {
  const started = performance.now();
  let days = 0;
  const levels = new Map<GrowthLevel, number>();
  for (const area of areaWeathers) {
    const forecast = forecastGrowth(inputFor(area));
    days += forecast.length;
    const level = forecast[7]?.level;
    if (level) levels.set(level, (levels.get(level) ?? 0) + 1);
  }
  return { modelMs: performance.now() - started, days, levels };
}

async function setUp(db: pg.Client) {
  const started = performance.now();
  await db.query(`create table area_weather_days (
    area_id int not null, day date not null, rain_mm real not null, temp_mean real not null,
    temp_min real not null, temp_max real not null, forecast boolean not null,
    primary key (area_id, day))`);
  // Rain about one day in eleven, 0–44 mm; means between 5 and 22 °C wandering with the days,
  // cold nights in the coolest areas: every level and every reason turns up somewhere.
  await db.query(
    `insert into area_weather_days
     select a, $1::date + d,
            case when (a * 7 + d * 3) % 11 = 0 then ((a * 13 + (d + 100) * 17) % 45)::real else 0 end,
            t.mean::real, (t.mean - 5 - a % 4)::real, (t.mean + 6)::real, d >= 0
     from generate_series(1, $2::int) a,
          generate_series(-$3::int, $4::int - 1) d,
          -- Tenths of a degree, as Open-Meteo gives them.
          lateral (select round((8 + a % 12 + 3 * sin((a + d) / 5.0))::numeric, 1) as mean) t`,
    [today, areas, pastDays, FORECAST_DAYS],
  );
  await db.query('vacuum analyze area_weather_days');
  const { rows } = await db.query<{ rows: number; size: string }>(
    `select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('area_weather_days')) as size
     from area_weather_days`,
  );
  console.log(
    `${rows[0]?.rows} weather rows (${areas} areas × ${pastDays + FORECAST_DAYS} days, ${rows[0]?.size}) written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * One row per area and day, as arrays rather than objects; the day as text, not a JS Date; only
 * the columns the rule reads (the other two cost the driver a fifth more CPU).
 */
const perDay: Strategy = {
  name: 'one row per area and day',
  async load(db) {
    const started = performance.now();
    const { rows } = await db.query<[number, string, number, number, number]>({
      text: `select area_id, day::text, rain_mm, temp_mean, temp_min
             from area_weather_days order by area_id, area_weather_days.day`,
      rowMode: 'array',
    });
    const read = performance.now();
    const grouped: AreaWeather[] = [];
    let current: AreaWeather | undefined;
    for (const [areaId, date, rainMm, tempMean, tempMin] of rows) {
      if (current?.areaId !== areaId) {
        current = { areaId, weather: [] };
        grouped.push(current);
      }
      current.weather.push({ date, rainMm, tempMean, tempMin });
    }
    return { readMs: read - started, groupMs: performance.now() - read, grouped };
  },
};

/**
 * One row per area, its days in arrays ordered by day (`array_agg`): a tenth of the rows for
 * the driver to build. The dates are the first day's plus an index, checked against the count.
 */
const perArea: Strategy = {
  name: 'one row per area (array_agg)',
  async load(db) {
    const started = performance.now();
    // PostgreSQL 15 sorts each group once per ordered aggregate; 16 feeds them the index's order.
    const { rows } = await db.query<[number, string, number, number[], number[], number[]]>({
      text: `select area_id, min(day)::text, (max(day) - min(day) + 1 - count(*))::int,
                    array_agg(rain_mm order by day), array_agg(temp_mean order by day),
                    array_agg(temp_min order by day)
             from area_weather_days group by area_id order by area_id`,
      rowMode: 'array',
    });
    const read = performance.now();
    const datesFrom = new Map<string, string[]>();
    const grouped: AreaWeather[] = rows.map(([areaId, first, gaps, rain, mean, min]) => {
      if (gaps !== 0) throw new Error(`Area ${areaId} has days missing from its weather`);
      let dates = datesFrom.get(first);
      if (!dates || dates.length < rain.length) {
        dates = Array.from({ length: rain.length }, (_, index) => addCalendarDays(first, index));
        datesFrom.set(first, dates);
      }
      const weather: GrowthWeatherDay[] = new Array(rain.length);
      for (let index = 0; index < rain.length; index++) {
        weather[index] = {
          date: dates[index] as string,
          rainMm: rain[index] as number,
          tempMean: mean[index] as number,
          tempMin: min[index] as number,
        };
      }
      return { areaId, weather };
    });
    return { readMs: read - started, groupMs: performance.now() - read, grouped };
  },
};

/**
 * One round, with the CPU this process and the PostgreSQL backend spent on it: on a machine busy
 * with other work the wall time says how long the wait was, the CPU what the forecast costs.
 */
async function measure(db: pg.Client, backendPid: number, strategy: Strategy): Promise<Round> {
  const nodeBefore = process.cpuUsage();
  const postgresBefore = cpuSecondsOf(backendPid);
  const { readMs, groupMs, grouped } = await strategy.load(db);
  const computed = computeAll(grouped);
  const nodeCpu = process.cpuUsage(nodeBefore);
  return {
    readMs,
    groupMs,
    ...computed,
    totalMs: readMs + groupMs + computed.modelMs,
    nodeCpuMs: (nodeCpu.user + nodeCpu.system) / 1000,
    postgresCpuMs: (cpuSecondsOf(backendPid) - postgresBefore) * 1000,
  };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').trim();
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return `median ${median?.toFixed(0)} ms (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)})`;
};
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const url = new URL(serverUrl);
url.pathname = `/${DATABASE}`;
let failed = false;
try {
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await setUp(db);
    const backendPid = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
    const { levels } = await measure(db, backendPid, perDay);
    console.log(
      `Levels today over ${areas} areas: ${[...levels].map(([level, count]) => `${level} ${count}`).join(', ')}`,
    );
    console.log(
      `\nGrowth forecast, ${areas} areas × 14 days (7 past, 7 ahead), ${rounds} rounds after a warm-up; ${availableParallelism()} cores, /proc/loadavg ${loadAverage()}`,
    );
    const medians: number[] = [];
    for (const strategy of [perDay, perArea]) {
      await measure(db, backendPid, strategy);
      const results: Round[] = [];
      for (let round = 0; round < rounds; round++) results.push(await measure(db, backendPid, strategy));
      const total = results.map((result) => result.totalMs);
      medians.push(medianOf(total));
      console.log(`  ${strategy.name}: ${results[0]?.days} days computed per round`);
      console.log(`    read     ${summary(results.map((result) => result.readMs))}`);
      console.log(`    group    ${summary(results.map((result) => result.groupMs))}`);
      console.log(`    model    ${summary(results.map((result) => result.modelMs))}`);
      console.log(
        `    total    ${summary(total)} (goal < ${GOAL_MS} ms) ${medianOf(total) < GOAL_MS ? 'met' : 'MISSED'}`,
      );
      console.log(
        `    CPU      Node ${summary(results.map((result) => result.nodeCpuMs))}; PostgreSQL ${summary(results.map((result) => result.postgresCpuMs))}`,
      );
    }
    console.log(`  /proc/loadavg after the rounds: ${loadAverage()}`);
    failed = Math.min(...medians) >= GOAL_MS;
  } finally {
    await db.end();
  }
} finally {
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}
if (failed) process.exitCode = 1;
