import { orders, sessions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { CHECKOUT_SCHEDULES } from '../modules/checkout/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createMember, createOrder, createTicket, memberId, type TestTicket } from '../test/factories.ts';
import { waitFor } from '../test/server-process.ts';
import { loadConfig } from './config.ts';
import { type Jobs, startJobs } from './jobs.ts';

const NOW = '2026-11-23T08:00:00Z';
const SCHEDULES = [
  { queue: 'alerts-evaluate', cron: '47 4 * * *', retryLimit: 2 },
  { queue: 'day-cancellations-lapse', cron: '*/5 * * * *', retryLimit: 2 },
  { queue: 'expired-rows-purge', cron: '*/15 * * * *', retryLimit: 3 },
  { queue: 'figure-days-roll-up', cron: '30 1 * * *', retryLimit: 3 },
  { queue: 'holds-expire', cron: '* * * * *', retryLimit: 2 },
  { queue: 'listing-refunds-recheck', cron: '*/10 * * * *', retryLimit: 2 },
  { queue: 'order-export-cleanup', cron: '23 * * * *', retryLimit: 2 },
  { queue: 'orders-recover', cron: '* * * * *', retryLimit: 2 },
  { queue: 'popularity-refresh', cron: '*/5 * * * *', retryLimit: 3 },
  { queue: 'refunds-recheck', cron: '*/10 * * * *', retryLimit: 2 },
  { queue: 'review-requests', cron: '15 8 * * *', retryLimit: 2 },
  { queue: 'subscriptions-renew', cron: '*/5 * * * *', retryLimit: 2 },
  { queue: 'weather-refresh', cron: '17 */3 * * *', retryLimit: 2 },
];
const quiet = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

type QueueRow = { name: string; cron: string; retry_limit: number; policy: string };
async function scheduledQueues(sut: TestApp): Promise<QueueRow[]> {
  const { rows } = await sut.database.executeSql(
    `select s.name, s.cron, q.retry_limit, q.policy
     from pgboss.schedule s join pgboss.queue q on q.name = s.name order by s.name`,
    [],
  );
  return rows as QueueRow[];
}

async function jobsIn(sut: TestApp, queue: string, state: string): Promise<number> {
  const { rows } = await sut.database.executeSql(
    'select count(*)::int as count from pgboss.job where name = $1 and state = $2',
    [queue, state],
  );
  return (rows[0] as { count: number }).count;
}

let sut: TestApp;
let ticket: TestTicket;
/** What sends jobs to the app's queues from outside, as another process would. */
let sender: Jobs;
beforeAll(async () => {
  sut = await createTestApp({}, { now: NOW });
  ticket = await createTicket(sut.database.db);
  sender = await startJobs(sut.database, quiet, { work: false });
});
afterAll(async () => {
  await sender.stop();
  await sut.close();
});

async function remainingPlaces(): Promise<number> {
  const response = await sut.app.inject({
    method: 'GET',
    url: `/api/app/ticket/calendar?id=${ticket.id}&from=${ticket.date}&days=1`,
  });
  return response.json().days[0].remaining;
}

describe('scheduled jobs', () => {
  it('are named queues in pg-boss, each with its cron and retries', async () => {
    expect(await scheduledQueues(sut)).toEqual(
      SCHEDULES.map(({ queue, cron, retryLimit }) => ({
        name: queue,
        cron,
        retry_limit: retryLimit,
        policy: 'exclusive',
      })),
    );
    expect(CHECKOUT_SCHEDULES.expireHolds.queue).toBe('holds-expire');
  });

  it('run when sent: a hold that ran out gives its places back', async () => {
    const before = await remainingPlaces();
    const order = await createOrder(
      sut.database.db,
      {
        code: 'ST-JOBS0-HOLD0',
        userId: await memberId(await createMember(sut)),
        status: 'pending',
        language: 'en',
        paymentMethod: 'card',
        idempotencyKey: 'scheduled-hold-expiry',
        subtotalCents: 1000,
        totalCents: 1000,
        holdExpiresAt: new Date(Date.parse(NOW) - 60_000),
      },
      [
        {
          ticketId: ticket.id,
          guestName: 'Anna Conti',
          startDate: ticket.date,
          endDate: ticket.date,
          unitPriceCents: 1000,
        },
      ],
      { capacity: ticket.capacity },
    );
    expect(await remainingPlaces()).toBe(before - 1);

    await sender.send(CHECKOUT_SCHEDULES.expireHolds.queue, {});
    const statusOf = async () =>
      (await sut.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status;
    await waitFor(async () => (await statusOf()) === 'expired', 'the hold to expire');
    expect(await remainingPlaces()).toBe(before);
  }, 30_000);

  it('run when sent: the purge deletes expired sessions and keeps live ones', async () => {
    const userId = await memberId(await createMember(sut));
    const at = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000);
    await sut.database.db.insert(sessions).values([
      { tokenHash: 'expired-session', userId, createdAt: at(-40), lastSeenAt: at(-31), expiresAt: at(-1) },
      { tokenHash: 'live-session', userId, createdAt: at(-1), lastSeenAt: at(-1), expiresAt: at(29) },
    ]);
    const exists = async (tokenHash: string) =>
      (await sut.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).length === 1;

    await sender.send('expired-rows-purge', {});
    await waitFor(async () => !(await exists('expired-session')), 'the expired session to go');
    expect(await exists('live-session')).toBe(true);
  }, 30_000);

  it('run on their cron in a process with workers', async () => {
    const before = await jobsIn(sut, 'holds-expire', 'completed');
    const worker = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' }),
      database: sut.database,
      logger: false,
    });
    try {
      await worker.ready();
      // Every minute's schedules are due at any moment: the next check of the clock sends them.
      await waitFor(
        async () =>
          (await jobsIn(sut, 'holds-expire', 'completed')) > before &&
          (await jobsIn(sut, 'orders-recover', 'completed')) > 0,
        'the scheduled runs',
        30_000,
      );
    } finally {
      await worker.close();
    }
  }, 45_000);
});

