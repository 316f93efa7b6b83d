/**
 * `npm run bench:ranger-sync`: 5,000 uses queued offline on 5 phones, synced at once (issue 24,
 * "Tests and figures"; ADR 043, 047). Goal: all of them in ≤ 10 s, none counted twice.
 *
 * 1. A server is started once on a fresh data directory (PGlite), or on BENCH_DATABASE_URL, so it
 *    migrates and seeds; on PGlite it is stopped while the bench writes its data and started again.
 * 2. Data, written straight into the database: a ranger of the first seeded area's operator,
 *    BENCH_DEVICES (5) enrolled devices (P-256 keys made here, as a phone makes them), and
 *    BENCH_TICKETS (1,500) issued tickets of that area with a maximum of 3 uses.
 * 3. Each device queues BENCH_USES (1,000) uses of random tickets in its own hash chain; two
 *    devices often take the same ticket's last use, as rangers offline do. Then every device
 *    sends its queue in batches of 500 (`/api/ranger/records`, signed), the devices concurrently:
 *    the wall time from the first request to the last answer is the figure.
 * 4. Checks: every answer `recorded`, chains `ok`; in the database the uses of these tickets,
 *    the counts on the tickets and the distinct client ids all equal the uses sent; a resend of
 *    everything answers only `duplicate` and changes no count.
 *
 * The machine's load average is printed beside the figure. BENCH_PORT sets the server's port.
 */
import { randomBytes, randomInt, type webcrypto } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  CHAIN_GENESIS,
  type ChainUseRecord,
  chainRecordHash,
  DEVICE_HEADERS,
  deviceRequestText,
  sha256Hex,
} from '@sentiero/contract/ranger-field';
import { openDatabase } from '@sentiero/db/client';
import { freshDataDir, type Server, startServer } from './server.ts';

const devices = Number(process.env.BENCH_DEVICES ?? 5);
const usesPerDevice = Number(process.env.BENCH_USES ?? 1_000);
const ticketCount = Number(process.env.BENCH_TICKETS ?? 1_500);
const batchSize = 500;
const port = Number(process.env.BENCH_PORT ?? 3411);
const GOAL_SECONDS = 10;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

type Phone = { id: number; key: webcrypto.CryptoKey; uses: (ChainUseRecord & { hash: string })[] };

const dataDir = freshDataDir();
const openBenchDatabase = () =>
  databaseUrl
    ? openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 })
    : openDatabase({ driver: 'pglite', dataDir });

