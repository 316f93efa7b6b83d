import { PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@sentiero/contract/access';
import {
  figureDays,
  figureMonths,
  figureRollups,
  issuedTickets,
  refunds,
  ticketDayPlaces,
  ticketRedemptions,
} from '@sentiero/db/schema';
import { and, eq, gt } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
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
import { rollUpFigureDays } from './figures-repo.ts';

/*
 * The console's figures and statements (issue 23, item 4; ADR 036): the sums of a hand-made set of
 * orders (coupons, a refund, pay on site, a check-in, a payment just after midnight in Italy), who
 * may read them, and that an operator's staff never see another operator's.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

type Operator = Awaited<ReturnType<typeof createOperator>>;
type World = {
  a: Operator;
  b: Operator;
  ticketA: number;
  ticketB: number;
  areaA: number;
  otherAreaA: number;
};
let world: World;

const at = (iso: string) => new Date(iso);

/** Operator A's November 2026, and one sale of operator B, as the tests below add them up. */
async function makeWorld(): Promise<World> {
  const db = sut.database.db;
  const a = await createOperator(db, { name: 'Parco Alpha' });
  const b = await createOperator(db, { name: 'Comune Beta' });
  const areaA = await createArea(db, { operatorId: a.id });
  const otherAreaA = await createArea(db, { operatorId: a.id });
  const areaB = await createArea(db, { operatorId: b.id });
  const ticketA = await createTicket(db, { areaId: areaA.id, dailyCapacity: 10 });
  const ticketB = await createTicket(db, { areaId: areaB.id });
  const userId = await memberId(await createMember(sut, 'Marta'));
  const line = (ticketId: number, unitPriceCents: number, startDate = '2026-11-15') => ({
    ticketId,
    startDate,
    unitPriceCents,
  });
  // 1. A card order of two guests.
  const first = await createOrder(
    db,
    { userId, status: 'issued', paidAt: at('2026-11-02T10:00:00Z'), totalCents: 5000 },
    [line(ticketA.id, 2500), line(ticketA.id, 2500)],
  );
  // 2. With a coupon, then one guest refunded.
  const couponed = await createOrder(
    db,
    {
      userId,
      status: 'issued',
      paidAt: at('2026-11-03T09:00:00Z'),
      subtotalCents: 5000,
      couponCode: 'AUTUNNO',
      couponDiscountCents: 500,
      totalCents: 4500,
      refundedCents: 2250,
    },
    [line(ticketA.id, 2500), line(ticketA.id, 2500)],
  );
  await db.insert(refunds).values({
    orderId: couponed.id,
    state: 'succeeded',
    amountCents: 2250,
    reason: 'storm',
    idempotencyKey: unique('refund'),
    createdAt: at('2026-11-05T11:00:00Z'),
    settledAt: at('2026-11-05T12:00:00Z'),
  });
  // A refund that failed gives nothing back.
  await db.insert(refunds).values({
    orderId: couponed.id,
    state: 'failed',
    amountCents: 2250,
    reason: 'storm',
    idempotencyKey: unique('refund'),
    settledAt: at('2026-11-05T13:00:00Z'),
  });
  // 3. Pay on site, still to be paid; 4. pay on site, paid at the meeting point.
  await createOrder(db, { userId, status: 'issued', paymentMethod: 'cash', paidAt: null, totalCents: 3000 }, [
    line(ticketA.id, 3000, '2026-11-20'),
  ]);
  await createOrder(
    db,
    { userId, status: 'issued', paymentMethod: 'cash', paidAt: at('2026-11-04T15:00:00Z'), totalCents: 3000 },
    [line(ticketA.id, 3000)],
  );
  // 5. A payment that failed counts nowhere.
  await createOrder(db, { userId, status: 'failed', paidAt: null, totalCents: 9999 }, [
    line(ticketA.id, 9999),
  ]);
  // 6. Paid at 23:30 UTC on 31 October: 00:30 on 1 November in Italy.
  await createOrder(db, { userId, status: 'issued', paidAt: at('2026-10-31T23:30:00Z'), totalCents: 1000 }, [
    line(ticketA.id, 1000),
  ]);
  // Operator B's sale in the same days.
  await createOrder(db, { userId, status: 'issued', paidAt: at('2026-11-02T11:00:00Z'), totalCents: 7000 }, [
    line(ticketB.id, 7000),
  ]);
  // One of the first order's tickets is checked at the gate.
  const [issued] = await db
    .insert(issuedTickets)
    .values({
      code: unique('TK').replace(/[^A-Z0-9]/gi, ''),
      orderId: first.id,
      orderLineId: (await firstLineId(first.id)) as number,
      ticketId: ticketA.id,
      holderName: 'Anna Conti',
      validFrom: '2026-11-15',
      validUntil: '2026-11-15',
      signedCode: 'signed',
      shareToken: unique('share'),
      issuedAt: at('2026-11-02T10:00:00Z'),
      uses: 1,
    })
    .returning();
  await db
    .insert(ticketRedemptions)
    .values({ issuedTicketId: issued?.id as number, redeemedAt: at('2026-11-15T08:00:00Z') });
  await db.insert(ticketDayPlaces).values({ ticketId: ticketA.id, day: '2026-11-15', taken: 6 });
  return { a, b, ticketA: ticketA.id, ticketB: ticketB.id, areaA: areaA.id, otherAreaA: otherAreaA.id };
}

async function firstLineId(orderId: number): Promise<number | undefined> {
  const { orderLines } = await import('@sentiero/db/schema');
  const [row] = await sut.database.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return row?.id;
}

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
  world = await makeWorld();
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function staffOf(role: StaffRole, operatorId: number | null, areaIds?: number[]): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, {
    role,
    operatorId: everywhere ? null : operatorId,
    areaIds: areaIds ?? null,
  });
  return signInStaff(sut, staff, clock);
}

