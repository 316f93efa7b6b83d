import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { addCalendarDays } from '@sentiero/contract/durations';
import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * Staff's growth observations (issue 23, item 4; ADR 040): who may record them follows the
 * permission table, within the areas their grants cover; another operator's staff neither record
 * on nor see this operator's areas; an observation is corrected by its author on its day only.
 */

const MINUTE = 60_000;
const TODAY = '2026-10-11';
const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  // 10:00 in Rome.
  clock = clocks.use(createTestClock(Date.parse(`${TODAY}T08:00:00Z`)));
});

async function operatorWithArea() {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  return { operator, area };
}

async function staffOf(role: StaffRole, operatorId: number | null, areaIds?: number[]) {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, {
    role,
    operatorId: everywhere ? null : operatorId,
    areaIds: areaIds ?? null,
  });
  return { staff, browser: await signInStaff(sut, staff, clock) };
}

const record = (browser: Browser, body: Record<string, unknown>) =>
  browser.post('/api/console/growth-reports/record?lng=en', body);

const holds = (role: StaffRole) => (PERMISSIONS['growth.report'].heldBy as readonly string[]).includes(role);

describe('who may record growth', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const { operator, area } = await operatorWithArea();
    const { browser } = await staffOf(role, operator.id);
    const calls = [
      record(browser, { area_id: area.id, level: 'good' }),
      browser.get(`/api/console/growth-reports?lng=en&area_id=${area.id}`),
      browser.get('/api/console/growth-reports/areas?lng=en'),
    ];
    for (const response of await Promise.all(calls)) {
      if (holds(role)) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      } else {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
    }
  });

  it('answers a visitor 401', async () => {
    const { area } = await operatorWithArea();
    const response = await record(createBrowser(sut), { area_id: area.id, level: 'good' });
    expect(response.statusCode).toBe(401);
  });
});

