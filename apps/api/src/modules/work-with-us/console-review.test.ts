import { PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@sentiero/contract/access';
import { auditLog, operatorApplications, operators, staffInvitations } from '@sentiero/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { unique } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';
import { approveAsAdmin } from './console-review.ts';

/*
 * The review of "work with us" applications and the operators list (issue 23, items 4 and 5):
 * only Sentiero's admin reviews; approving makes the operator and invites its owner in one
 * transaction (nothing is left when any part fails), the invitation mailed in the applicant's
 * language; rejecting mails the reason. Both are audited; the admin then finds the operator.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.now()));
});

async function createApplication(values: Partial<typeof operatorApplications.$inferInsert> = {}) {
  const [row] = await sut.database.db
    .insert(operatorApplications)
    .values({
      reference: unique('WWU'),
      state: 'submitted',
      businessName: unique('Turistično društvo Bovec'),
      businessKind: 'association',
      vatCountry: 'SI',
      vatNumber: 'SI50223054',
      contactName: 'Ana Kos',
      email: `${unique('ana')}@example.si`.toLowerCase(),
      phone: '+386 5 389 64 44',
      activities: ['rafting'],
      country: 'SI',
      plan: 'commission',
      language: 'sl',
      idempotencyKey: unique('key'),
      ...values,
    })
    .returning();
  if (!row) throw new Error('the application was not written');
  return row;
}

async function staffOf(role: StaffRole): Promise<{ browser: Browser; id: number }> {
  const everywhere = role === 'admin' || role === 'support';
  const operator = everywhere ? null : await createOperator(sut.database.db);
  const staff = await createStaff(sut.database.db, { role, operatorId: operator?.id ?? null });
  return { browser: await signInStaff(sut, staff, clock), id: staff.id };
}

const holds = (role: StaffRole, permission: StaffPermission) =>
  (PERMISSIONS[permission].heldBy as readonly string[]).includes(role);

type Call = (browser: Browser, id: number) => ReturnType<Browser['get']>;
const ENDPOINTS: { permission: StaffPermission; call: Call }[] = [
  { permission: 'applications.review', call: (b) => b.get('/api/console/applications?lng=en') },
  { permission: 'applications.review', call: (b, id) => b.get(`/api/console/application?lng=en&id=${id}`) },
  {
    permission: 'applications.review',
    call: (b, id) => b.post('/api/console/application/reject?lng=en', { id, reason: 'Not yet' }),
  },
  { permission: 'operators.manage', call: (b) => b.get('/api/console/operators?lng=en') },
  { permission: 'operators.manage', call: (b, id) => b.get(`/api/console/operator?lng=en&id=${id}`) },
];

describe('who may review applications and list operators', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const application = await createApplication();
    const operator = await createOperator(sut.database.db);
    const { browser } = await staffOf(role);
    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const id = endpoint.permission === 'operators.manage' ? operator.id : application.id;
      const response = await endpoint.call(browser, id);
      const where = `${role} #${index} ${endpoint.permission}: ${response.body}`;
      if (holds(role, endpoint.permission)) expect(response.statusCode, where).toBe(200);
      else {
        expect(response.statusCode, where).toBe(403);
        expect(response.json().code, where).toBe('FORBIDDEN');
      }
    }
    const approve = await browser.post('/api/console/application/approve?lng=en', { id: application.id });
    expect(approve.statusCode).toBe(holds(role, 'applications.review') ? 409 : 403);
  });

  it('answers a visitor 401', async () => {
    const application = await createApplication();
    for (const endpoint of ENDPOINTS) {
      expect((await endpoint.call(createBrowser(sut), application.id)).statusCode).toBe(401);
    }
  });

  it('refuses support, who handles the inbox, the applications and the operators', async () => {
    const application = await createApplication();
    const { browser } = await staffOf('support');
    const read = await browser.get(`/api/console/application?lng=en&id=${application.id}`);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain(application.email);
    const approve = await browser.post('/api/console/application/approve?lng=en', { id: application.id });
    expect(approve.statusCode).toBe(403);
    const [after] = await sut.database.db
      .select()
      .from(operatorApplications)
      .where(eq(operatorApplications.id, application.id));
    expect(after?.state).toBe('submitted');
  });
});

async function operatorsNamed(name: string) {
  return sut.database.db.select().from(operators).where(eq(operators.name, name));
}

describe('approving an application', () => {
  it('makes the operator, invites its owner in the applicant’s language, audits it, and lists it', async () => {
    const application = await createApplication({
      businessKind: 'guide',
      plan: 'featured',
      amountCents: 9900,
    });
    const admin = await staffOf('admin');
    const approved = await admin.browser.post('/api/console/application/approve?lng=en', {
      id: application.id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const answer = approved.json();
    expect(answer.application).toMatchObject({ state: 'approved', reviewed_by: { id: admin.id } });
    expect(answer.invitation.mail_sent).toBe(true);
    expect(answer.invitation.link).toMatch(/\/console\/invitation\/[\w-]+$/);

    const [operator] = await operatorsNamed(application.businessName);
    expect(operator).toMatchObject({
      kind: 'guide',
      vatNumber: 'SI50223054',
      contactEmail: application.email,
    });
    expect(answer.application.operator).toMatchObject({ id: operator?.id, name: application.businessName });
    const invitations = await sut.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.operatorId, operator?.id ?? 0));
    expect(invitations).toEqual([
      expect.objectContaining({
        email: application.email,
        role: 'owner',
        areaIds: null,
        invitedBy: admin.id,
      }),
    ]);
    // Valid 72 hours.
    const invitation = invitations[0];
    expect((invitation?.expiresAt.getTime() ?? 0) - (invitation?.createdAt.getTime() ?? 0)).toBe(
      72 * 3_600_000,
    );

    const [mail] = await waitForMail(sut, application.email);
    expect(mail?.subject).toMatch(/vas vabi v konzolo/);
    expect(mail?.text).toContain(`v vlogi lastnik za ${application.businessName}`);
    expect(mail?.text).toContain(answer.invitation.link);

    const audit = await sut.database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId, operatorId: auditLog.operatorId })
      .from(auditLog)
      .where(eq(auditLog.operatorId, operator?.id ?? 0));
    expect(audit.map((line) => line.action).sort()).toEqual([
      'application.approve',
      'operator.create',
      'team.invite',
    ]);
    expect(audit.every((line) => line.staffId === admin.id)).toBe(true);

    const list = await admin.browser.get(
      `/api/console/operators?lng=en&q=${encodeURIComponent(application.businessName)}`,
    );
    expect(list.json().operators).toEqual([
      expect.objectContaining({
        id: operator?.id,
        areas: 0,
        owners: [],
        owner_invitations: [expect.objectContaining({ email: application.email })],
      }),
    ]);
    const detail = await admin.browser.get(`/api/console/operator?lng=en&id=${operator?.id}`);
    expect(detail.json()).toMatchObject({ commission_basis_points: 1000, area_list: [] });

    const again = await admin.browser.post('/api/console/application/approve?lng=en', { id: application.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPLICATION_ALREADY_REVIEWED');
    expect(await operatorsNamed(application.businessName)).toHaveLength(1);
  });

  it('leaves nothing half-made when the invitation cannot be written', async () => {
    const application = await createApplication();
    const admin = await staffOf('admin');
    const db = sut.database.db;
    await db.execute(sql`
      create or replace function test_refuse_invitations() returns trigger language plpgsql as $$
      begin raise exception 'invitations are refused in this test'; end $$`);
    await db.execute(sql`
      create trigger test_refuse_invitations before insert on staff_invitations
      for each row execute function test_refuse_invitations()`);
    try {
      const approved = await admin.browser.post('/api/console/application/approve?lng=en', {
        id: application.id,
      });
      expect(approved.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger test_refuse_invitations on staff_invitations`);
    }
    const [after] = await db
      .select()
      .from(operatorApplications)
      .where(eq(operatorApplications.id, application.id));
    expect(after).toMatchObject({ state: 'submitted', operatorId: null, reviewedBy: null, reviewedAt: null });
    expect(await operatorsNamed(application.businessName)).toEqual([]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetType, 'operator_application'), eq(auditLog.targetId, String(application.id))),
      );
    expect(audit).toEqual([]);

    // The same application is approved once the fault is gone.
    const retried = await admin.browser.post('/api/console/application/approve?lng=en', {
      id: application.id,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await operatorsNamed(application.businessName)).toHaveLength(1);
  });

  it('keeps the operator and the invitation when the mail cannot leave, and answers the link', async () => {
    const application = await createApplication();
    const admin = await createStaff(sut.database.db, { role: 'admin' });
    const now = clock.now();
    const failing = async () => {
      throw new Error('the mail queue is down');
    };
    const ctx: ServiceContext = {
      db: sut.database.db,
      lang: 'en',
      clock,
      log: { ...sut.app.log, error: () => {} } as ServiceContext['log'],
      user: null,
      staff: {
        staffId: admin.id,
        tokenHash: 'test',
        email: admin.email,
        name: 'Admin',
        language: 'en',
        totpEnrolled: true,
        twoFactorAt: now,
        reauthenticatedAt: now,
        expiresAt: new Date(now.getTime() + 60 * 60_000),
        grants: [{ role: 'admin', scope: 'everywhere' }],
      },
      roles: sut.app.accessRules.roles,
      config: loadConfig({ NODE_ENV: 'test' }),
      mail: { send: failing, deliver: failing },
      origin: 'https://sentiero.example',
    };
    const answer = await approveAsAdmin(ctx, application.id);
    expect(answer.invitation.mail_sent).toBe(false);
    expect(answer.invitation.link).toMatch(/^https:\/\/sentiero\.example\/console\/invitation\/[\w-]{40,}$/);
    const [operator] = await operatorsNamed(application.businessName);
    expect(answer.application).toMatchObject({ state: 'approved', operator: { id: operator?.id } });
    const invitations = await sut.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.operatorId, operator?.id ?? 0));
    expect(invitations).toEqual([
      expect.objectContaining({ email: application.email, role: 'owner', usedAt: null }),
    ]);
  });

  it('refuses an unpaid featured application with its own message', async () => {
    const unpaid = await createApplication({
      state: 'awaiting_payment',
      plan: 'featured',
      amountCents: 9900,
    });
    const admin = await staffOf('admin');
    const refused = await admin.browser.post('/api/console/application/approve?lng=it', { id: unpaid.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('APPLICATION_UNPAID');
    expect(await operatorsNamed(unpaid.businessName)).toEqual([]);
  });

  it('asks for a recent re-authentication, as inviting to a team does', async () => {
    const application = await createApplication();
    const admin = await staffOf('admin');
    clock.set(clock.ms() + 11 * 60_000);
    const refused = await admin.browser.post('/api/console/application/approve?lng=en', {
      id: application.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REAUTHENTICATION_REQUIRED');
    expect(await operatorsNamed(application.businessName)).toEqual([]);
  });
});

describe('rejecting an application', () => {
  it('mails the reason in the applicant’s language and audits it', async () => {
    const application = await createApplication({ language: 'de', contactName: 'Jonas Huber' });
    const admin = await staffOf('admin');
    const rejected = await admin.browser.post('/api/console/application/reject?lng=it', {
      id: application.id,
      reason: 'Wir verkaufen in Ihrer Region noch nicht.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      mail_sent: true,
      application: {
        state: 'rejected',
        rejection_reason: 'Wir verkaufen in Ihrer Region noch nicht.',
        operator: null,
      },
    });
    const [mail] = await waitForMail(sut, application.email);
    expect(mail?.subject).toBe(`Die Bewerbung von ${application.businessName} wurde nicht angenommen`);
    expect(mail?.text).toContain('Wir verkaufen in Ihrer Region noch nicht.');
    const [line] = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.reject'), eq(auditLog.targetId, String(application.id))));
    expect(line).toMatchObject({
      staffId: admin.id,
      role: 'admin',
      reason: 'Wir verkaufen in Ihrer Region noch nicht.',
      changes: { state: ['submitted', 'rejected'] },
    });
  });

  it('refuses an empty reason with a field message, and a second review', async () => {
    const application = await createApplication();
    const admin = await staffOf('admin');
    const empty = await admin.browser.post('/api/console/application/reject?lng=en', {
      id: application.id,
      reason: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('reason');
    await admin.browser.post('/api/console/application/reject?lng=en', { id: application.id, reason: 'No' });
    const again = await admin.browser.post('/api/console/application/reject?lng=en', {
      id: application.id,
      reason: 'No',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPLICATION_ALREADY_REVIEWED');
    const missing = await admin.browser.get('/api/console/application?lng=en&id=2000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('lists applications by state, a page at a time', async () => {
    const admin = await staffOf('admin');
    const unpaid = await createApplication({ state: 'awaiting_payment', plan: 'featured' });
    const submitted = await createApplication();
    const list = await admin.browser.get('/api/console/applications?lng=en&state=awaiting_payment');
    const ids = list.json().applications.map((row: { id: number }) => row.id);
    expect(ids).toContain(unpaid.id);
    expect(ids).not.toContain(submitted.id);
    expect(list.json()).toMatchObject({ page: 1, pages: 1 });
    expect(list.json().applications[0]).toMatchObject({
      vat_number: expect.any(String),
      plan: expect.any(String),
    });
  });
});
