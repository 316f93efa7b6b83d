import { ORDER_EXPORT_STREAM_MAX } from '@sentiero/contract/console-orders';
import { orderExportParts, orderExports, orderLines, orders } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  memberId,
  unique,
} from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';
import {
  cleanUpOrderExports,
  EXPORT_KEPT_MS,
  EXPORT_STALLED_MS,
  type OrderExportDeps,
  runOrderExport,
  STALLED,
} from './export-jobs.ts';

/*
 * A queued export's runs (ADR 041), driven by the test as the queue's worker would, with the app's
 * own workers off: stopped between batches and started again, run twice at once, run again when
 * done, handing the rest to a new job; the streaming threshold; expiry and the cleanup.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;
let queued: number[];
let deps: OrderExportDeps;

beforeAll(async () => {
  sut = await createTestApp({ JOB_WORKERS: 'off' }, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
  queued = [];
  deps = {
    db: sut.database.db,
    clock,
    log: sut.app.log,
    queueOrderExport: async (id) => {
      queued.push(id);
    },
  };
});

/** An operator's ticket with `count` orders of one guest each, made a millisecond apart. */
async function ticketWithOrders(count: number) {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  const userId = await memberId(await createMember(sut, 'Marta'));
  await addOrders(ticket, userId, count);
  const staff = await createStaff(sut.database.db, { role: 'manager', operatorId: operator.id });
  return { operator, ticket, userId, staff, browser: await signInStaff(sut, staff, clock) };
}

async function addOrders(ticket: { id: number; date: string }, userId: number, count: number) {
  const at = Date.parse('2026-01-01T00:00:00Z');
  for (let from = 0; from < count; from += 1000) {
    const size = Math.min(1000, count - from);
    const made = await sut.database.db
      .insert(orders)
      .values(
        Array.from({ length: size }, (_, index) => ({
          code: unique('ST-JOB'),
          userId,
          status: 'issued' as const,
          language: 'en' as const,
          paymentMethod: 'card',
          idempotencyKey: unique('job'),
          subtotalCents: 1500,
          totalCents: 1500,
          holdExpiresAt: new Date(at),
          // Two orders a millisecond: batches end inside a millisecond, too.
          createdAt: new Date(at + Math.floor((from + index) / 2)),
        })),
      )
      .returning({ id: orders.id });
    await sut.database.db.insert(orderLines).values(
      made.map((order) => ({
        orderId: order.id,
        ticketId: ticket.id,
        guestName: 'Job Guest',
        startDate: ticket.date,
        endDate: ticket.date,
        unitPriceCents: 1500,
      })),
    );
  }
}

