import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import pg from 'pg';
import { FIRST_NAMES, REFUND_REASONS, SURNAMES } from './names.ts';

/*
 * `bench:console`'s data: 40 operators with 3 areas and 5 tickets each, and `orders` orders with
 * about twice as many guests over the last three years (more in the May–October season), bought by
 * one buyer per ~3.3 orders, with their states, payment methods (12% paid on site), issued
 * tickets, uses, refunds (3% whole, ~1% of one guest) and places taken per day. Everything is
 * written set-based (`insert … select … generate_series`) with the foreign-key and change triggers
 * off and the secondary indexes dropped, then the indexes are built again as the migrations wrote
 * them, and the tables are vacuumed and analysed as a database in use would be.
 */

export const OPERATORS = 40;
const AREAS_PER_OPERATOR = 3;
const TICKETS_PER_AREA = 5;
const ORDERS_PER_BUYER = 3.3;

/** The tables the generator fills: their secondary indexes are rebuilt after the load. */
const LOADED = [
  'users',
  'orders',
  'order_lines',
  'issued_tickets',
  'ticket_redemptions',
  'ticket_day_places',
  'refunds',
  'refund_lines',
  'order_search_keys',
  'order_area_keys',
];

export type BenchDatabase = {
  name: string;
  url: string;
  generatedSeconds: number | null;
  drop(): Promise<void>;
};

/** The marker a finished generation leaves: a kept database with it is used again as it is. */
const MARKER = 'bench_console_generated';

/**
 * The database `sentiero_console_<orders>` on the server of `serverUrl`, migrated, seeded and
 * filled. With BENCH_KEEP=1 a finished one is used again (only the migrations run) and kept at
 * the end; otherwise it is made afresh and dropped.
 */
export async function prepareConsoleDatabase(serverUrl: string, orders: number): Promise<BenchDatabase> {
  const name = `sentiero_console_${orders}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const keep = Boolean(process.env.BENCH_KEEP);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let reuse = false;
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount && keep) reuse = await isGenerated(url.toString(), orders);
    if (!reuse) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 });
  try {
    await database.migrate();
    if (!reuse) await seedDatabase(database.db);
  } finally {
    await database.close();
  }
  // A new migration may have rewritten or deleted rows of the kept tables: vacuumed as a
  // database in use would be, so the index-only reads do not each visit the table (fast when
  // nothing changed).
  if (reuse) await vacuumLoaded(url.toString());
  let generatedSeconds: number | null = null;
  if (!reuse) {
    const started = performance.now();
    await generate(url.toString(), orders);
    generatedSeconds = (performance.now() - started) / 1000;
  }
  return {
    name,
    url: url.toString(),
    generatedSeconds,
    async drop() {
      if (keep) {
        console.log(`Kept the database ${name} (BENCH_KEEP): the next run with BENCH_KEEP=1 uses it again.`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function isGenerated(url: string, orders: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ orders: number }>(
      `select orders from ${MARKER} where orders = $1`,
      [orders],
    );
    return rows.length > 0;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function vacuumLoaded(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await timed('vacuum and analyse', () => client.query(`vacuum (analyze) ${LOADED.join(', ')}`));
  } finally {
    await client.end();
  }
}

/** A label, its statements (run one by one: only a single statement takes parameters) and their values. */
type Step = [label: string, sql: string | string[], values?: unknown[]];

/** Columns of `table` other than `except`, to copy a seeded row into a generated one. */
async function columnsOf(client: pg.Client, table: string, except: string[]): Promise<string> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and not (column_name = any($2))
      order by ordinal_position`,
    [table, except],
  );
  return rows.map((row) => `"${row.column_name}"`).join(', ');
}

