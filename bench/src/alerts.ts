/**
 * `npm run bench:alerts`: the daily alert job for 100,000 followers (issue 15, goal: under 5
 * minutes), on PostgreSQL (BENCH_DATABASE_URL; a database of its own, dropped afterwards).
 *
 * 100,000 Sentiero+ members each follow one of 200 areas whose stored weather makes growth come
 * (40 mm of mild rain 12 days ago) and, in a tenth of the areas, a storm tomorrow; a quarter ask
 * for a growth level the forecast reaches, a fifth hold a ticket there tomorrow, three in ten have
 * a device for pushes. The run is the
 * app's: `evaluateAlerts` then the `alerts-send` jobs worked by pg-boss (two loops, as the app),
 * mail over SMTP to a local sink, pushes encrypted and VAPID-signed by web-push to a local push
 * sink. The clock stands at 10:00 in Rome, outside quiet hours. It prints the time from the run's
 * start to the last send, the notifications, mails and pushes received, and the duplicates:
 * sends received beyond one per notification and device (must be 0), after a second run that
 * must add nothing.
 */
// The API's session code reads cookies through @fastify/cookie's additions to Fastify's types.

import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type {} from '@fastify/cookie';
import { calendarDateIn } from '@sentiero/contract/durations';
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  ALERTS_SEND_QUEUE,
  evaluateAlerts,
  startAlertJobs,
} from '../../apps/api/src/modules/alerts/index.ts';
import { startJobs } from '../../apps/api/src/platform/jobs.ts';
import { smtpTransport, startMailer } from '../../apps/api/src/platform/mail.ts';
import { loadVapidKeys, webPushSender } from '../../apps/api/src/platform/push.ts';
import { PUSH_SERVICE_HOSTS } from '../../apps/api/src/platform/push-destinations.ts';
import { startMailSink } from './mail-sink.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
/**
 * One follower in this many asks for a growth level the forecast reaches (the others ask for
 * "miraculous", which it does not): a day when a quarter of all followers is told something is a
 * big day, every follower evaluated all the same.
 */
