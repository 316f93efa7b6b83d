import { PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@sentiero/contract/access';
import { rowsOf } from '@sentiero/contract/figure-columns';
import { figureDays, figureMonths, figureRollups } from '@sentiero/db/schema';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { type FiguresWorld, makeFiguresWorld } from '../../test/figures-world.ts';
import { staffWith } from '../../test/staff-factories.ts';
import { rollUpFigureDays } from './figure-rollup-repo.ts';

/*
 * The console's figures (issue 23, item 4; ADR 036): the sums of a hand-made set of orders
 * (`makeFiguresWorld`), who may read them and use the figures' and statements' endpoints, and that
 * an operator's staff never see another operator's. The statements: statements.test.ts.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;
let world: FiguresWorld;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
  world = await makeFiguresWorld(sut);
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

const staffOf = (role: StaffRole, operatorId: number | null, areaIds?: number[]) =>
  staffWith(sut, clock, role, operatorId, areaIds);

const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
const figuresOf = async (browser: Browser, query: string) => {
  const response = await browser.get(`/api/console/figures?lng=en&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  // The tables per bucket and key come by column (ADR 052): read here as rows.
  const body = response.json();
  return {
    ...body,
    sales: rowsOf(body.sales),
    places: rowsOf(body.places),
    on_site: rowsOf(body.on_site),
    cancelled_days: rowsOf(body.cancelled_days),
  };
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
    // As sent: each table by column, row i the i-th value of each.
    const sent = await accountant.get(`/api/console/figures?lng=en&${NOVEMBER}&grain=month&split=ticket`);
    expect(sent.json().places).toEqual({
      bucket: ['2026-11-01'],
      key: [world.ticketA],
      sold: [6],
      capacity: [10],
    });
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
    // Back to the days closed on the test's clock, for the tests after this one: November's row
    // added up again from its days up to then.
    await db.update(figureRollups).set({ throughDay: '2026-11-22' });
    await db.delete(figureDays).where(gt(figureDays.day, '2026-11-22'));
    await rollUpFigureDays(db, { from: '2026-11-01', to: '2026-11-22', now: clock.now() });
  });

  it('reads the month of the last day added up from its row when the period goes on past that day', async () => {
    const db = sut.database.db;
    const accountant = await staffOf('accountant', world.a.id);
    // Added up to the 22nd: November's row holds its days up to then, the rest is read live.
    const query = `${NOVEMBER}&grain=month&split=ticket`;
    const early = 'from=2026-11-01&to=2026-11-20&grain=month&split=ticket';
    const [before, earlyBefore] = [await figuresOf(accountant, query), await figuresOf(accountant, early)];
    const where = and(eq(figureMonths.ticketId, world.ticketA), eq(figureMonths.month, '2026-11-01'));
    const [row] = await db.select().from(figureMonths).where(where);
    if (!row) throw new Error('November was not added up');
    await db
      .update(figureMonths)
      .set({ salesCents: row.salesCents + 1, placesTaken: row.placesTaken + 1 })
      .where(where);
    const changed = await figuresOf(accountant, query);
    expect(changed.sales[0].gross_cents).toBe(before.sales[0].gross_cents + 1);
    expect(changed.places[0].sold).toBe(before.places[0].sold + 1);
    // A period that ends before the last day added up reads November's days.
    expect(await figuresOf(accountant, early)).toEqual(earlyBefore);
    await db
      .update(figureMonths)
      .set({ salesCents: row.salesCents, placesTaken: row.placesTaken })
      .where(where);
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