/** Fills the migrated, seeded database at `url`; logs each step's time. */
export async function generate(url: string, orders: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The load skips foreign-key checks and the tables' triggers (the data is consistent by
    // construction), and does not wait for each commit to reach the disk.
    await client.query(
      "set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '512MB'",
    );
    const { rows: indexes } = await client.query<{ name: string; definition: string; table: string }>(
      `select i.indexname as name, i.indexdef as definition, i.tablename as table from pg_indexes i
        join pg_class c on c.relname = i.indexname
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`,
      [LOADED],
    );
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    const areaColumns = await columnsOf(client, 'areas', ['id', 'slug', 'operator_id', 'created_at']);
    const ticketColumns = await columnsOf(client, 'tickets', [
      'id',
      'slug',
      'area_id',
      'duration_type',
      'price_cents',
      'discounted_price_cents',
      'member_price_cents',
      'daily_capacity',
      'status',
      'sale_from',
      'sale_until',
      'season',
      'created_at',
    ]);
    const buyers = Math.ceil(orders / ORDERS_PER_BUYER);
    const { rows: last } = await client.query<{ id: number }>(
      'select coalesce(max(id), 0)::int as id from users',
    );
    const firstBuyer = (last[0]?.id ?? 0) + 1;
    const steps: Step[] = [
      [
        `${OPERATORS} operators, ${OPERATORS * AREAS_PER_OPERATOR} areas, ${OPERATORS * AREAS_PER_OPERATOR * TICKETS_PER_AREA} tickets`,
        `insert into operators (slug, name, kind, contact_email)
         select 'bench-operator-' || lpad(n::text, 2, '0'), 'Bench operator ' || n,
                (array['municipality', 'park', 'consortium', 'association', 'guide', 'company'])[1 + n % 6],
                'bench-operator-' || n || '@operators.bench'
           from generate_series(1, ${OPERATORS}) n;
         insert into operator_commission_rates (operator_id, from_month, basis_points)
         select o.id, date_trunc('month', now())::date, 600 + (o.id % 10) * 100
           from operators o where o.slug like 'bench-operator-%';
         insert into areas (slug, operator_id, ${areaColumns})
         select 'bench-area-' || o.id || '-' || k, o.id, ${prefixed(areaColumns, 's')}
           from operators o cross join generate_series(1, ${AREAS_PER_OPERATOR}) k
           join lateral (select * from areas where slug not like 'bench-%'
                          order by id offset (o.id * ${AREAS_PER_OPERATOR} + k) % (select count(*) from areas where slug not like 'bench-%') limit 1) s on true
          where o.slug like 'bench-operator-%';
         insert into tickets (slug, area_id, duration_type, price_cents, daily_capacity, status, ${ticketColumns})
         select 'bench-ticket-' || a.id || '-' || k, a.id,
                (array['DAILY', 'DAILY', 'DAILY', 'TWODAYS', 'WEEKLY', 'SEASONAL', 'YEARLY'])[1 + (a.id + k) % 7],
                500 + ((a.id * 7 + k * 13) % 40) * 100, 200, 'published', ${prefixed(ticketColumns, 's')}
           from areas a cross join generate_series(1, ${TICKETS_PER_AREA}) k
           join lateral (select * from tickets where slug not like 'bench-%'
                          order by id offset (a.id * ${TICKETS_PER_AREA} + k) % (select count(*) from tickets where slug not like 'bench-%') limit 1) s on true
          where a.slug like 'bench-area-%'`,
      ],
      [
        // Tickets in a random order, numbered: operators' sizes follow the order (a few large
        // parks, many small associations and guides).
        'ticket list',
        `create temp table bench_tickets as
         select row_number() over (order by md5(t.id::text)) as n, t.id, t.area_id, t.price_cents,
                case t.duration_type when 'DAILY' then 1 when 'TWODAYS' then 2 when 'WEEKLY' then 7
                                     when 'SEASONAL' then 183 when 'YEARLY' then 365 else 1 end as days
           from tickets t where t.slug like 'bench-ticket-%';
         create unique index on bench_tickets (n)`,
      ],
      [
        `${buyers.toLocaleString('en')} buyers`,
        `insert into users (id, email, first_name, last_name, country, language, fiscal_code, created_at, updated_at, terms_accepted_at)
         select ${firstBuyer - 1} + i, 'buyer' || i || '@bench.sentiero.test', ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int],
                ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int],
                (array['IT', 'IT', 'IT', 'IT', 'IT', 'DE', 'SI', 'AT', 'ES', 'CH'])[1 + i % 10],
                (array['it', 'it', 'it', 'en', 'de', 'sl', 'es'])[1 + i % 7], null,
                now() - interval '40 months' + (i::float8 / ${buyers}) * interval '36 months',
                now(), now() - interval '40 months' + (i::float8 / ${buyers}) * interval '36 months'
           from generate_series(1, ${buyers}) i`,
        [FIRST_NAMES, SURNAMES],
      ],
      [
        // When each order was made: 60% spread evenly over three years, 40% in the May–October
        // seasons; ids follow time, as a sequence gives them.
        'order times',
        `create temp table bench_orders as
         select row_number() over (order by at) as id, at,
                1 + floor(power(random(), 1.6) * (select count(*) from bench_tickets))::int as ticket_n,
                (1 + floor(power(random(), 2) * ${buyers}))::int as buyer_seq, random() as r, random() as m,
                case when g < 0.30 then 1 when g < 0.75 then 2 when g < 0.95 then 3 else 4 end as guests
           from (select case when at > now() then at - interval '1 year' else at end as at, g
                   from (select case when random() < 0.6
                                     then now() - random() * interval '3 years'
                                     else date_trunc('year', now()) - (floor(random() * 3)::int) * interval '1 year'
                                          + interval '4 months' + random() * interval '184 days' end as at,
                                random() as g
                           from generate_series(1, ${orders})) s) t;
         alter table bench_orders add primary key (id)`,
      ],
      [
        `${orders.toLocaleString('en')} orders`,
        // Each order is of one ticket; its area is written here, as the trigger on order_lines is off.
        `insert into orders (id, code, user_id, status, language, payment_method, payment_reference, idempotency_key,
                             subtotal_cents, total_cents, refunded_cents, hold_expires_at, created_at, paid_at, issued_at, updated_at,
                             area_ids)
         select o.id, 'ST-' || substr(h, 1, 5) || '-' || substr(h, 6, 5),
                ${firstBuyer - 1} + o.buyer_seq, s.status,
                (array['it', 'it', 'it', 'en', 'de', 'sl', 'es'])[1 + o.id % 7], s.method,
                case when s.method = 'card' then 'pi_bench_' || o.id when s.method = 'paypal' then 'PAYPAL-BENCH-' || o.id end,
                'bench-' || o.id, t.price_cents * o.guests, t.price_cents * o.guests,
                case when s.status = 'refunded' then t.price_cents * o.guests else 0 end,
                o.at + interval '15 minutes', o.at,
                case when s.status in ('paid', 'issued', 'refunded') and (s.method <> 'cash' or o.at < now() - interval '45 days')
                     then o.at + interval '40 seconds' end,
                case when s.status in ('issued', 'refunded') then o.at + interval '45 seconds' end, o.at,
                array[t.area_id]
           from bench_orders o join bench_tickets t on t.n = o.ticket_n
           cross join lateral (select upper(lpad(to_hex((o.id * 2654435761 + 40503) % 1099511627776), 10, '0')) as h) c
           cross join lateral (select
                  case when o.at > now() - interval '15 minutes' then 'pending'
                       when o.r < 0.86 then 'issued' when o.r < 0.89 then 'refunded' when o.r < 0.94 then 'expired'
                       when o.r < 0.97 then 'failed' else 'paid' end as status,
                  case when o.m < 0.55 then 'card' when o.m < 0.87 then 'paypal' when o.m < 0.99 then 'cash' else 'free' end as method) s`,
      ],
      [
        'guests',
        `insert into order_lines (order_id, ticket_id, guest_name, start_date, end_date, country, fiscal_code, unit_price_cents)
         select o.id, t.id, n.first || ' ' || n.last, d.start, d.start + t.days - 1, n.country,
                case when n.country = 'IT' and random() < 0.9 then
                  upper(rpad(left(regexp_replace(n.last, '[aeiouAEIOU ]', '', 'g'), 3), 3, 'X')
                        || rpad(left(regexp_replace(n.first, '[aeiouAEIOU ]', '', 'g'), 3), 3, 'X'))
                  || lpad(floor(random() * 100)::text, 2, '0') || substr('ABCDEHLMPRST', 1 + floor(random() * 12)::int, 1)
                  || lpad((1 + floor(random() * 71))::text, 2, '0') || 'H' || lpad(floor(random() * 1000)::text, 3, '0')
                  || chr(65 + floor(random() * 26)::int) end,
                t.price_cents
           from bench_orders o join bench_tickets t on t.n = o.ticket_n
           cross join lateral generate_series(1, o.guests) g
           cross join lateral (select
                  case when g = 1 and random() < 0.6 then u.first_name else ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] end as first,
                  case when g <= 2 and random() < 0.6 then u.last_name else ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] end as last,
                  coalesce(u.country, 'IT') as country
                  from users u where u.id = ${firstBuyer - 1} + o.buyer_seq) n
           cross join lateral (select (o.at::date + floor(power(random(), 2) * 60)::int) as start) d
          order by o.id, g`,
        [FIRST_NAMES, SURNAMES],
      ],
      [
        'issued tickets',
        `insert into issued_tickets (code, order_id, order_line_id, ticket_id, holder_name, valid_from, valid_until,
                                     uses, status, signed_code, share_token, issued_at)
         select 'T' || upper(lpad(to_hex((l.id * 2246822519 + 374761393) % 1099511627776), 10, '0')),
                l.order_id, l.id, l.ticket_id, l.guest_name, l.start_date, l.end_date,
                case when l.start_date < current_date and random() < 0.7 then 1 else 0 end,
                case when o.status = 'refunded' then 'cancelled' else 'active' end,
                'bench.' || l.id, md5('bench-share-' || l.id), o.issued_at
           from order_lines l join orders o on o.id = l.order_id
          where o.status in ('issued', 'refunded')`,
      ],
      [
        'uses',
        `insert into ticket_redemptions (issued_ticket_id, redeemed_at)
         select id, valid_from + interval '9 hours' + random() * interval '8 hours' from issued_tickets where uses > 0`,
      ],
      [
        'refunds',
        // Whole refunds of the refunded orders, and one guest of about 1% of the issued ones.
        [
          `create temp table bench_partial as
         select distinct on (l.order_id) l.order_id, l.id as line_id, l.unit_price_cents
           from order_lines l join orders o on o.id = l.order_id
          where o.status = 'issued' and o.id % 97 = 0 and o.total_cents > l.unit_price_cents
          order by l.order_id, l.id desc`,
          `insert into refunds (order_id, state, amount_cents, reason, idempotency_key, provider_reference, created_at, settled_at)
         select o.id, 'succeeded', o.total_cents, ($1::text[])[1 + o.id % array_length($1::text[], 1)],
                'bench-refund-' || o.id, case when o.payment_method in ('card', 'paypal') then 're_bench_' || o.id end,
                o.created_at + interval '2 days', o.created_at + interval '2 days 10 minutes'
           from orders o where o.status = 'refunded'
         union all
         select p.order_id, 'succeeded', p.unit_price_cents, ($1::text[])[1 + p.order_id % array_length($1::text[], 1)],
                'bench-refund-' || p.order_id, case when o.payment_method in ('card', 'paypal') then 're_bench_' || p.order_id end,
                o.created_at + interval '1 day', o.created_at + interval '1 day 10 minutes'
           from bench_partial p join orders o on o.id = p.order_id`,
          'update orders o set refunded_cents = p.unit_price_cents from bench_partial p where o.id = p.order_id',
          "update issued_tickets i set status = 'cancelled' from bench_partial p where i.order_line_id = p.line_id",
          `insert into refund_lines (refund_id, order_line_id, amount_cents)
         select r.id, l.id, l.unit_price_cents from refunds r join orders o on o.id = r.order_id
           join order_lines l on l.order_id = o.id
          where o.status = 'refunded' and r.idempotency_key like 'bench-refund-%'
         union all
         select r.id, p.line_id, p.unit_price_cents from refunds r join bench_partial p on p.order_id = r.order_id`,
        ],
        [REFUND_REASONS],
      ],
      [
        'places per day',
        `insert into ticket_day_places (ticket_id, day, taken)
         select l.ticket_id, l.start_date, count(*) from order_lines l join orders o on o.id = l.order_id
          where o.status in ('pending', 'paid', 'issued') group by l.ticket_id, l.start_date
         on conflict do nothing`,
      ],
      [
        'sequences',
        ['users', 'orders', 'order_lines', 'issued_tickets', 'ticket_redemptions', 'refunds', 'refund_lines']
          .map(
            (table) =>
              `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
          )
          .join(';\n'),
      ],
    ];
    for (const [label, sql, values] of steps) {
      await timed(label, async () => {
        for (const statement of [sql].flat()) {
          await client.query(statement, statement.includes('$1') ? values : undefined);
        }
      });
    }
    // The search keys are made order by order through the orders' and guests' indexes (without
    // them each order would read every guest): those first, the keys' own after the keys.
    const keyTables = ['order_search_keys', 'order_area_keys'];
    const [keyIndexes, otherIndexes] = [
      indexes.filter((index) => keyTables.includes(index.table)),
      indexes.filter((index) => !keyTables.includes(index.table)),
    ];
    await timed(`${otherIndexes.length} indexes built again`, async () => {
      for (const index of otherIndexes) await client.query(index.definition);
    });
    // What the console finds orders by, their days and their areas' keys: the triggers that keep
    // them are off.
    await timed('search keys', () =>
      client.query('select order_search_rebuild(array(select id from orders))'),
    );
    await timed(`${keyIndexes.length} search key indexes`, async () => {
      for (const index of keyIndexes) await client.query(index.definition);
    });
    await timed('vacuum and analyse', () => client.query(`vacuum (analyze) ${LOADED.join(', ')}`));
    await client.query(`create table ${MARKER} (orders integer not null, generated_at timestamptz not null default now());
                        insert into ${MARKER} (orders) values (${orders})`);
  } finally {
    await client.end();
  }
}

function prefixed(columns: string, alias: string): string {
  return columns
    .split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