async function askInBackground(browser: Browser, ticketId: number): Promise<number> {
  const response = await browser.post('/api/console/orders/exports?lng=en', {
    background: true,
    ticket_id: ticketId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().export.id;
}

const rowOf = async (id: number) =>
  (await sut.database.db.select().from(orderExports).where(eq(orderExports.id, id)))[0];

/** The order codes of a prepared file, each row's first field, in the file's order. */
async function codesIn(browser: Browser, id: number): Promise<string[]> {
  const response = await browser.get(`/api/console/orders/exports/file?lng=en&id=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(';')[0] ?? '');
}

async function streamedCodes(browser: Browser, ticketId: number): Promise<string[]> {
  const response = await browser.get(`/api/console/orders/export.csv?lng=en&ticket_id=${ticketId}`);
  return response.body
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(';')[0] ?? '');
}

describe('a run stopped and started again', () => {
  it('goes on from the last whole batch: every order once, in order, done / total along the way', async () => {
    const { ticket, browser } = await ticketWithOrders(7);
    const id = await askInBackground(browser, ticket.id);
    expect(await rowOf(id)).toMatchObject({ state: 'queued', total: 0, done: 0 });

    // A process that stops after one batch, twice: each start goes on where the last one stopped.
    expect(await runOrderExport(deps, id, { batchSize: 2, stopAfterBatches: 1 })).toMatchObject({
      state: 'running',
      total: 7,
      done: 2,
    });
    expect(await runOrderExport(deps, id, { batchSize: 2, stopAfterBatches: 1 })).toMatchObject({ done: 4 });
    const progress = await browser.get('/api/console/orders/exports/list?lng=en');
    expect(progress.json().exports[0]).toMatchObject({ id, state: 'running', total: 7, done: 4 });
    // Not ready: nobody takes half a file.
    expect((await browser.get(`/api/console/orders/exports/file?lng=en&id=${id}`)).statusCode).toBe(404);

    expect(await runOrderExport(deps, id, { batchSize: 2 })).toMatchObject({
      state: 'ready',
      total: 7,
      done: 7,
    });
    expect(await codesIn(browser, id)).toEqual(await streamedCodes(browser, ticket.id));
    expect(queued).toEqual([]);
  }, 60_000);

  it('writes each batch once when two runs work the export at once, and a run after the end does nothing', async () => {
    const { ticket, browser } = await ticketWithOrders(9);
    const id = await askInBackground(browser, ticket.id);

    await Promise.all([
      runOrderExport(deps, id, { batchSize: 2 }),
      runOrderExport(deps, id, { batchSize: 2 }),
    ]);
    const done = await rowOf(id);
    expect(done).toMatchObject({ state: 'ready', total: 9, done: 9 });
    const codes = await codesIn(browser, id);
    expect(codes).toHaveLength(9);
    expect(new Set(codes).size).toBe(9);

    // pg-boss starts a job again that it thinks lost: the file stays as it is.
    await runOrderExport(deps, id, { batchSize: 2 });
    expect(await rowOf(id)).toEqual(done);
    const parts = await sut.database.db
      .select()
      .from(orderExportParts)
      .where(eq(orderExportParts.exportId, id));
    expect(parts.map((part) => part.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  }, 60_000);

  it('leaves out orders made after it started, and hands the rest to a new job after 40 batches', async () => {
    const { ticket, userId, browser } = await ticketWithOrders(45);
    const id = await askInBackground(browser, ticket.id);
    await runOrderExport(deps, id, { batchSize: 1, stopAfterBatches: 1 });
    const later = await createOrder(sut.database.db, { userId }, [
      { ticketId: ticket.id, startDate: ticket.date, guestName: 'Too Late' },
    ]);

    expect(await runOrderExport(deps, id, { batchSize: 1 })).toMatchObject({ state: 'running', done: 41 });
    expect(queued).toEqual([id]);
    expect(await runOrderExport(deps, id, { batchSize: 1 })).toMatchObject({
      state: 'ready',
      total: 45,
      done: 45,
    });
    expect(await codesIn(browser, id)).not.toContain(later.code);
  }, 120_000);

  it('writes the header alone for a search that finds nothing', async () => {
    const { ticket, browser } = await ticketWithOrders(0);
    const id = await askInBackground(browser, ticket.id);
    expect(await runOrderExport(deps, id)).toMatchObject({ state: 'ready', total: 0, done: 0 });
    expect(await codesIn(browser, id)).toEqual([]);
  });
});

describe('when an export is queued without being asked to', () => {
  it(`queues a search of more than ${ORDER_EXPORT_STREAM_MAX} orders, streams one of that many`, async () => {
    const { ticket, userId, browser } = await ticketWithOrders(ORDER_EXPORT_STREAM_MAX);
    const ask = () => browser.post('/api/console/orders/exports?lng=en', { ticket_id: ticket.id });
    expect((await ask()).json()).toEqual({ queued: false, export: null });
    await addOrders(ticket, userId, 1);
    const answer = (await ask()).json();
    expect(answer).toMatchObject({ queued: true, export: { state: 'queued' } });
    expect(await rowOf(answer.export.id)).toMatchObject({
      state: 'queued',
      filters: { ticketId: ticket.id },
    });
  }, 120_000);
});

describe('expiry', () => {
  it('keeps a file a day, then the cleanup removes it with its parts', async () => {
    const { ticket, staff, browser: asked } = await ticketWithOrders(3);
    const id = await askInBackground(asked, ticket.id);
    await runOrderExport(deps, id);
    const file = `/api/console/orders/exports/file?lng=en&id=${id}`;

    clock.set(clock.now().getTime() + EXPORT_KEPT_MS - 60_000);
    await cleanUpOrderExports(sut.database.db, clock);
    expect(await rowOf(id)).toMatchObject({ state: 'ready' });
    // A staff session lasts hours, not a day: the asker signs in again.
    const browser = await signInStaff(sut, staff, clock);
    expect((await browser.get(file)).statusCode).toBe(200);

    clock.set(clock.now().getTime() + 2 * 60_000);
    // Past its time the file is refused before the cleanup comes.
    expect((await browser.get(file)).statusCode).toBe(404);
    // (Other tests' exports of this file expire with it.)
    expect((await cleanUpOrderExports(sut.database.db, clock)).removed).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect(
      await sut.database.db.select().from(orderExportParts).where(eq(orderExportParts.exportId, id)),
    ).toEqual([]);
    expect((await browser.get('/api/console/orders/exports/list?lng=en')).json().exports).toEqual([]);
  });

  it('fails an export the queue gave up on, with why, and a late run does not revive it', async () => {
    const { ticket, staff, browser: asked } = await ticketWithOrders(5);
    const id = await askInBackground(asked, ticket.id);
    await runOrderExport(deps, id, { batchSize: 2, stopAfterBatches: 1 });

    clock.set(clock.now().getTime() + EXPORT_STALLED_MS + 60_000);
    const browser = await signInStaff(sut, staff, clock);
    expect((await cleanUpOrderExports(sut.database.db, clock)).failed).toBeGreaterThanOrEqual(1);
    const listed = (await browser.get('/api/console/orders/exports/list?lng=en')).json().exports;
    expect(listed).toMatchObject([{ id, state: 'failed', done: 2, total: 5, error: STALLED }]);
    expect(await runOrderExport(deps, id, { batchSize: 2 })).toMatchObject({ state: 'failed', done: 2 });
    expect((await browser.get(`/api/console/orders/exports/file?lng=en&id=${id}`)).statusCode).toBe(404);
  });
});
