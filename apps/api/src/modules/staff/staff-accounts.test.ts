import { auditLog, staffGrants } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createOperator, createStaff, STAFF_PASSWORD, signInStaff } from '../../test/staff-factories.ts';

/*
 * A staff account as a whole (issue 23): disabled by its team's owner or an admin, its sessions
 * end at once and it cannot sign in; enabled again, it can. An operator keeps an active owner and
 * Sentiero an active admin. Anyone may end all their own sessions. An admin manages Sentiero's
 * own staff from the team screen.
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

const disable = '/api/console/team/staff/disable?lng=en';
const enable = '/api/console/team/staff/enable?lng=en';

describe('disabling a staff member', () => {
  it('ends their sessions at once and keeps them out until enabled again, audited with the reason', async () => {
    const operator = await createOperator(sut.database.db);
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id }),
      clock,
    );
    const desk = await createStaff(sut.database.db, { role: 'desk', operatorId: operator.id });
    const deskBrowser = await signInStaff(sut, desk, clock);
    expect((await deskBrowser.get('/api/console/me?lng=en')).statusCode).toBe(200);

    const done = await owner.post(disable, { staff_id: desk.id, reason: 'Left the park' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await deskBrowser.get('/api/console/me?lng=en')).statusCode).toBe(401);
    const login = await createBrowser(sut).post('/api/console/login?lng=en', {
      email: desk.email,
      password: STAFF_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    const team = (await owner.get(`/api/console/team?lng=en&operator_id=${operator.id}`)).json();
    expect(team.members.find((member: { staff_id: number }) => member.staff_id === desk.id).disabled).toBe(
      true,
    );

    expect((await owner.post(enable, { staff_id: desk.id })).statusCode).toBe(200);
    // A code is used once: the next sign-in takes the authenticator's next one.
    clock.set(clock.ms() + MINUTE);
    await signInStaff(sut, desk, clock);
    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'staff_account'), eq(auditLog.targetId, String(desk.id))));
    expect(lines.map((line) => [line.action, line.reason, line.operatorId])).toEqual([
      ['staff.disable', 'Left the park', operator.id],
      ['staff.enable', null, operator.id],
    ]);
  });

  it('asks for a recent re-authentication', async () => {
    const operator = await createOperator(sut.database.db);
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id }),
      clock,
    );
    const desk = await createStaff(sut.database.db, { role: 'desk', operatorId: operator.id });
    clock.set(clock.ms() + 11 * MINUTE);
    const stale = await owner.post(disable, { staff_id: desk.id });
    expect([stale.statusCode, stale.json().code]).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
  });

  it("is not another operator's owner's to do, nor for someone who also works elsewhere: 404", async () => {
    const a = await createOperator(sut.database.db);
    const b = await createOperator(sut.database.db);
    const ownerA = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: a.id }),
      clock,
    );
    const deskB = await createStaff(sut.database.db, { role: 'desk', operatorId: b.id });
    expect((await ownerA.post(disable, { staff_id: deskB.id })).statusCode).toBe(404);
    // A desk of both operators: the account is theirs everywhere, so only an admin switches it off.
    await sut.database.db.insert(staffGrants).values({ staffId: deskB.id, role: 'desk', operatorId: a.id });
    expect((await ownerA.post(disable, { staff_id: deskB.id })).statusCode).toBe(404);
    const admin = await signInStaff(sut, await createStaff(sut.database.db, { role: 'admin' }), clock);
    expect((await admin.post(disable, { staff_id: deskB.id })).statusCode).toBe(200);
  });

  it('keeps an active owner for every operator and an active admin for Sentiero, and nobody disables themselves', async () => {
    const operator = await createOperator(sut.database.db);
    const owner = await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id });
    const admin = await signInStaff(sut, await createStaff(sut.database.db, { role: 'admin' }), clock);
    const last = await admin.post(disable, { staff_id: owner.id });
    expect([last.statusCode, last.json().code]).toEqual([409, 'LAST_OWNER']);
    const second = await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id });
    expect((await admin.post(disable, { staff_id: owner.id })).statusCode).toBe(200);
    // The other owner is now the only active one: neither disabled nor demoted.
    expect((await admin.post(disable, { staff_id: second.id })).json().code).toBe('LAST_OWNER');
    const demote = await admin.post('/api/console/team/grant/revoke?lng=en', { grant_id: second.grantId });
    expect(demote.json().code).toBe('LAST_OWNER');

    const ownerBrowser = await signInStaff(sut, second, clock);
    const self = await ownerBrowser.post(disable, { staff_id: second.id });
    expect([self.statusCode, self.json().code]).toEqual([409, 'SELF_DISABLE']);
  });
});

describe("Sentiero's own team", () => {
  it('is listed for an admin and grows by invitation; an owner cannot see it', async () => {
    const admin = await signInStaff(sut, await createStaff(sut.database.db, { role: 'admin' }), clock);
    const invited = await admin.post('/api/console/team/invite?lng=en', {
      email: 'support@console.test',
      role: 'support',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const team = (await admin.get('/api/console/team?lng=en&team=sentiero')).json();
    expect(team).toMatchObject({ sentiero: true, operator: null, can_manage_sentiero: true });
    expect(
      team.members.some((member: { grants: { role: string }[] }) => member.grants[0]?.role === 'admin'),
    ).toBe(true);
    expect(team.invitations).toEqual([
      expect.objectContaining({ email: 'support@console.test', role: 'support' }),
    ]);

    const operator = await createOperator(sut.database.db);
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id }),
      clock,
    );
    expect((await owner.get('/api/console/team?lng=en&team=sentiero')).statusCode).toBe(403);
    expect((await owner.get('/api/console/team?lng=en')).json().can_manage_sentiero).toBe(false);
  });
});

describe('signing out everywhere', () => {
  it("ends every session of the caller, on every device, and nobody else's", async () => {
    const operator = await createOperator(sut.database.db);
    const ranger = await createStaff(sut.database.db, { role: 'ranger', operatorId: operator.id });
    const laptop = await signInStaff(sut, ranger, clock);
    clock.set(clock.ms() + MINUTE);
    const phone = await signInStaff(sut, ranger, clock);
    const colleague = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'ranger', operatorId: operator.id }),
      clock,
    );
    const ended = await phone.post('/api/console/logout/everywhere?lng=en');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ok: true, ended: 2 });
    expect((await laptop.get('/api/console/me?lng=en')).statusCode).toBe(401);
    expect((await phone.get('/api/console/me?lng=en')).statusCode).toBe(401);
    expect((await colleague.get('/api/console/me?lng=en')).statusCode).toBe(200);
  });
});
