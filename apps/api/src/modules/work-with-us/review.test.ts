import { operatorApplications } from '@sentiero/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { type ServiceContext, systemClock } from '../../platform/context.ts';
import { mailboxTransport } from '../../platform/mail.ts';
import { createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { unique } from '../../test/factories.ts';
import { type ApplicationRow, findApplication } from './repo.ts';
import {
  approveApplication,
  type CreateOperatorAndInviteOwner,
  listApplications,
  rejectApplication,
} from './review.ts';

let sut: TestApp;
let ctx: ServiceContext;
beforeAll(async () => {
  sut = await createTestApp();
  const config = loadConfig({ NODE_ENV: 'test' });
  const mailbox = mailboxTransport(sut.database.db, config.mail.from);
  ctx = {
    db: sut.database.db,
    lang: 'it',
    clock: systemClock,
    log: sut.app.log,
    user: null,
    roles: sut.app.accessRules.roles,
    config,
    mail: { send: (mail) => mailbox.deliver(mail), deliver: (mail) => mailbox.deliver(mail) },
    origin: 'https://sentiero.example',
  };
});
afterAll(() => sut.close());

const REVIEWER = { staffId: 7 };
/** A commission application owes nothing back: no provider is needed to reject it. */
const NO_PROVIDERS = {};

async function createApplication(values: Partial<typeof operatorApplications.$inferInsert> = {}) {
  const [row] = await sut.database.db
    .insert(operatorApplications)
    .values({
      reference: unique('WWU'),
      state: 'submitted',
      businessName: 'Turistično društvo Bovec',
      businessKind: 'association',
      vatCountry: 'SI',
      vatNumber: 'SI50223054',
      contactName: 'Ana Kos',
      email: `${unique('ana')}@example.si`,
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

/** The staff module's hook as approval calls it, remembering what it was given. */
function stubHook(operatorId: number) {
  const calls: ApplicationRow[] = [];
  const hook: CreateOperatorAndInviteOwner<{ operatorId: number }> = async (_tx, application) => {
    calls.push(application);
    return { operatorId };
  };
  return { hook, calls };
}

describe('reviewing applications', () => {
  it('lists them newest first, by state', async () => {
    const older = await createApplication();
    const unpaid = await createApplication({ state: 'awaiting_payment', plan: 'featured' });
    const newer = await createApplication();
    // The first applications of this file's database: the three above are all there are.
    const submitted = await listApplications(ctx, { state: 'submitted', page: 1, pageSize: 50 });
    expect(submitted.rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(submitted.total).toBe(2);
    const all = await listApplications(ctx, { page: 1, pageSize: 2 });
    expect(all.rows.map((row) => row.id)).toEqual([newer.id, unpaid.id]);
    expect(all.total).toBe(3);
    expect((await listApplications(ctx, { page: 2, pageSize: 2 })).rows.map((row) => row.id)).toEqual([
      older.id,
    ]);
  });

  it('approves a submitted application through the hook, which makes its operator', async () => {
    const submitted = await createApplication();
    const { hook, calls } = stubHook(41);
    const { application: approved } = await approveApplication(ctx, submitted.id, REVIEWER, hook);
    expect(approved).toMatchObject({ state: 'approved', operatorId: 41, reviewedBy: 7 });
    expect(calls.map((call) => [call.id, call.state])).toEqual([[submitted.id, 'approved']]);
  });

  it('leaves the application as it was when the hook fails', async () => {
    const submitted = await createApplication();
    const failing: CreateOperatorAndInviteOwner<{ operatorId: number }> = async () => {
      throw new Error('the operator could not be made');
    };
    await expect(approveApplication(ctx, submitted.id, REVIEWER, failing)).rejects.toThrow(
      'could not be made',
    );
    const after = await findApplication(sut.database.db, submitted.id);
    expect(after).toMatchObject({ id: submitted.id, state: 'submitted', operatorId: null, reviewedBy: null });
  });

  it('approves neither an unpaid featured application nor one already reviewed', async () => {
    const unpaid = await createApplication({ state: 'awaiting_payment', plan: 'featured' });
    const { hook, calls } = stubHook(42);
    await expect(approveApplication(ctx, unpaid.id, REVIEWER, hook)).rejects.toMatchObject({
      status: 409,
      code: 'APPLICATION_UNPAID',
    });
    const rejected = await createApplication({ state: 'rejected' });
    await expect(approveApplication(ctx, rejected.id, REVIEWER, hook)).rejects.toMatchObject({
      status: 409,
      code: 'APPLICATION_ALREADY_REVIEWED',
    });
    await expect(approveApplication(ctx, 999_999, REVIEWER, hook)).rejects.toMatchObject({ status: 404 });
    expect(calls).toEqual([]);
  });

  it('rejects with a reason mailed in the applicant’s language', async () => {
    const submitted = await createApplication();
    const { application: rejected, mailSent } = await rejectApplication(
      ctx,
      NO_PROVIDERS,
      submitted.id,
      REVIEWER,
      'Bovec še ni na našem seznamu območij.',
    );
    expect(mailSent).toBe(true);
    expect(rejected).toMatchObject({
      state: 'rejected',
      rejectionReason: 'Bovec še ni na našem seznamu območij.',
    });
    const [mail] = await waitForMail(sut, submitted.email);
    expect(mail?.subject).toBe('Prijava podjetja Turistično društvo Bovec ni bila sprejeta');
    expect(mail?.text).toContain('Bovec še ni na našem seznamu območij.');
    await expect(rejectApplication(ctx, NO_PROVIDERS, submitted.id, REVIEWER, 'again')).rejects.toMatchObject(
      {
        status: 409,
        code: 'APPLICATION_ALREADY_REVIEWED',
      },
    );
  });

  it('refuses to reject without a reason', async () => {
    const submitted = await createApplication();
    await expect(rejectApplication(ctx, NO_PROVIDERS, submitted.id, REVIEWER, '  ')).rejects.toMatchObject({
      status: 400,
    });
  });
});