/** The first seeded area, a ranger of its operator, the phones and the tickets. */
async function prepare() {
  const database = await openBenchDatabase();
  const sql = async <T>(text: string, values: unknown[] = []) =>
    (await database.executeSql(text, values)).rows as T[];
  const [area] = await sql<{ id: number; operator_id: number }>(
    'select id, operator_id from areas order by id limit 1',
  );
  const [ticket] = await sql<{ id: number }>(
    'select id from tickets where area_id = $1 order by id limit 1',
    [area?.id],
  );
  if (!area || !ticket) throw new Error('the seeded catalogue has no area with a ticket');
  const run = randomBytes(4).toString('hex');
  const [staff] = await sql<{ id: number }>(
    // No password: the phones are enrolled here, and nobody signs in as this ranger.
    `insert into staff_accounts (email, password_hash, name, language, totp_secret, totp_enabled_at)
     values ($1, '!', 'Bench ranger', 'en', 'JBSWY3DPEHPK3PXP', now()) returning id`,
    [`ranger-${run}@bench.sentiero.test`],
  );
  await sql("insert into staff_grants (staff_id, role, operator_id) values ($1, 'ranger', $2)", [
    staff?.id,
    area.operator_id,
  ]);
  const phones: Phone[] = [];
  for (let index = 0; index < devices; index++) {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
    const [row] = await sql<{ id: number }>(
      `insert into ranger_devices (staff_id, operator_id, label, public_key, enrolled_at)
       values ($1, $2, $3, $4, now()) returning id`,
      [
        staff?.id,
        area.operator_id,
        `Bench phone ${index + 1}`,
        JSON.stringify({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }),
      ],
    );
    phones.push({ id: row?.id as number, key: keys.privateKey, uses: [] });
  }
  const [user] = await sql<{ id: number }>(
    `insert into users (email, first_name, last_name) values ($1, 'Bench', 'Buyer') returning id`,
    [`buyer-${run}@bench.sentiero.test`],
  );
  const [order] = await sql<{ id: number }>(
    `insert into orders (code, user_id, status, language, payment_method, idempotency_key, subtotal_cents,
                         total_cents, hold_expires_at, area_ids)
     values ($1, $2, 'issued', 'en', 'free', $3, 0, 0, now(), array[$4::int]) returning id`,
    [`ST-B${run.slice(0, 4)}-${run.slice(4)}`, user?.id, `bench-${run}`, area.id],
  );
  const codes = await sql<{ code: string }>(
    `with lines as (
       insert into order_lines (order_id, ticket_id, guest_name, start_date, end_date, unit_price_cents)
       select $1, $2, 'Guest ' || n, current_date, current_date + 2, 0 from generate_series(1, $3) n
       returning id)
     insert into issued_tickets (code, order_id, order_line_id, ticket_id, holder_name, valid_from, valid_until,
                                 max_usage, signed_code, share_token, issued_at)
     select 'T' || (select string_agg(substr($4, 1 + floor(random() * 32)::int, 1), '') from generate_series(1, 10) where l.id > 0),
            $1, l.id, $2, 'Guest ' || l.id, current_date, current_date + 2, 3, 'bench.' || l.id,
            md5('bench-share-' || l.id || $5), now()
       from lines l
     returning code`,
    [order?.id, ticket.id, ticketCount, ALPHABET, run],
  );
  await database.close();
  return { phones, codes: codes.map((row) => row.code), ticketIds: { order: order?.id as number } };
}

/** Each phone's queue: its uses of random tickets, each hashed onto the one before. */
async function queueUses(phones: Phone[], codes: string[]) {
  for (const phone of phones) {
    let head = CHAIN_GENESIS;
    for (let seq = 1; seq <= usesPerDevice; seq++) {
      const record: ChainUseRecord = {
        kind: 'use',
        seq,
        client_id: crypto.randomUUID(),
        ticket_code: codes[randomInt(codes.length)] as string,
        device_time: new Date(Date.now() - (usesPerDevice - seq) * 1000).toISOString(),
        latitude: 46.1,
        longitude: 11.1,
        prev_hash: head,
      };
      head = await chainRecordHash(record);
      phone.uses.push({ ...record, hash: head });
    }
  }
}

const PATH = '/api/ranger/records?lng=en';

async function send(server: Server, phone: Phone, records: Phone['uses']) {
  const body = JSON.stringify({ records });
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(18).toString('base64url');
  const text = deviceRequestText({
    method: 'POST',
    url: PATH,
    deviceId: phone.id,
    timestamp,
    nonce,
    bodyHash: await sha256Hex(body),
  });
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    phone.key,
    new TextEncoder().encode(text),
  );
  const response = await fetch(`${server.url}${PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      [DEVICE_HEADERS.device]: String(phone.id),
      [DEVICE_HEADERS.timestamp]: String(timestamp),
      [DEVICE_HEADERS.nonce]: nonce,
      [DEVICE_HEADERS.signature]: Buffer.from(signature).toString('base64url'),
    },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw new Error(`records answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as {
    results: { outcome: string; chain: string; conflict: boolean }[];
  };
  return answer.results;
}

/** Every phone sends its whole queue in batches, one after another; the phones at once. */
async function syncAll(server: Server, phones: Phone[]) {
  const started = performance.now();
  const results = await Promise.all(
    phones.map(async (phone) => {
      const answers = [];
      for (let from = 0; from < phone.uses.length; from += batchSize) {
        answers.push(...(await send(server, phone, phone.uses.slice(from, from + batchSize))));
      }
      return answers;
    }),
  );
  return { seconds: (performance.now() - started) / 1000, results: results.flat() };
}