const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
const figuresOf = async (browser: Browser, query: string) => {
  const response = await browser.get(`/api/console/figures?lng=en&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("an operator's figures", () => {
  it('adds up sales, refunds, net, orders, coupons and check-ins of the month by the day they happened', async () => {
    const accountant = await staffOf('accountant', world.a.id);
    const figures = await figuresOf(accountant, `${NOVEMBER}&grain=month&split=ticket`);
    expect(figures.buckets).toEqual(['2026-11-01']);
    expect(figures.sales).toEqual([
      {
        bucket: '2026-11-01',
        key: world.ticketA,
        // 5000 + 4500 (coupon) + 3000 (paid on site) + 1000 (paid after midnight in Italy)
        gross_cents: 13_500,
        refunds_cents: 2250,
        net_cents: 11_250,
        orders: 4,
        refunds: 1,
        coupon_orders: 1,
        coupon_discount_cents: 500,
        check_ins: 1,
      },
    ]);
    expect(figures.places).toEqual([{ bucket: '2026-11-01', key: world.ticketA, sold: 6, capacity: 10 }]);
    expect(figures.on_site).toEqual([
      { bucket: '2026-11-01', key: world.ticketA, orders: 1, amount_cents: 3000 },
    ]);
    expect(figures.premium).toBeNull();
    expect(figures.keys).toHaveLength(1);
  });

  it("counts a payment at 00:30 in Italy on Italy's day, not UTC's", async () => {
    const accountant = await staffOf('accountant', world.a.id);
    const figures = await figuresOf(accountant, 'from=2026-10-31&to=2026-11-02&grain=day&split=operator');
    expect(figures.buckets).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(
      figures.sales.map((row: { bucket: string; gross_cents: number }) => [row.bucket, row.gross_cents]),
    ).toEqual([
      ['2026-11-01', 1000],
      ['2026-11-02', 5000],
    ]);
  });

  it('answers the same once the closed days are added up, and reads them from the sums', async () => {
    const accountant = await staffOf('accountant', world.a.id);
    const query = 'from=2026-10-01&to=2026-11-30&grain=week&split=area';
    const before = await figuresOf(accountant, query);
    await rollUpFigureDays(sut.database.db, { from: '2026-10-01', to: '2026-11-22', now: clock.now() });
    const rows = await sut.database.db
      .select()
      .from(figureDays)
      .where(eq(figureDays.ticketId, world.ticketA));
    expect(rows.reduce((sum, row) => sum + row.salesCents, 0)).toBe(13_500);
    expect(await figuresOf(accountant, query)).toEqual(before);
    // The answer comes from the sums: a sum changed by hand shows (and is put back).
    const where = and(eq(figureDays.ticketId, world.ticketA), eq(figureDays.day, '2026-11-02'));
    await sut.database.db.update(figureDays).set({ salesCents: 5001 }).where(where);
    const changed = await figuresOf(accountant, 'from=2026-11-02&to=2026-11-02&grain=day&split=ticket');
    expect(changed.sales[0].gross_cents).toBe(5001);
    await sut.database.db.update(figureDays).set({ salesCents: 5000 }).where(where);
  });

  it('reads a whole month from its month row once every day of it is added up, and cut months from their days', async () => {
    const db = sut.database.db;
    const accountant = await staffOf('accountant', world.a.id);
    // Half of October and all of November: October is cut, November whole.
    const query = 'from=2026-10-15&to=2026-11-30&grain=month&split=ticket';
    const before = await figuresOf(accountant, query);
    expect(before.places).toEqual([{ bucket: '2026-11-01', key: world.ticketA, sold: 6, capacity: 10 }]);
    await rollUpFigureDays(db, { from: '2026-10-01', to: '2026-11-30', now: clock.now() });
    const [november] = await db
      .select()
      .from(figureMonths)
      .where(and(eq(figureMonths.ticketId, world.ticketA), eq(figureMonths.month, '2026-11-01')));
    expect(november).toMatchObject({ salesCents: 13_500, orders: 4, placesTaken: 6, placesCapacity: 10 });
    expect(await figuresOf(accountant, query)).toEqual(before);
    // November comes from its month row: a sum changed by hand shows there, not in its days.
    const where = and(eq(figureMonths.ticketId, world.ticketA), eq(figureMonths.month, '2026-11-01'));
    await db.update(figureMonths).set({ salesCents: 13_501, placesTaken: 7 }).where(where);
    const changed = await figuresOf(accountant, query);
    expect(changed.sales.find((row: { bucket: string }) => row.bucket === '2026-11-01').gross_cents).toBe(
      13_501,
    );
    expect(changed.places).toEqual([{ bucket: '2026-11-01', key: world.ticketA, sold: 7, capacity: 10 }]);
    const byDay = await figuresOf(accountant, 'from=2026-11-01&to=2026-11-30&grain=day&split=ticket');
    expect(byDay.places).toEqual([{ bucket: '2026-11-15', key: world.ticketA, sold: 6, capacity: 10 }]);
    await db.update(figureMonths).set({ salesCents: 13_500, placesTaken: 6 }).where(where);
    // Back to the days closed on the test's clock, for the tests after this one.
    await db.update(figureRollups).set({ throughDay: '2026-11-22' });
    await db.delete(figureDays).where(gt(figureDays.day, '2026-11-22'));
  });

  it('refuses a period that ends before it starts, or is too long for its grain, with a field message', async () => {
    const manager = await staffOf('manager', world.a.id);
    const reversed = await manager.get('/api/console/figures?lng=en&from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.to).toBeTruthy();
    const tooLong = await manager.get('/api/console/figures?lng=en&from=2025-01-01&to=2026-11-30&grain=day');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.to).toBeTruthy();
    const badGrain = await manager.get(
      '/api/console/figures?lng=en&from=2026-11-01&to=2026-11-02&grain=hour',
    );
    expect(badGrain.statusCode).toBe(400);
  });

  it('writes each table as CSV, euros with the language’s decimal comma', async () => {
    const manager = await staffOf('manager', world.a.id);
    const csv = await manager.get(
      `/api/console/figures.csv?lng=it&${NOVEMBER}&grain=month&split=ticket&table=sales`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(
      'figures-sales-2026-11-01-2026-11-30-month-ticket.csv',
    );
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'period;ticket;name;gross_eur;refunds_eur;net_eur;orders;refunds;coupon_orders;coupon_discount_eur;check_ins',
    );
    expect(row).toMatch(new RegExp(`^2026-11-01;${world.ticketA};.*;135,00;22,50;112,50;4;1;1;5,00;1$`));
  });
});

describe("who sees an operator's figures", () => {
  it('shows Sentiero’s admin every operator, with Sentiero+', async () => {
    const admin = await staffOf('admin', null);
    const figures = await figuresOf(admin, `${NOVEMBER}&grain=month&split=operator`);
    const byOperator = Object.fromEntries(
      figures.sales.map((row: { key: number; gross_cents: number }) => [row.key, row.gross_cents]),
    );
    expect(byOperator[world.a.id]).toBe(13_500);
    expect(byOperator[world.b.id]).toBe(7000);
    expect(figures.premium).toEqual(expect.any(Array));
  });

  it("never shows another operator's accountant, manager or owner a cent of operator A", async () => {
    for (const role of ['accountant', 'manager', 'owner'] as const) {
      const browser = await staffOf(role, world.b.id);
      const figures = await figuresOf(browser, `${NOVEMBER}&grain=day&split=ticket`);
      const keys = new Set([...figures.sales, ...figures.places, ...figures.on_site].map((row) => row.key));
      expect([...keys], role).toEqual([world.ticketB]);
      expect(figures.keys.map((key: { label: string }) => key.label).join(), role).not.toContain('Alpha');
      const csv = await browser.get(`/api/console/figures.csv?lng=en&${NOVEMBER}&split=operator`);
      expect(csv.body, role).not.toContain(String(13_500 / 100));
      expect(csv.body, role).not.toContain('Parco Alpha');
    }
  });

  it("shows a manager narrowed to another of A's areas nothing of the first", async () => {
    const narrowed = await staffOf('manager', world.a.id, [world.otherAreaA]);
    const figures = await figuresOf(narrowed, `${NOVEMBER}&split=area`);
    expect(figures.sales).toEqual([]);
    expect(figures.places).toEqual([]);
    expect(figures.on_site).toEqual([]);
  });

  it("refuses Sentiero+'s table to everyone but Sentiero's admin", async () => {
    const owner = await staffOf('owner', world.a.id);
    const refused = await owner.get(`/api/console/figures.csv?lng=en&${NOVEMBER}&table=premium`);
    expect(refused.statusCode).toBe(403);
    const admin = await staffOf('admin', null);
    const answered = await admin.get(`/api/console/figures.csv?lng=en&${NOVEMBER}&table=premium`);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.body).toContain('trials;conversions;renewals;cancellations;revenue_eur');
  });
});

describe("an operator's monthly statement", () => {
  it('adds up the month, takes the commission and says what is owed, to the cent', async () => {
    const admin = await staffOf('admin', null);
    const set = await admin.post('/api/console/operator/commission?lng=en', {
      operator_id: world.a.id,
      from_month: '2026-11',
      commission_bps: 1250,
    });
    expect(set.statusCode, set.body).toBe(200);
    const accountant = await staffOf('accountant', world.a.id);
    const response = await accountant.get('/api/console/statement?lng=en&month=2026-11');
    expect(response.statusCode, response.body).toBe(200);
    const { statement, operators } = response.json();
    expect(operators).toEqual([{ id: world.a.id, name: 'Parco Alpha' }]);
    expect(statement.operator).toMatchObject({ id: world.a.id, commission_bps: 1250 });
    expect(statement.totals).toEqual({
      orders: 4,
      sales_cents: 13_500,
      on_site_cents: 3000,
      refunds_cents: 2250,
      net_cents: 11_250,
      // 12.5 % of 112.50 € = 14.0625 € → 14.06 €
      commission_cents: 1406,
      // The net less the cash the operator already holds, less the commission.
      owed_cents: 11_250 - 3000 - 1406,
    });
    expect(statement.lines).toHaveLength(1);
  });

  it('is a CSV and a PDF with the operator’s name and totals', async () => {
    const owner = await staffOf('owner', world.a.id);
    const csv = await owner.get(`/api/console/statement.csv?lng=en&month=2026-11&operator_id=${world.a.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Parco Alpha');
    expect(csv.body).toMatch(/;total;4;135\.00;30\.00;22\.50;112\.50;\d+\.\d\d;\d+\.\d\d\r\n$/);
    const pdf = await owner.get('/api/console/statement.pdf?lng=it&month=2026-11');
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = mupdf.Document.openDocument(pdf.rawPayload, 'application/pdf');
    const text = document.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/gu, ' ');
    expect(text).toContain('Parco Alpha');
    expect(text).toContain('Estratto conto');
    expect(text).toContain('novembre 2026');
    expect(text).toMatch(/135,00/);
    expect(text).toMatch(/112,50/);
  });

  it("answers another operator's statement 404, and lets Sentiero's admin pick any", async () => {
    const accountant = await staffOf('accountant', world.b.id);
    const refused = await accountant.get(
      `/api/console/statement?lng=en&month=2026-11&operator_id=${world.a.id}`,
    );
    expect(refused.statusCode).toBe(404);
    const pdf = await accountant.get(
      `/api/console/statement.pdf?lng=en&month=2026-11&operator_id=${world.a.id}`,
    );
    expect(pdf.statusCode).toBe(404);
    const own = (await accountant.get('/api/console/statement?lng=en&month=2026-11')).json();
    expect(own.statement.operator.id).toBe(world.b.id);
    expect(own.statement.totals.sales_cents).toBe(7000);
    const admin = await staffOf('admin', null);
    const picked = await admin.get(`/api/console/statement?lng=en&month=2026-11&operator_id=${world.b.id}`);
    expect(picked.json().statement.operator.name).toBe('Comune Beta');
  });

  it('covers no statement for a grant narrowed to some areas', async () => {
    const narrowed = await staffOf('accountant', world.a.id, [world.areaA]);
    const response = await narrowed.get(
      `/api/console/statement?lng=en&month=2026-11&operator_id=${world.a.id}`,
    );
    expect(response.statusCode).toBe(404);
  });
});

