/**
 * `npm run bench:recommendations`: the "for you" ranking statement over a large catalogue on
 * PostgreSQL, for a member with no signal, with a few and with many, as EXPLAIN ANALYZE times it
 * (median of 15 runs after 3 warm-ups). Needs BENCH_DATABASE_URL (a server where it may create a
 * database), or BENCH_CATALOGUE_URL (a catalogue already seeded, used as it is).
 */
import { openDatabase } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';
import { type RankingSignals, rankedTicketsQuery } from '../../apps/api/src/modules/recommendations/repo.ts';
import { prepareCatalogue } from './catalogues.ts';

const listings = Number(process.env.BENCH_LISTINGS ?? 100_000);
const catalogueUrl =
  process.env.BENCH_CATALOGUE_URL ??
  (process.env.BENCH_DATABASE_URL
    ? (await prepareCatalogue(process.env.BENCH_DATABASE_URL, listings)).url
    : undefined);
if (!catalogueUrl) {
  console.error('set BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres or BENCH_CATALOGUE_URL');
  process.exit(1);
}

const database = await openDatabase({ driver: 'postgres', url: catalogueUrl, poolSize: 1 });
const { db } = database;
const ids = async (query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);

const activity = async (slug: string) => ids(sql`select id from activity_types where slug = ${slug}`);
const region = async (slug: string) => ids(sql`select id from regions where slug = ${slug}`);
const busiestAreas = await ids(
  sql`select area_id as id from ticket_facets group by area_id order by count(*) desc limit 3`,
);
const someTickets = await ids(sql`select ticket_id as id from ticket_facets order by ticket_id limit 5`);

const none: RankingSignals = {
  preferredActivityIds: [],
  preferredRegionIds: [],
  boughtActivityIds: [],
  boughtAreaIds: [],
  boughtRegionIds: [],
  heldTicketIds: [],
  growthBoosts: new Map(),
};
const members: Record<string, RankingSignals> = {
  'no signal (popular and new)': none,
  'trekking, bought rafting in Piemonte': {
    ...none,
    preferredActivityIds: await activity('trekking'),
    boughtActivityIds: await activity('rafting'),
    boughtRegionIds: await region('piemonte'),
    boughtAreaIds: busiestAreas.slice(0, 1),
    heldTicketIds: someTickets.slice(0, 1),
  },
  'three activities, three regions, 20 boosted areas': {
    ...none,
    preferredActivityIds: [
      ...(await activity('trekking')),
      ...(await activity('mushroom-foraging')),
      ...(await activity('fishing')),
    ],
    preferredRegionIds: [
      ...(await region('piemonte')),
      ...(await region('toscana')),
      ...(await region('lombardia')),
    ],
    boughtActivityIds: await activity('rafting'),
    boughtAreaIds: busiestAreas,
    boughtRegionIds: await region('piemonte'),
    heldTicketIds: someTickets,
    growthBoosts: new Map(
      (await ids(sql`select id from areas order by id limit 20`)).map((id, index) => [id, (index % 5) / 4]),
    ),
  },
};

const now = new Date();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`"For you" ranking over ${catalogueUrl.replace(/^.*\//, '')}:`);
for (const [name, signals] of Object.entries(members)) {
  const times: number[] = [];
  let plan = '';
  for (let run = 0; run < 18; run++) {
    const result = (await db.execute(
      sql`explain (analyze, timing off, format json) ${rankedTicketsQuery(signals, now, 12)}`,
    )) as unknown as { rows: { 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }[] };
    const [explained] = result.rows[0]?.['QUERY PLAN'] ?? [];
    if (run >= 3 && explained) times.push(explained['Execution Time'] + explained['Planning Time']);
    if (run === 17 && process.env.BENCH_PLAN) {
      const text = (await db.execute(
        sql`explain (analyze, buffers) ${rankedTicketsQuery(signals, now, 12)}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      plan = text.rows.map((row) => row['QUERY PLAN']).join('\n');
    }
  }
  console.log(`  ${name}: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  if (plan) console.log(plan);
}
await database.close();
