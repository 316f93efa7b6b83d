import { staffInvitations, staffSessions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/totp.ts';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember } from '../../test/factories.ts';
import { createOperator, createStaff, STAFF_PASSWORD, signInStaff } from '../../test/staff-factories.ts';
import { createInvitation } from './invitations.ts';

/*
 * The console's sign-in (ADR 028): invitations, password then always a code, sessions that end
 * after 30 minutes unused or 12 hours after the login, and a member's session that opens nothing.
 */

const MINUTE = 60_000;
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

async function invite(role: 'manager' | 'admin', email: string) {
  const operator = role === 'admin' ? null : await createOperator(sut.database.db);
  const { link } = await createInvitation(sut.database.db, 'http://localhost', {
    email,
    role,
    operatorId: operator?.id ?? null,
    areaIds: null,
    invitedBy: null,
    now: clock.now(),
  });
  return link.split('/').pop() as string;
}

describe('an invitation', () => {
  it('makes a staff account once, and then says it was used', async () => {
    const token = await invite('manager', 'new.manager@console.test');
    const browser = createBrowser(sut);
    const shown = await browser.get(`/api/console/invitation?lng=en&token=${token}`);
    expect(shown.json()).toMatchObject({ email: 'new.manager@console.test', role: 'manager' });
    const accepted = await browser.post('/api/console/invitation/accept?lng=en', {
      token,
      name: 'Nuova Manager',
      password: STAFF_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await browser.post('/api/console/invitation/accept?lng=en', {
      token,
      name: 'Someone Else',
      password: STAFF_PASSWORD,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'INVITATION_USED',
      message: expect.stringContaining('already'),
    });
    const login = await browser.post('/api/console/login?lng=en', {
      email: 'new.manager@console.test',
      password: STAFF_PASSWORD,
    });
    expect(login.json()).toEqual({ stage: 'enrol' });
  });

  it('is refused after 72 hours', async () => {
    const token = await invite('admin', 'late.admin@console.test');
    clock.set(clock.ms() + 72 * 60 * MINUTE + 1);
    const browser = createBrowser(sut);
    const shown = await browser.get(`/api/console/invitation?lng=en&token=${token}`);
    expect(shown.statusCode).toBe(410);
    expect(shown.json().code).toBe('INVITATION_EXPIRED');
    const accepted = await browser.post('/api/console/invitation/accept?lng=en', {
      token,
      name: 'Late',
      password: STAFF_PASSWORD,
    });
    expect(accepted.json().code).toBe('INVITATION_EXPIRED');
    const [row] = await sut.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'late.admin@console.test'));
    expect(row?.usedAt).toBeNull();
  });

  it("asks for the members' password rule", async () => {
    const token = await invite('admin', 'weak.admin@console.test');
    const accepted = await createBrowser(sut).post('/api/console/invitation/accept?lng=en', {
      token,
      name: 'Weak',
      password: 'password',
    });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().fields.password).toBeDefined();
  });
});