describe("another operator's areas", () => {
  it('are neither recorded on nor seen by its ranger: they answer 404 and are left out of lists', async () => {
    const a = await operatorWithArea();
    const b = await operatorWithArea();
    const { browser: rangerA } = await staffOf('ranger', a.operator.id);
    const { browser: rangerB } = await staffOf('ranger', b.operator.id);
    expect(
      (await record(rangerA, { area_id: a.area.id, level: 'good', note: 'Porcini sotto i faggi' }))
        .statusCode,
    ).toBe(200);

    const refused = await record(rangerB, { area_id: a.area.id, level: 'poor' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    expect((await rangerB.get(`/api/console/growth-reports?lng=en&area_id=${a.area.id}`)).statusCode).toBe(
      404,
    );
    const listed = (await rangerB.get('/api/console/growth-reports?lng=en')).json();
    expect(listed.observations.map((row: { area: { id: number } }) => row.area.id)).not.toContain(a.area.id);
    const areas = (await rangerB.get('/api/console/growth-reports/areas?lng=en')).json();
    expect(areas.areas.map((row: { id: number }) => row.id)).toEqual([b.area.id]);

    const admin = (await staffOf('admin', null)).browser;
    const seen = (await admin.get(`/api/console/growth-reports?lng=en&area_id=${a.area.id}`)).json();
    expect(seen.observations).toEqual([
      expect.objectContaining({
        level: 'good',
        note: 'Porcini sotto i faggi',
        role: 'ranger',
        can_correct: false,
      }),
    ]);
  });

  it('holds a ranger narrowed to one area to that area of its own operator', async () => {
    const { operator, area } = await operatorWithArea();
    const other = await createArea(sut.database.db, { operatorId: operator.id });
    const { browser } = await staffOf('ranger', operator.id, [area.id]);
    expect((await record(browser, { area_id: area.id, level: 'scarce' })).statusCode).toBe(200);
    expect((await record(browser, { area_id: other.id, level: 'scarce' })).statusCode).toBe(404);
  });
});

describe('an observation', () => {
  it('is recorded for today by default, with species and note, and written to the audit log', async () => {
    const { operator, area } = await operatorWithArea();
    const { staff, browser } = await staffOf('ranger', operator.id);
    const response = await record(browser, {
      area_id: area.id,
      level: 'abundant',
      species: 'boletus-edulis',
      note: 'Molti porcini giovani',
    });
    expect(response.statusCode, response.body).toBe(200);
    const observation = response.json();
    expect(observation).toMatchObject({
      date: TODAY,
      level: 'abundant',
      species: 'boletus-edulis',
      role: 'ranger',
      can_correct: true,
    });
    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'growth.observe'), eq(auditLog.targetId, String(observation.id))));
    expect(lines).toEqual([
      expect.objectContaining({
        staffId: staff.id,
        role: 'ranger',
        operatorId: operator.id,
        changes: expect.objectContaining({ level: [null, 'abundant'], species: [null, 'boletus-edulis'] }),
      }),
    ]);
  });

  it('is one per person, area and day: a second answers 409 and leaves the first as it was', async () => {
    const { operator, area } = await operatorWithArea();
    const { browser } = await staffOf('manager', operator.id);
    expect((await record(browser, { area_id: area.id, level: 'good' })).statusCode).toBe(200);
    const again = await record(browser, { area_id: area.id, level: 'poor' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('GROWTH_OBSERVATION_EXISTS');
    const list = (await browser.get(`/api/console/growth-reports?lng=en&area_id=${area.id}`)).json();
    expect(list.observations.map((row: { level: string }) => row.level)).toEqual(['good']);
  });

  it('refuses days ahead, days over two weeks back, unknown species and levels, with 400s', async () => {
    const { operator, area } = await operatorWithArea();
    const { browser } = await staffOf('ranger', operator.id);
    const ahead = await record(browser, { area_id: area.id, level: 'good', date: addCalendarDays(TODAY, 1) });
    expect([ahead.statusCode, ahead.json().code]).toEqual([400, 'GROWTH_DAY_AHEAD']);
    const old = await record(browser, { area_id: area.id, level: 'good', date: addCalendarDays(TODAY, -14) });
    expect([old.statusCode, old.json().code]).toEqual([400, 'GROWTH_DAY_TOO_OLD']);
    expect((await record(browser, { area_id: area.id, level: 'good', species: 'oak-tree' })).statusCode).toBe(
      400,
    );
    expect((await record(browser, { area_id: area.id, level: 'plenty' })).statusCode).toBe(400);
    expect(
      (await record(browser, { area_id: area.id, level: 'good', note: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    const past = await record(browser, {
      area_id: area.id,
      level: 'good',
      date: addCalendarDays(TODAY, -13),
    });
    expect(past.statusCode, past.body).toBe(200);
  });

  it('is corrected by its author on the day they recorded it, audited with before and after; not by others, nor later', async () => {
    const { operator, area } = await operatorWithArea();
    const { staff, browser } = await staffOf('ranger', operator.id);
    const { browser: colleague } = await staffOf('ranger', operator.id);
    const { id } = (await record(browser, { area_id: area.id, level: 'good', note: 'Prima stima' })).json();

    const notYours = await colleague.post('/api/console/growth-reports/correct?lng=en', {
      id,
      level: 'poor',
    });
    expect([notYours.statusCode, notYours.json().code]).toEqual([403, 'GROWTH_OBSERVATION_NOT_YOURS']);

    clock.set(clock.ms() + 20 * MINUTE);
    const corrected = await browser.post('/api/console/growth-reports/correct?lng=en', {
      id,
      level: 'scarce',
      note: 'Meno di quanto pensavo',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ level: 'scarce', note: 'Meno di quanto pensavo' });
    const [line] = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'growth.correct'), eq(auditLog.targetId, String(id))));
    expect(line).toMatchObject({
      staffId: staff.id,
      changes: { level: ['good', 'scarce'], note: ['Prima stima', 'Meno di quanto pensavo'] },
    });

    // The next morning in Rome (a new session: the old one ran out overnight).
    clock.set(Date.parse(`${addCalendarDays(TODAY, 1)}T07:00:00Z`));
    const tomorrow = await signInStaff(sut, staff, clock);
    const late = await tomorrow.post('/api/console/growth-reports/correct?lng=en', { id, level: 'good' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'GROWTH_CORRECTION_CLOSED']);
  });
});

describe('the growth table', () => {
  it("shows the area's official level beside the forecast to everyone, with the species", async () => {
    const { operator, area } = await operatorWithArea();
    const { browser } = await staffOf('ranger', operator.id);
    await record(browser, { area_id: area.id, level: 'good', species: 'cantharellus-cibarius' });
    const { browser: manager } = await staffOf('manager', operator.id);
    await record(manager, { area_id: area.id, level: 'miraculous' });
    const table = (
      await createBrowser(sut).get(`/api/app/area/list/level?lng=en&id_region=${area.regionId}`)
    ).json();
    const row = table.area_list.find((candidate: { id: number }) => candidate.id === area.id);
    // The rounded mean of good (3) and miraculous (5): abundant.
    expect(row.observations).toEqual([
      { date: TODAY, level: 'abundant', species: ['cantharellus-cibarius'] },
    ]);
  });
});