async function counts(orderId: number) {
  const database = await openBenchDatabase();
  const [row] = (
    await database.executeSql(
      `select (select count(*) from ticket_redemptions r join issued_tickets i on i.id = r.issued_ticket_id
                where i.order_id = $1)::int as uses,
              (select count(distinct r.client_id) from ticket_redemptions r join issued_tickets i on i.id = r.issued_ticket_id
                where i.order_id = $1)::int as distinct_uses,
              (select coalesce(sum(uses), 0) from issued_tickets where order_id = $1)::int as counted,
              (select count(*) from ticket_use_conflicts c join issued_tickets i on i.id = c.issued_ticket_id
                where i.order_id = $1)::int as conflicts`,
      [orderId],
    )
  ).rows as { uses: number; distinct_uses: number; counted: number; conflicts: number }[];
  await database.close();
  if (!row) throw new Error('the counts were not read');
  return row;
}

const tally = (results: { outcome: string; chain: string }[]) =>
  results.reduce<Record<string, number>>((sum, result) => {
    const key = `${result.outcome}/${result.chain}`;
    sum[key] = (sum[key] ?? 0) + 1;
    return sum;
  }, {});

let server: Server | null = await startServer({ port, dataDir });
const stop = async () => {
  await server?.stop();
  server = null;
};
let ok = true;
try {
  // PGlite is one process's: the server lets go of it while the bench writes its data.
  if (!databaseUrl) await stop();
  const { phones, codes, ticketIds } = await prepare();
  await queueUses(phones, codes);
  server ??= await startServer({ port, dataDir });
  const total = devices * usesPerDevice;
  console.log(
    `\n${devices} devices × ${usesPerDevice.toLocaleString('en')} uses of ${codes.length.toLocaleString('en')} tickets (maximum 3 uses), batches of ${batchSize}, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average before: ${loadAverage()}`,
  );
  const first = await syncAll(server, phones);
  const afterFirst = await (databaseUrl ? counts(ticketIds.order) : Promise.resolve(null));
  console.log(
    `Synced ${total.toLocaleString('en')} uses in ${first.seconds.toFixed(2)} s (goal ≤ ${GOAL_SECONDS} s): ${JSON.stringify(tally(first.results))}; load average after: ${loadAverage()}`,
  );
  const again = await syncAll(server, phones);
  console.log(`Sent again in ${again.seconds.toFixed(2)} s: ${JSON.stringify(tally(again.results))}`);
  if (!databaseUrl) await stop();
  const counted = await counts(ticketIds.order);
  if (databaseUrl && afterFirst && JSON.stringify(afterFirst) !== JSON.stringify(counted)) {
    console.log(`The resend changed the counts: ${JSON.stringify(afterFirst)} → ${JSON.stringify(counted)}`);
    ok = false;
  }
  console.log(
    `In the database: ${counted.uses} uses, ${counted.distinct_uses} distinct, ${counted.counted} counted on the tickets, ${counted.conflicts} past a maximum (kept, both devices named)`,
  );
  const checks: [string, boolean][] = [
    [
      `every use recorded once, its chain ok`,
      first.results.filter((r) => r.outcome === 'recorded' && r.chain === 'ok').length === total,
    ],
    [
      'the resend answered only duplicates',
      again.results.every((r) => r.outcome === 'duplicate' && r.chain === 'ok'),
    ],
    [
      'uses stored = uses sent = distinct uses = counts on the tickets',
      [counted.uses, counted.distinct_uses, counted.counted].every((n) => n === total),
    ],
    [`synced within ${GOAL_SECONDS} s`, first.seconds <= GOAL_SECONDS],
  ];
  for (const [name, held] of checks) {
    console.log(`${held ? 'met   ' : 'MISSED'} ${name}`);
    if (!held) ok = false;
  }
} finally {
  await stop();
}
process.exitCode = ok ? 0 : 1;