describe('signing in', () => {
  it('reaches no console endpoint before the code', async () => {
    const operator = await createOperator(sut.database.db);
    const staff = await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id });
    const browser = createBrowser(sut);
    const login = await browser.post('/api/console/login?lng=en', {
      email: staff.email,
      password: STAFF_PASSWORD,
    });
    expect(login.json()).toEqual({ stage: 'code' });
    expect((await browser.get('/api/console/me?lng=en')).statusCode).toBe(401);
    expect((await browser.get(`/api/console/team?lng=en&operator_id=${operator.id}`)).statusCode).toBe(401);
    expect((await browser.get('/api/console/session?lng=en')).json()).toEqual({ stage: 'code', me: null });
    const wrong = await browser.post('/api/console/login/code?lng=en', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const code = await browser.post('/api/console/login/code?lng=en', {
      code: totpCode(staff.totpSecret, clock.now()),
    });
    expect(code.statusCode, code.body).toBe(200);
    const me = await browser.get('/api/console/me?lng=en');
    expect(me.json()).toMatchObject({
      email: staff.email,
      grants: [{ role: 'owner', operator: { id: operator.id, name: operator.name }, area_ids: null }],
      permissions: expect.arrayContaining(['console', 'team.manage', 'orders.refund']),
    });
  });

  it('lets an account without a key do nothing but set one up, confirmed by a code', async () => {
    const staff = await createStaff(sut.database.db, { role: 'support' }, { enrolled: false });
    const browser = createBrowser(sut);
    await browser.post('/api/console/login?lng=en', { email: staff.email, password: STAFF_PASSWORD });
    expect((await browser.get('/api/console/me?lng=en')).statusCode).toBe(401);
    const enrol = await browser.post('/api/console/two-factor/enrol?lng=en');
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, uri } = enrol.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const code = await browser.post('/api/console/login/code?lng=en', {
      code: totpCode(secret, clock.now()),
    });
    expect(code.statusCode, code.body).toBe(200);
    expect((await browser.post('/api/console/two-factor/enrol?lng=en')).statusCode).toBe(409);
  });

  it('refuses a wrong password like an unknown address', async () => {
    const staff = await createStaff(sut.database.db, { role: 'admin' });
    const wrong = await createBrowser(sut).post('/api/console/login?lng=en', {
      email: staff.email,
      password: 'Not-the-password-1',
    });
    const unknown = await createBrowser(sut).post('/api/console/login?lng=en', {
      email: 'nobody@console.test',
      password: STAFF_PASSWORD,
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().code).toBe(unknown.json().code);
  });

  it("keeps the member's and the staff's sessions apart", async () => {
    const member = await createMember(sut);
    expect((await member.get('/api/console/me?lng=en')).statusCode).toBe(401);
    const staff = await createStaff(sut.database.db, { role: 'admin' });
    const browser = await signInStaff(sut, staff, clock);
    expect([...browser.jar.keys()]).toEqual(['sentiero_staff']);
    expect((await browser.post('/api/app/user/edit?lng=en', { firstname: 'X' })).statusCode).toBe(401);
    const login = await createBrowser(sut).post('/api/console/login?lng=en', {
      email: staff.email,
      password: STAFF_PASSWORD,
    });
    expect(login.headers['set-cookie']).toMatch(/sentiero_staff=.*HttpOnly.*SameSite=Strict/);
  });
});

describe('a staff session', () => {
  it('ends after 30 minutes unused', async () => {
    const staff = await createStaff(sut.database.db, { role: 'admin' });
    const browser = await signInStaff(sut, staff, clock);
    clock.set(clock.ms() + 29 * MINUTE);
    expect((await browser.get('/api/console/me?lng=en')).statusCode).toBe(200);
    clock.set(clock.ms() + 29 * MINUTE);
    expect((await browser.get('/api/console/me?lng=en')).statusCode).toBe(200);
    clock.set(clock.ms() + 31 * MINUTE);
    expect((await browser.get('/api/console/me?lng=en')).statusCode).toBe(401);
  });

  it('ends 12 hours after the login, however it is used', async () => {
    const staff = await createStaff(sut.database.db, { role: 'admin' });
    const browser = await signInStaff(sut, staff, clock);
    const start = clock.ms();
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock.set(start + minutes * MINUTE);
      expect((await browser.get('/api/console/me?lng=en')).statusCode, `${minutes} min`).toBe(200);
    }
    clock.set(start + 12 * 60 * MINUTE);
    expect((await browser.get('/api/console/me?lng=en')).statusCode).toBe(401);
  });

  it('ends at logout', async () => {
    const staff = await createStaff(sut.database.db, { role: 'admin' });
    const browser = await signInStaff(sut, staff, clock);
    const token = browser.jar.get('sentiero_staff');
    expect((await browser.post('/api/console/logout?lng=en')).statusCode).toBe(200);
    const stale = createBrowser(sut);
    stale.jar.set('sentiero_staff', token ?? '');
    expect((await stale.get('/api/console/me?lng=en')).statusCode).toBe(401);
    const rows = await sut.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, staff.id));
    expect(rows).toEqual([]);
  });
});
