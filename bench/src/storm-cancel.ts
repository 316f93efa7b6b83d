/**
 * `npm run bench:storm`: an operator cancels a day of 500 orders (issue 25 item 6, ADR 049) —
 * card, PayPal, pay on site and free — the run tells every buyer, nobody chooses, and the 48-hour
 * lapse refunds them all, run by two workers at once as two processes would. Measured from the
 * cancellation to the last refund recorded (goal ≤ 60 s), then checked: each order refunded
 * once, each card and PayPal payment given back exactly once at the local Stripe and PayPal
 * fakes (the refund tests' own, speaking the providers' protocols on the loopback). Needs
 * BENCH_DATABASE_URL (a server where it may create a database of its own, dropped at the end).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from '@fastify/cookie';
import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import { openDatabase } from '@sentiero/db/client';
import { areas, dayCancellations, refunds, tickets } from '@sentiero/db/schema';
import { seedDatabase } from '@sentiero/db/seed/seed';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DayCancellationDeps,
  dayCancellationLinks,
  lapseDueDayCancellations,
  runDayCancellation,
} from '../../apps/api/src/modules/checkout/index.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { configuredPaymentProviders } from '../../apps/api/src/platform/payments/registry.ts';
import { loadTicketSigner } from '../../apps/api/src/platform/ticket-signing.ts';
import { type DayOrderMethod, writeDayOrders } from '../../apps/api/src/test/day-orders.ts';
import { paypalEnvironment, startFakePaypal } from '../../apps/api/src/test/fakes/paypal.ts';
import { startFakeStripe, stripeEnvironment } from '../../apps/api/src/test/fakes/stripe.ts';
import { createDatabase, loadAverage } from './premium-shared.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const GOAL_SECONDS = 60;
const POOL = 10;

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:storm runs on PostgreSQL: set BENCH_DATABASE_URL (a database of its own is made and dropped).',
  );
  process.exit(1);
}

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

/** Card, PayPal, pay on site and free in the proportions of a busy rafting Saturday. */
function methodsFor(count: number): DayOrderMethod[] {
  return Array.from({ length: count }, (_, index) => {
    const slot = index % 10;
    return slot < 4 ? 'card' : slot < 7 ? 'paypal' : slot < 9 ? 'cash' : 'free';
  });
}

const created = await createDatabase(serverUrl, 'bench_storm');
const database = await openDatabase({ driver: 'postgres', url: created.url, poolSize: POOL });
const stripe = await startFakeStripe();
const paypal = await startFakePaypal();
const keyDir = mkdtempSync(join(tmpdir(), 'bench-storm-'));
let failed = false;
try {
  await database.migrate();
  await seedDatabase(database.db);
  const { db } = database;
  const [ticket] = await db
    .select({ id: tickets.id, area_id: tickets.areaId, operator_id: areas.operatorId })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(eq(tickets.status, 'published'))
    .orderBy(asc(tickets.id))
    .limit(1);
  if (!ticket) throw new Error('the seeded catalogue has no published ticket');
  let now = new Date();
  const day = addCalendarDays(calendarDateIn('Europe/Rome', now), 5);
  const methods = methodsFor(ORDERS);
  console.log(`Writing ${ORDERS} orders of ticket ${ticket.id} on ${day} (two guests each)…`);
  const written = await writeDayOrders(db, { id: ticket.id, date: day }, methods, { stripe, language: 'it' });

  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    ...stripeEnvironment(stripe),
    ...paypalEnvironment(paypal),
  });
  const signer = loadTicketSigner({ dataDir: keyDir });
  let mails = 0;
  const mail = { send: async () => void mails++, deliver: async () => void mails++ };
  const deps: DayCancellationDeps = {
    context: { db, clock: { now: () => now }, log, mail, config, origin: 'http://127.0.0.1' },
    checkout: {
      providers: configuredPaymentProviders(config.payments),
      signer,
      queueTicketMail: async () => {},
    },
    links: dayCancellationLinks(signer.privateKey),
  };

  const started = performance.now();
  const [cancellation] = await db
    .insert(dayCancellations)
    .values({
      operatorId: ticket.operator_id,
      areaId: ticket.area_id,
      ticketId: ticket.id,
      ticketIds: [ticket.id],
      day,
      reason: 'Thunderstorms forecast all day',
      lapseAt: new Date(now.getTime() + 48 * 3_600_000),
      createdAt: now,
    })
    .returning();
  if (!cancellation) throw new Error('the cancellation was not written');
  // The queue's run, and a second worker taking the same job after a restart.
  await Promise.all([runDayCancellation(deps, cancellation.id), runDayCancellation(deps, cancellation.id)]);
  const told = performance.now();
  now = new Date(now.getTime() + 48 * 3_600_000 + 60_000);
  // Two processes' schedules firing at once.
  await Promise.all([lapseDueDayCancellations(deps), lapseDueDayCancellations(deps)]);
  const ids = written.map((order) => order.id);
  const recorded = await db
    .select({
      orderId: refunds.orderId,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${refunds.amountCents})::int`,
    })
    .from(refunds)
    .where(and(inArray(refunds.orderId, ids), eq(refunds.state, 'succeeded')))
    .groupBy(refunds.orderId);
  const finished = performance.now();

  const seconds = (finished - started) / 1000;
  const once = recorded.length === ORDERS && recorded.every((row) => row.count === 1);
  const byOrder = new Map(recorded.map((row) => [row.orderId, row.cents]));
  const stripeOnce = written
    .filter((order) => order.method === 'card')
    .every(
      (order) => stripe.refundedCents.get(order.reference ?? '') === 3000 && byOrder.get(order.id) === 3000,
    );
  const captures = new Map<string, number>();
  for (const refund of paypal.refunds)
    captures.set(refund.captureId, (captures.get(refund.captureId) ?? 0) + 1);
  const paypalOrders = written.filter((order) => order.method === 'paypal');
  const paypalOnce =
    paypalOrders.every((order) => captures.get(order.reference ?? '') === 1) &&
    paypal.refunds.length === paypalOrders.length;
  const noMoney = written
    .filter((order) => order.method === 'cash' || order.method === 'free')
    .every((order) => byOrder.get(order.id) === 0);
  failed = !(once && stripeOnce && paypalOnce && noMoney && seconds <= GOAL_SECONDS);

  console.log(
    `Orders: ${ORDERS} (${methods.filter((m) => m === 'card').length} card, ${paypalOrders.length} PayPal, ${methods.filter((m) => m === 'cash').length} on site, ${methods.filter((m) => m === 'free').length} free); mails queued: ${mails}`,
  );
  console.log(`Told every buyer in ${((told - started) / 1000).toFixed(1)} s`);
  console.log(`Cancellation to every refund recorded: ${seconds.toFixed(1)} s (goal ≤ ${GOAL_SECONDS} s)`);
  console.log(
    `Each order refunded once: ${once}; Stripe once each: ${stripeOnce}; PayPal once each: ${paypalOnce}; on site and free without money: ${noMoney}`,
  );
  console.log(`Load average: ${loadAverage()}`);
} finally {
  await database.close();
  await stripe.server.close();
  await paypal.server.close();
  await created.drop();
  rmSync(keyDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
