import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from '../../platform/audit-repo.ts';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * Reading the audit log (issue 23, item 3): admins read every line, an operator's owner only its
 * operator's; filters by person, action, target and period.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-06-01T08:00:00Z')));
});

async function signedIn(role: StaffRole, operatorId: number | null) {
  const staff = await createStaff(sut.database.db, { role, operatorId });
  return { staff, browser: await signInStaff(sut, staff, clock) };
}

type Line = { action: string; operator: { id: number } | null; target_id: string };

describe('who may read the audit log', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const operator = await createOperator(sut.database.db);
    const { browser } = await signedIn(role, role === 'admin' || role === 'support' ? null : operator.id);
    const response = await browser.get('/api/console/audit?lng=en');
    if ((PERMISSIONS['audit.read'].heldBy as readonly string[]).includes(role)) {
      expect(response.statusCode, response.body).toBe(200);
    } else {
      expect([response.statusCode, response.json().code]).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('answers a visitor 401', async () => {
    expect((await createBrowser(sut).get('/api/console/audit?lng=en')).statusCode).toBe(401);
  });
});

describe('the lines', () => {
  it('of another operator are never shown to an owner, and asking for them is refused; an admin sees both', async () => {
    const a = await createOperator(sut.database.db);
    const b = await createOperator(sut.database.db);
    const writer = await createStaff(sut.database.db, { role: 'owner', operatorId: a.id });
    for (const [operatorId, target] of [
      [a.id, 'line-of-a'],
      [b.id, 'line-of-b'],
    ] as const) {
      await recordAudit(sut.database.db, {
        staffId: writer.id,
        role: 'owner',
        operatorId,
        action: 'order.resend',
        targetType: 'order',
        targetId: target,
      });
    }
    const { browser: ownerA } = await signedIn('owner', a.id);
    const seen = (await ownerA.get('/api/console/audit?lng=en&target_type=order')).json();
    const targets = seen.lines.map((line: Line) => line.target_id);
    expect(targets).toContain('line-of-a');
    expect(targets).not.toContain('line-of-b');
    expect(seen.lines.every((line: Line) => line.operator?.id === a.id)).toBe(true);
    expect(seen.operators).toEqual([{ id: a.id, name: a.name }]);
    const refused = await ownerA.get(`/api/console/audit?lng=en&operator_id=${b.id}`);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);

    const { browser: admin } = await signedIn('admin', null);
    const all = (await admin.get('/api/console/audit?lng=en&target_type=order')).json();
    const allTargets = all.lines.map((line: Line) => line.target_id);
    expect(allTargets).toEqual(expect.arrayContaining(['line-of-a', 'line-of-b']));
  });

  it('are filtered by person, action or its prefix, target and period, newest first, with the before and after', async () => {
    const operator = await createOperator(sut.database.db);
    const anna = await createStaff(sut.database.db, { role: 'manager', operatorId: operator.id });
    const other = await createStaff(sut.database.db, { role: 'manager', operatorId: operator.id });
    const write = (staffId: number, action: string, targetId: string) =>
      recordAudit(sut.database.db, {
        staffId,
        role: 'manager',
        operatorId: operator.id,
        action,
        targetType: 'growth_observation',
        targetId,
        changes: { level: ['good', 'scarce'] },
      });
    await write(anna.id, 'growth.observe', '1');
    await write(anna.id, 'growth.correct', '1');
    await write(other.id, 'growth.observe', '2');
    const { browser } = await signedIn('owner', operator.id);
    const query = async (filter: string) => {
      const response = await browser.get(
        `/api/console/audit?lng=en&target_type=growth_observation&${filter}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().lines as (Line & { changes: unknown; staff: { email: string } })[];
    };
    const byAnna = await query(`person=${encodeURIComponent(anna.email)}`);
    expect(byAnna.map((line) => line.action)).toEqual(['growth.correct', 'growth.observe']);
    expect(byAnna[0]?.changes).toEqual({ level: ['good', 'scarce'] });
    expect((await query('action=growth.observe')).map((line) => line.target_id).sort()).toEqual(['1', '2']);
    expect(await query('action=growth.')).toHaveLength(3);
    expect(await query('target_id=2')).toHaveLength(1);
    // Lines are written at the database's now: today in Rome, whatever the test clock says.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    expect(await query(`from=${today}&to=${today}`)).toHaveLength(3);
    expect(await query('from=2020-01-01&to=2020-01-31')).toHaveLength(0);
    expect((await browser.get('/api/console/audit?lng=en&from=2020-13-45')).statusCode).toBe(400);
  });
});