type Call = (browser: Browser) => ReturnType<Browser['get']>;
const ENDPOINTS: { permission: StaffPermission; call: Call }[] = [
  { permission: 'figures.read', call: (b) => b.get(`/api/console/figures?lng=en&${NOVEMBER}`) },
  { permission: 'figures.read', call: (b) => b.get(`/api/console/figures.csv?lng=en&${NOVEMBER}`) },
  { permission: 'statements.read', call: (b) => b.get('/api/console/statement?lng=en&month=2026-11') },
  { permission: 'statements.read', call: (b) => b.get('/api/console/statement.csv?lng=en&month=2026-11') },
  { permission: 'statements.read', call: (b) => b.get('/api/console/statement.pdf?lng=en&month=2026-11') },
  {
    permission: 'operators.manage',
    call: (b) =>
      b.post('/api/console/operator/commission?lng=en', {
        operator_id: world.b.id,
        from_month: '2026-12',
        commission_bps: 1000,
      }),
  },
];

const holds = (role: StaffRole, permission: StaffPermission) =>
  (PERMISSIONS[permission].heldBy as readonly string[]).includes(role);

describe('who may use the figures and statements', () => {
  it.each(STAFF_ROLES)(
    'gives a %s what the permission table gives it, and refuses the rest',
    async (role) => {
      const browser = await staffOf(role, world.a.id);
      for (const endpoint of ENDPOINTS) {
        const response = await endpoint.call(browser);
        const where = `${role} ${endpoint.permission}: ${response.body.slice(0, 200)}`;
        if (holds(role, endpoint.permission)) expect(response.statusCode, where).toBe(200);
        else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json().code, where).toBe('FORBIDDEN');
        }
      }
    },
  );

  it('answers a visitor 401 everywhere', async () => {
    const visitor = createBrowser(sut);
    for (const endpoint of ENDPOINTS) {
      const response = await endpoint.call(visitor);
      expect(response.statusCode).toBe(401);
    }
  });
});
