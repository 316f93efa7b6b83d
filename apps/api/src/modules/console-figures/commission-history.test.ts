import { auditLog, operatorCommissionRates } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, createOrder, createTicket, memberId } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * Sentiero's commission over time (ADR 042): an admin sets a rate from a month on, and each
 * month's statement is charged at the rate in force in it — a change never rewrites a month
 * already charged.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;
let operatorId: number;
let otherOperatorId: number;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
  const db = sut.database.db;
  // The factory's operator starts at 10 %.
  operatorId = (await createOperator(db, { name: 'Parco Gamma' })).id;
  otherOperatorId = (await createOperator(db, { name: 'Comune Delta' })).id;
  const area = await createArea(db, { operatorId });
  const ticket = await createTicket(db, { areaId: area.id });
  const userId = await memberId(await createMember(sut, 'Piero'));
  // 100 € sold in October, and 100 € in November.
  for (const [paidAt, startDate] of [
    ['2026-10-10T10:00:00Z', '2026-10-12'],
    ['2026-11-10T10:00:00Z', '2026-11-12'],
  ] as const) {
    await createOrder(db, { userId, status: 'issued', paidAt: new Date(paidAt), totalCents: 10_000 }, [
      { ticketId: ticket.id, startDate, unitPriceCents: 10_000 },
    ]);
  }
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function staffOf(role: 'admin' | 'owner' | 'manager', operator: number | null): Promise<Browser> {
  const staff = await createStaff(sut.database.db, { role, operatorId: operator, areaIds: null });
  return signInStaff(sut, staff, clock);
}

const setRate = (browser: Browser, body: Record<string, unknown>) =>
  browser.post('/api/console/operator/commission?lng=en', { operator_id: operatorId, ...body });

async function statementOf(month: string) {
  const admin = await staffOf('admin', null);
  const response = await admin.get(`/api/console/statement?lng=en&month=${month}&operator_id=${operatorId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().statement;
}

describe("Sentiero's commission over time", () => {
  it('keeps the old rate on the statement of a month before the change', async () => {
    const admin = await staffOf('admin', null);
    const set = await setRate(admin, { from_month: '2026-11', commission_bps: 1500 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().commission_rates).toEqual([
      { from_month: '2020-01', commission_bps: 1000 },
      { from_month: '2026-11', commission_bps: 1500 },
    ]);

    const october = await statementOf('2026-10');
    expect(october.operator.commission_bps).toBe(1000);
    expect(october.totals).toMatchObject({ net_cents: 10_000, commission_cents: 1000, owed_cents: 9000 });
    const november = await statementOf('2026-11');
    expect(november.operator.commission_bps).toBe(1500);
    expect(november.totals).toMatchObject({ net_cents: 10_000, commission_cents: 1500, owed_cents: 8500 });
  });

  it('lets a rate wait for a later month without touching this one', async () => {
    const admin = await staffOf('admin', null);
    const set = await setRate(admin, { from_month: '2027-01', commission_bps: 900 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await statementOf('2026-11')).operator.commission_bps).toBe(1500);
    expect((await statementOf('2027-02')).operator.commission_bps).toBe(900);
    const csv = await admin.get(`/api/console/statement.csv?lng=en&month=2026-10&operator_id=${operatorId}`);
    // October's commission, 10 % of 100 €, in the CSV as on the page.
    expect(csv.body).toMatch(/;total;1;100\.00;0\.00;0\.00;100\.00;10\.00;90\.00\r\n$/);
  });

  it('audits the change with the rate the month had and the new one', async () => {
    const admin = await staffOf('admin', null);
    await setRate(admin, { from_month: '2026-12', commission_bps: 1300 });
    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(operatorId)));
    const line = lines.find(
      (row) => row.action === 'operator.commission' && row.changes.from_month?.[1] === '2026-12',
    );
    expect(line?.changes).toEqual({ from_month: [null, '2026-12'], commission_bps: [1500, 1300] });
  });

  it('refuses a month gone by, a rate out of range or an unknown operator, writing nothing', async () => {
    const before = await sut.database.db
      .select()
      .from(operatorCommissionRates)
      .where(eq(operatorCommissionRates.operatorId, operatorId));
    const admin = await staffOf('admin', null);
    const past = await setRate(admin, { from_month: '2026-10', commission_bps: 500 });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ from_month: expect.any(String) });
    const tooHigh = await setRate(admin, { from_month: '2026-12', commission_bps: 10_001 });
    expect(tooHigh.statusCode).toBe(400);
    const unknown = await admin.post('/api/console/operator/commission?lng=en', {
      operator_id: 999_999,
      from_month: '2026-12',
      commission_bps: 500,
    });
    expect(unknown.statusCode).toBe(404);
    const after = await sut.database.db
      .select()
      .from(operatorCommissionRates)
      .where(eq(operatorCommissionRates.operatorId, operatorId));
    expect(after).toEqual(before);
    expect((await statementOf('2026-10')).operator.commission_bps).toBe(1000);
  });

  it("is not an owner's to change, of its own operator or of another", async () => {
    for (const browser of [await staffOf('owner', operatorId), await staffOf('manager', otherOperatorId)]) {
      const refused = await setRate(browser, { from_month: '2026-12', commission_bps: 100 });
      expect(refused.statusCode).toBe(403);
    }
    expect((await statementOf('2026-12')).operator.commission_bps).toBe(1300);
  });

  it("shows the operator's rate in force this month on its page", async () => {
    const admin = await staffOf('admin', null);
    const detail = await admin.get(`/api/console/operator?lng=en&id=${operatorId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().commission_basis_points).toBe(1500);
  });
});