const TOLD_ONE_IN = Number(process.env.BENCH_TOLD_ONE_IN ?? 4);
const AREAS = 200;
const GOAL_SECONDS = 5 * 60;
const POOL = 10;

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:alerts runs on PostgreSQL: set BENCH_DATABASE_URL (a database of its own is made and dropped).',
  );
  process.exit(1);
}
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const quiet = () => {};
const log = {
  level: 'error',
  trace: quiet,
  debug: quiet,
  info: quiet,
  warn: (object: unknown, message?: string) =>
    console.log(`  warn: ${message ?? ''} ${JSON.stringify(object).slice(0, 200)}`),
  error: (object: unknown, message?: string) =>
    console.log(`  error: ${message ?? ''} ${JSON.stringify(object).slice(0, 200)}`),
  fatal: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

/** A push service on the loopback that accepts VAPID-signed aes128gcm pushes and counts them per device. */
async function startPushSink() {
  const perDevice = new Map<string, number>();
  let refused = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const signed = /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(request.headers.authorization ?? '');
      if (!signed || request.headers['content-encoding'] !== 'aes128gcm') {
        refused++;
        response.writeHead(400).end();
        return;
      }
      perDevice.set(request.url ?? '', (perDevice.get(request.url ?? '') ?? 0) + 1);
      response.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => [...perDevice.values()].reduce((sum, n) => sum + n, 0),
    duplicates: () => [...perDevice.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const name = `bench_alerts_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: POOL });
const mailSink = await startMailSink();
const pushSink = await startPushSink();
let jobs: Awaited<ReturnType<typeof startJobs>> | undefined;
let transport: ReturnType<typeof smtpTransport> | undefined;

try {
  await database.migrate();
  await seedDatabase(database.db);
  const client = new pg.Client({ connectionString: url.toString() });
  // Dropping the database at the end ends this connection too.
  client.on('error', () => {});
  await client.connect();
  // 10:00 in Rome today: outside anybody's quiet hours.
  const today = calendarDateIn('Europe/Rome', new Date());
  const now = new Date(`${today}T08:00:00Z`);
  const clock = { now: () => now };

  console.log(`Writing ${FOLLOWERS} followers of ${AREAS} areas…`);
  const setupStarted = performance.now();
  await client.query(`
    insert into areas (slug, region_id, operator_id, name, summary, description, latitude, longitude, bounds, time_zone, rules)
    select 'bench-alerts-' || n, (select min(id) from regions where country_code = 'IT'), (select min(id) from operators),
      jsonb_build_object('it', 'Zona ' || n, 'en', 'Area ' || n), '{"en":""}', '{"en":""}', 46, 11,
      '[[46,11],[46.1,11.1]]', 'Europe/Rome', '{"en":""}'
    from generate_series(1, ${AREAS}) n`);
  await client.query(
    `insert into area_weather_days (area_id, day, rain_mm, temp_mean, temp_min, temp_max, weather_code, gust_kmh, forecast, source, fetched_at)
     select a.id, d::date, case when d::date = $1::date - 12 then 40 else 0 end, 15, 8, 21,
       case when d::date = $1::date + 1 and a.id % 10 = 0 then 95 else 1 end, 10, d::date >= $1::date, 'open-meteo', now()
     from areas a, generate_series($1::date - 32, $1::date + 6, interval '1 day') d
     where a.slug like 'bench-alerts-%'`,
    [today],
  );
  await client.query(`
    insert into users (email, first_name, language, password_hash)
    select 'alerts' || n || '@bench.test', 'Member ' || n, (array['it','en','es','de','sl'])[1 + n % 5], null
    from generate_series(1, ${FOLLOWERS}) n`);
  await client.query(
    `insert into subscriptions (user_id, status, plan_type, price_cents, payment_method, started_at, trial_end, period_end)
     select id, 'trialing', 'yearly', 2490, 'sandbox', $1::timestamptz - interval '1 day', $1::timestamptz + interval '6 days', $1::timestamptz + interval '6 days'
     from users where email like '%@bench.test'`,
    [now],
  );
  await client.query(`
    insert into alert_follows (user_id, area_id, kinds, min_level, by_mail, by_push, unsubscribe_token)
    select u.id, a.id, '{growth,storm,heavyRain,frost}',
      case when u.id % ${TOLD_ONE_IN} = 0 then 'scarce' else 'miraculous' end, true, true, md5(random()::text || u.id)
    from users u
    join (select id, row_number() over (order by id) - 1 as i from areas where slug like 'bench-alerts-%') a
      on a.i = u.id % ${AREAS}
    where u.email like '%@bench.test'`);
  // Three in ten have a device: real P-256 keys (a few hundred pairs shared), each endpoint its own.
  const keys = Array.from({ length: 256 }, () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  });
  await client.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
     select u.id, $1 || '/push/' || u.id, ($2::text[])[1 + u.id % 256], ($3::text[])[1 + u.id % 256]
     from users u where u.email like '%@bench.test' and u.id % 10 < 3`,
    [pushSink.url, keys.map((key) => key.p256dh), keys.map((key) => key.auth)],
  );
  // A fifth hold a ticket for tomorrow in the area they follow.
  await client.query(
    `with holders as (
       select f.user_id, f.area_id from alert_follows f where f.user_id % 5 = 0
     ), ticket as (
       insert into tickets (slug, area_id, activity_type_id, category_id, title, description, rules, duration_type, price_cents, languages, open_days, cancellation_rule)
       select 'bench-alerts-ticket-' || a.id, a.id, (select min(id) from activity_types), 16, '{"en":"Permit"}', '{"en":""}', '{"en":""}', 'DAILY', 1000, '{it}', '{1,2,3,4,5,6,7}', '{"kind":"none","tiers":[],"fee_cents":0,"move_allowed":false}'::jsonb
       from areas a where a.slug like 'bench-alerts-%'
       returning id, area_id
     ), ord as (
       insert into orders (code, user_id, status, language, payment_method, idempotency_key, subtotal_cents, total_cents, hold_expires_at)
       select 'BA-' || h.user_id, h.user_id, 'issued', 'it', 'card', 'bench-' || h.user_id, 1000, 1000, now()
       from holders h returning id, user_id
     ), line as (
       insert into order_lines (order_id, ticket_id, guest_name, start_date, end_date, unit_price_cents)
       select o.id, t.id, 'Guest', $1::date + 1, $1::date + 1, 1000
       from ord o join holders h on h.user_id = o.user_id join ticket t on t.area_id = h.area_id
       returning id, order_id, ticket_id
     )
     insert into issued_tickets (code, order_id, order_line_id, ticket_id, holder_name, valid_from, valid_until, signed_code, share_token, issued_at)
     select 'BA-T-' || l.id, l.order_id, l.id, l.ticket_id, 'Guest', $1::date + 1, $1::date + 1, 'signed', 'share-' || l.id, now()
     from line l`,
    [today],
  );
  await client.query('analyze');
  console.log(`Written in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s.`);

  jobs = await startJobs(database, log, { work: true, cron: false });
  transport = smtpTransport(mailSink.url, 'Sentiero <alerts@bench.test>');
  const mail = await startMailer(jobs, transport);
  await startAlertJobs({
    db: database.db,
    jobs,
    clock,
    log,
    mail,
    // The push sink listens on this machine, which only PUSH_SERVICE_LOOPBACK's rule lets pushes reach.
    push: webPushSender(loadVapidKeys({ subject: 'mailto:alerts@bench.test' }), {
      hosts: PUSH_SERVICE_HOSTS,
      loopback: true,
    }),
    brand: 'Sentiero',
    origin: 'https://sentiero.example',
  });

  console.log(`Running the daily alert job (load average ${load()})…`);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const summary = await evaluateAlerts({ db: database.db, clock, log, jobs });
  const evaluated = (performance.now() - started) / 1000;
  console.log(`  evaluated in ${evaluated.toFixed(1)} s: ${JSON.stringify(summary)}`);
  const expectedMails = summary.mails;
  const deadline = started + 2 * GOAL_SECONDS * 1000;
  let lastReport = 0;
  for (;;) {
    // pg-boss's own table: the send jobs not finished yet.
    const [row] = (
      await client.query<{ open: number }>(
        `select count(*)::int as open from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
        [ALERTS_SEND_QUEUE],
      )
    ).rows;
    if ((row?.open ?? 1) === 0 && mailSink.received() >= expectedMails) break;
    if (performance.now() > deadline) {
      console.log(`  stopped at twice the goal with ${row?.open} send jobs open`);
      break;
    }
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(
        `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${mailSink.received()} mails, ${pushSink.received()} pushes, ${row?.open} jobs open (load ${load()})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const again = await evaluateAlerts({ db: database.db, clock, log, jobs });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const mailDuplicates = Math.max(0, mailSink.received() - expectedMails);
  const pushDuplicates = pushSink.duplicates();
  console.log('');
  console.log(`Followers: ${FOLLOWERS} in ${AREAS} areas`);
  console.log(`Notifications: ${summary.notifications} (second run: ${again.notifications} new)`);
  console.log(
    `Mails received: ${mailSink.received()} of ${expectedMails}; pushes received: ${pushSink.received()} (refused ${pushSink.refused()})`,
  );
  console.log(
    `Duplicates: ${mailDuplicates + pushDuplicates + again.notifications} (mails ${mailDuplicates}, pushes ${pushDuplicates}, second run ${again.notifications})`,
  );
  console.log(
    `Time: ${seconds.toFixed(1)} s (evaluation ${evaluated.toFixed(1)} s), goal < ${GOAL_SECONDS} s: ${seconds < GOAL_SECONDS ? 'met' : 'NOT met'}`,
  );
  console.log(
    `CPU of this process (the job, pg-boss, the mail and push sinks): ${cpuSeconds.toFixed(1)} s, ${((cpuSeconds * 1000) / Math.max(1, summary.notifications)).toFixed(2)} ms per notification`,
  );
  console.log(`Load average: ${load()}`);
  if (seconds >= GOAL_SECONDS || mailDuplicates + pushDuplicates + again.notifications > 0)
    process.exitCode = 1;
  await client.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await jobs?.stop();
  transport?.close();
  await database.close();
  await mailSink.close();
  await pushSink.close();
  if (process.env.BENCH_KEEP) console.log(`Kept the database ${name}.`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
