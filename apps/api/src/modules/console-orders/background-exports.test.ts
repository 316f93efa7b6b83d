import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { auditLog, orderExports, staffGrants } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff, type TestStaff } from '../../test/staff-factories.ts';

/*
 * Exports prepared by the job queue (issue 23, ADR 041): asked for, written by the queue's worker
 * with their progress, taken only by who asked while their scope covers the file, audited.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function operatorWithOrders(guests: string[]) {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  const buyer = await createMember(sut, 'Marta');
  const userId = await memberId(buyer);
  const made = [];
  for (const guestName of guests) {
    made.push(
      await createOrder(sut.database.db, { userId, totalCents: 1250 }, [
        { ticketId: ticket.id, startDate: ticket.date, guestName },
      ]),
    );
  }
  return { operator, area, ticket, orders: made };
}

async function signedIn(role: StaffRole, operatorId: number | null) {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, { role, operatorId: everywhere ? null : operatorId });
  return { staff, browser: await signInStaff(sut, staff, clock) };
}

type ExportView = { id: number; state: string; total: number; done: number; error: string | null };

const ask = (browser: Browser, body: Record<string, unknown>) =>
  browser.post('/api/console/orders/exports?lng=en', body);
const listOf = async (browser: Browser): Promise<ExportView[]> => {
  const response = await browser.get('/api/console/orders/exports/list?lng=en');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().exports;
};
const fileOf = (browser: Browser, id: number) =>
  browser.get(`/api/console/orders/exports/file?lng=en&id=${id}`);

/** The export as the list shows it, once the queue's worker has finished it. */
async function readyExport(browser: Browser, id: number): Promise<ExportView> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await listOf(browser)).find((each) => each.id === id);
    if (found?.state === 'ready') return found;
    if (Date.now() > deadline) throw new Error(`export ${id} not ready: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function preparedExport(browser: Browser, filters: Record<string, unknown>) {
  const response = await ask(browser, { background: true, ...filters });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  expect(answer.queued).toBe(true);
  return readyExport(browser, answer.export.id);
}

describe('asking for an export in the background', () => {
  // The first requests of a file warm the app up: on a busy machine they take a while.
  it.each(STAFF_ROLES)(
    'answers a %s as the permission table says',
    async (role) => {
      const { operator, ticket } = await operatorWithOrders(['Role Guest']);
      const { browser } = await signedIn(role, operator.id);
      const response = await ask(browser, { background: true, ticket_id: ticket.id });
      if ((PERMISSIONS['orders.export'].heldBy as readonly string[]).includes(role)) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().export).toMatchObject({ state: 'queued', filters: { ticket_id: ticket.id } });
      } else {
        expect(response.statusCode, role).toBe(403);
        expect((await fileOf(browser, 1)).statusCode).toBe(403);
      }
    },
    60_000,
  );

  it('is written by the queue, shows done / total, and holds the same file the streamed export sends', async () => {
    const { operator, ticket, orders } = await operatorWithOrders(['Ada Rossi', 'Bo; "Verdi"', '=1+1']);
    await operatorWithOrders(['Other Operator Guest']);
    const { staff, browser } = await signedIn('manager', operator.id);

    const prepared = await preparedExport(browser, { ticket_id: ticket.id });

    expect(prepared).toMatchObject({ state: 'ready', total: 3, done: 3, error: null });
    const file = await fileOf(browser, prepared.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-2026-11-23\.csv"/);
    const streamed = await browser.get(`/api/console/orders/export.csv?lng=en&ticket_id=${ticket.id}`);
    expect(file.body).toBe(streamed.body);
    for (const order of orders) expect(file.body).toContain(order.code);
    expect(file.body).not.toContain('Other Operator Guest');

    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.targetType, 'order_export')));
    expect(lines.map((line) => [line.action, line.operatorId, line.targetId])).toEqual([
      ['orders.export', operator.id, String(prepared.id)],
      ['orders.export.download', operator.id, String(prepared.id)],
    ]);
    expect(lines[0]?.changes).toEqual({ filters: [null, { ticketId: ticket.id }] });
  });

  it('streams a small search instead, unless asked to prepare it', async () => {
    const { operator, ticket } = await operatorWithOrders(['Small Guest']);
    const { staff, browser } = await signedIn('accountant', operator.id);
    const response = await ask(browser, { ticket_id: ticket.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ queued: false, export: null });
    const rows = await sut.database.db.select().from(orderExports).where(eq(orderExports.staffId, staff.id));
    expect(rows).toEqual([]);
  });

  it('refuses bad filters with 400 and field messages, queueing nothing and auditing nothing', async () => {
    const { operator } = await operatorWithOrders(['Bad Filter Guest']);
    const { staff, browser } = await signedIn('owner', operator.id);
    const response = await ask(browser, { background: true, day: '2026-02-31', state: 'lost' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toEqual(expect.arrayContaining(['day', 'state']));
    expect(
      await sut.database.db.select().from(orderExports).where(eq(orderExports.staffId, staff.id)),
    ).toEqual([]);
    expect(await sut.database.db.select().from(auditLog).where(eq(auditLog.staffId, staff.id))).toEqual([]);
  });
});

describe('who may take a prepared file', () => {
  let setup: Awaited<ReturnType<typeof operatorWithOrders>>;
  let asker: { staff: TestStaff; browser: Browser };
  let exportId: number;

  beforeAll(async () => {
    clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
    setup = await operatorWithOrders(['Scope Guest']);
    asker = await signedIn('manager', setup.operator.id);
    exportId = (await preparedExport(asker.browser, {})).id;
  });

  it("answers another staff member 404, of another operator or of the asker's own", async () => {
    const other = await operatorWithOrders(['Elsewhere']);
    for (const [role, operatorId] of [
      ['manager', other.operator.id],
      ['owner', setup.operator.id],
      ['admin', null],
    ] as const) {
      const { browser } = await signedIn(role, operatorId);
      const response = await fileOf(browser, exportId);
      expect(response.statusCode, role).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect((await listOf(browser)).map((each) => each.id)).not.toContain(exportId);
    }
    expect((await fileOf(asker.browser, exportId)).statusCode).toBe(200);
    expect((await fileOf(asker.browser, exportId + 10_000)).statusCode).toBe(404);
  });

  it('answers 404 once the asker no longer holds the scope the file was made with', async () => {
    const staff = await createStaff(sut.database.db, { role: 'manager', operatorId: setup.operator.id });
    const browser = await signInStaff(sut, staff, clock);
    const mine = await preparedExport(browser, {});
    expect((await fileOf(browser, mine.id)).statusCode).toBe(200);

    // Narrowed to one area of the operator: the file may hold orders of its other areas.
    await sut.database.db
      .update(staffGrants)
      .set({ areaIds: [setup.area.id] })
      .where(eq(staffGrants.staffId, staff.id));
    const response = await fileOf(browser, mine.id);
    expect(response.statusCode).toBe(404);
  });
});
