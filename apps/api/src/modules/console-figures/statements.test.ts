import type { StaffRole } from '@sentiero/contract/access';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { type FiguresWorld, makeFiguresWorld } from '../../test/figures-world.ts';
import { staffWith } from '../../test/staff-factories.ts';

/*
 * An operator's monthly statement (issue 23, item 4; ADR 036) over the hand-made orders of
 * `makeFiguresWorld`: the month's sums, the commission and what is owed, as JSON, CSV and PDF, and
 * that an operator's staff never read another operator's.
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
