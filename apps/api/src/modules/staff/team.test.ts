import { TEAM_PAGE_SIZE } from '@sentiero/contract/console-team';
import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { totpCode } from '../../platform/totp.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea } from '../../test/factories.ts';
import { createOperator, createStaff, STAFF_PASSWORD, signInStaff } from '../../test/staff-factories.ts';
import { createDemoStaff } from './demo-staff.ts';

/*
 * An operator's team (issue 23): its owner invites, changes and revokes, for its own operator
 * only, after confirming who they are; every change is in the audit log.
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

async function twoOperators() {
  const a = await createOperator(sut.database.db);
  const b = await createOperator(sut.database.db);
  return { a, b };
}

describe("an operator's team", () => {
  it("is its owner's to see and grow, and nobody else's", async () => {
    const { a, b } = await twoOperators();
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: a.id }),
      clock,
    );
    const manager = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'manager', operatorId: a.id }),
      clock,
    );
    expect((await owner.get(`/api/console/team?lng=en&operator_id=${a.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/console/team?lng=en&operator_id=${b.id}`)).statusCode).toBe(403);
    const invite = { email: 'desk@console.test', role: 'desk', operator_id: b.id };
    expect((await owner.post('/api/console/team/invite?lng=en', invite)).statusCode).toBe(403);
    expect((await manager.get(`/api/console/team?lng=en&operator_id=${a.id}`)).statusCode).toBe(403);
    expect((await manager.get(`/api/console/team?lng=en&operator_id=${b.id}`)).statusCode).toBe(403);
    // An owner cannot make Sentiero's staff.
    const admin = { email: 'admin@console.test', role: 'admin', operator_id: null };
    expect((await owner.post('/api/console/team/invite?lng=en', admin)).statusCode).toBe(403);
  });

  it('invites for the areas of its own operator only, and writes it to the audit log', async () => {
    const { a, b } = await twoOperators();
    const own = await createArea(sut.database.db, { operatorId: a.id });
    const other = await createArea(sut.database.db, { operatorId: b.id });
    const owner = await createStaff(sut.database.db, { role: 'owner', operatorId: a.id });
    const browser = await signInStaff(sut, owner, clock);
    const elsewhere = await browser.post('/api/console/team/invite?lng=en', {
      email: 'ranger@console.test',
      role: 'ranger',
      operator_id: a.id,
      area_ids: [other.id],
    });
    expect(elsewhere.statusCode).toBe(400);
    const invited = await browser.post('/api/console/team/invite?lng=en', {
      email: 'ranger@console.test',
      role: 'ranger',
      operator_id: a.id,
      area_ids: [own.id],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().link).toMatch(/\/console\/invitation\/[\w-]{40,}$/);
    const team = (await browser.get(`/api/console/team?lng=en&operator_id=${a.id}`)).json();
    expect(team.invitations).toEqual([
      expect.objectContaining({ email: 'ranger@console.test', role: 'ranger' }),
    ]);
    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, a.id), eq(auditLog.action, 'team.invite')));
    expect(lines).toEqual([
      expect.objectContaining({
        staffId: owner.id,
        role: 'owner',
        changes: expect.objectContaining({ role: [null, 'ranger'] }),
      }),
    ]);
  });

  it('changes and revokes a role after a recent re-authentication, audited', async () => {
    const { a } = await twoOperators();
    const owner = await createStaff(sut.database.db, { role: 'owner', operatorId: a.id });
    const desk = await createStaff(sut.database.db, { role: 'desk', operatorId: a.id });
    const browser = await signInStaff(sut, owner, clock);
    clock.set(clock.ms() + 11 * MINUTE);
    const change = { grant_id: desk.grantId, role: 'manager', reason: 'Runs the summer season' };
    const stale = await browser.post('/api/console/team/grant/change?lng=en', change);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTHENTICATION_REQUIRED');
    const wrong = await browser.post('/api/console/reauthenticate?lng=en', { password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(400);
    const proof = await browser.post('/api/console/reauthenticate?lng=en', { password: STAFF_PASSWORD });
    expect(proof.statusCode, proof.body).toBe(200);
    const changed = await browser.post('/api/console/team/grant/change?lng=en', change);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'manager', operator: { id: a.id } });
    clock.set(clock.ms() + MINUTE);
    const byCode = await browser.post('/api/console/reauthenticate?lng=en', {
      code: totpCode(owner.totpSecret, clock.now()),
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const revoked = await browser.post('/api/console/team/grant/revoke?lng=en', { grant_id: desk.grantId });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const lines = await sut.database.db.select().from(auditLog).where(eq(auditLog.operatorId, a.id));
    expect(lines.map((line) => [line.action, line.changes.role, line.reason])).toEqual([
      ['team.change', ['desk', 'manager'], 'Runs the summer season'],
      ['team.revoke', ['manager', null], null],
    ]);
  });

  it('keeps at least one owner: the last cannot be revoked or made something else, not even by themselves', async () => {
    const { a } = await twoOperators();
    const owner = await createStaff(sut.database.db, { role: 'owner', operatorId: a.id });
    const browser = await signInStaff(sut, owner, clock);
    const revokeSelf = await browser.post('/api/console/team/grant/revoke?lng=it', {
      grant_id: owner.grantId,
    });
    expect(revokeSelf.statusCode).toBe(409);
    expect(revokeSelf.json()).toMatchObject({
      code: 'LAST_OWNER',
      message: 'Prima qualcun altro deve avere questo ruolo: l’ultimo titolare non può essere rimosso',
    });
    const demote = { grant_id: owner.grantId, role: 'manager' };
    expect((await browser.post('/api/console/team/grant/change?lng=en', demote)).json().code).toBe(
      'LAST_OWNER',
    );
    // With a second owner, either may step down.
    await createStaff(sut.database.db, { role: 'owner', operatorId: a.id });
    const stepDown = await browser.post('/api/console/team/grant/change?lng=en', demote);
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const actions = await sut.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.operatorId, a.id));
    expect(actions).toEqual([{ action: 'team.change' }]);
  });

  it("refuses another operator's grant like its team", async () => {
    const { a, b } = await twoOperators();
    const ownerOfA = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: a.id }),
      clock,
    );
    const deskOfB = await createStaff(sut.database.db, { role: 'desk', operatorId: b.id });
    const revoke = await ownerOfA.post('/api/console/team/grant/revoke?lng=en', {
      grant_id: deskOfB.grantId,
    });
    expect(revoke.statusCode).toBe(403);
  });
});

describe('demo staff', () => {
  it('are never made in production, on PostgreSQL, or in tests', async () => {
    for (const environment of [
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://sentiero.example',
        SMTP_URL: 'smtp://mail',
        COMPANY_NAME: 'Sentiero Outdoor S.r.l.',
        COMPANY_TAX_NUMBER: 'IT12345678901',
        COMPANY_REGISTER_NUMBER: 'MI-1234567',
      },
      { NODE_ENV: 'development', DATABASE_URL: 'postgres://localhost/x' },
      { NODE_ENV: 'test' },
    ]) {
      expect(
        await createDemoStaff(sut.database.db, loadConfig(environment)),
        environment.NODE_ENV,
      ).toBeNull();
    }
  });

  it('are made once in development on the embedded database', async () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    const printed = await createDemoStaff(sut.database.db, config);
    expect(printed).toContain('admin@console.sentiero.localhost');
    expect(printed).toContain('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(await createDemoStaff(sut.database.db, config)).toBeNull();
  });
});

describe("the team's list", () => {
  it("pages the members by name with their roles and since when, the operator's areas and the teams one manages", async () => {
    const { a, b } = await twoOperators();
    const area = await createArea(sut.database.db, { operatorId: a.id });
    const owner = await createStaff(sut.database.db, { role: 'owner', operatorId: a.id });
    for (let i = 0; i < TEAM_PAGE_SIZE; i++) {
      await createStaff(sut.database.db, { role: 'desk', operatorId: a.id, areaIds: [area.id] });
    }
    await createStaff(sut.database.db, { role: 'desk', operatorId: b.id });
    const browser = await signInStaff(sut, owner, clock);
    const first = (await browser.get('/api/console/team?lng=en')).json();
    expect(first.operators).toEqual([{ id: a.id, slug: a.slug, name: a.name }]);
    expect(first.operator).toEqual({ id: a.id, slug: a.slug, name: a.name });
    expect(first.areas).toEqual([expect.objectContaining({ id: area.id })]);
    expect(first).toMatchObject({ page: 1, pages: 2, total: TEAM_PAGE_SIZE + 1 });
    expect(first.members).toHaveLength(TEAM_PAGE_SIZE);
    expect(first.members[0]).toMatchObject({ since: expect.stringMatching(/^\d{4}-/) });
    const second = (await browser.get(`/api/console/team?lng=en&operator_id=${a.id}&page=2`)).json();
    expect(second.members).toHaveLength(1);
    const names = [...first.members, ...second.members].map((member: { name: string }) => member.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });
});

describe('the roles the team page offers', () => {
  it("are the team's roles for whoever manages it, and none for a team nobody shown manages", async () => {
    const { a } = await twoOperators();
    const area = await createArea(sut.database.db, { operatorId: a.id });
    const operatorRoles = ['owner', 'manager', 'desk', 'accountant', 'ranger'];
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: a.id }),
      clock,
    );
    expect((await owner.get('/api/console/team?lng=en')).json().grantable_roles).toEqual(operatorRoles);

    const admin = await signInStaff(sut, await createStaff(sut.database.db, { role: 'admin' }), clock);
    const operatorTeam = (await admin.get(`/api/console/team?lng=en&operator_id=${a.id}`)).json();
    expect(operatorTeam.grantable_roles).toEqual(operatorRoles);
    const sentieroTeam = (await admin.get('/api/console/team?lng=en&team=sentiero')).json();
    expect(sentieroTeam.grantable_roles).toEqual(['admin', 'support']);

    // An owner narrowed to some areas manages no team: nothing is offered, and nothing accepted.
    const narrowed = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: a.id, areaIds: [area.id] }),
      clock,
    );
    const shown = (await narrowed.get('/api/console/team?lng=en')).json();
    expect([shown.operator, shown.grantable_roles]).toEqual([null, []]);
    const invite = { email: 'ranger@console.test', role: 'ranger', operator_id: a.id };
    expect((await narrowed.post('/api/console/team/invite?lng=en', invite)).statusCode).toBe(403);
  });
});

describe("the team's forms", () => {
  it('take ids as text and areas as a comma list, as the console sends them in form-data', async () => {
    const { a } = await twoOperators();
    const first = await createArea(sut.database.db, { operatorId: a.id });
    const second = await createArea(sut.database.db, { operatorId: a.id });
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: a.id }),
      clock,
    );
    const invited = await owner.postFiles(
      '/api/console/team/invite?lng=en',
      {
        email: 'form-desk@console.test',
        role: 'desk',
        operator_id: String(a.id),
        area_ids: `${first.id},${second.id}`,
        language: 'sl',
      },
      [],
    );
    expect(invited.statusCode, invited.body).toBe(200);
    const desk = await createStaff(sut.database.db, { role: 'desk', operatorId: a.id, areaIds: [first.id] });
    const widened = await owner.postFiles(
      '/api/console/team/grant/change?lng=en',
      { grant_id: String(desk.grantId), role: 'manager' },
      [],
    );
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json()).toMatchObject({ role: 'manager', area_ids: null });
  });
});