describe('scheduled jobs in processes without job workers (JOB_WORKERS=off)', () => {
  let api: TestApp;
  let apiSender: Jobs;
  beforeAll(async () => {
    api = await createTestApp({ JOB_WORKERS: 'off' });
    apiSender = await startJobs(api.database, quiet, { work: false });
  });
  afterAll(async () => {
    await apiSender.stop();
    await api.close();
  });

  it('are registered, and left in the queue for a worker', async () => {
    expect((await scheduledQueues(api)).map((row) => row.name)).toEqual(SCHEDULES.map((s) => s.queue));
    await apiSender.send(CHECKOUT_SCHEDULES.expireHolds.queue, {});
    // Workers poll every 2 s: a worker in this process would have taken it by now.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await jobsIn(api, 'holds-expire', 'created')).toBe(1);
    expect(await jobsIn(api, 'holds-expire', 'completed')).toBe(0);
  }, 30_000);
});

describe('a queue worked by two loops', () => {
  it('goes on with jobs sent after a slow one while the slow one still runs', async () => {
    const queue = 'test-two-loops';
    const worker = await startJobs(sut.database, quiet, { cron: false });
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done: number[] = [];
    try {
      await worker.work<{ n: number }>(
        queue,
        async ({ n }) => {
          if (n === 0) await slow;
          done.push(n);
        },
        { loops: 2 },
      );
      await worker.send(queue, { n: 0 });
      await waitFor(async () => (await jobsIn(sut, queue, 'active')) === 1, 'the slow job to start');
      for (const n of [1, 2, 3]) await worker.send(queue, { n });
      // One loop waits for its batch's slow job; the other takes what came after it.
      await waitFor(() => done.length === 3, 'the jobs sent after the slow one', 10_000);
      expect(done.sort()).toEqual([1, 2, 3]);
    } finally {
      release();
      await worker.stop();
    }
    expect(done).toContain(0);
  }, 30_000);
});
