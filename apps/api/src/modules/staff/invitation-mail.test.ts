import { staffAccounts, staffInvitations } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';
import { inviteToTeam } from './team.ts';

/*
 * An invitation is mailed to the invitee (issue 23), in the language the inviter picks; a mail
 * that cannot be sent still leaves the invitation, and its link with the inviter.
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

let invitees = 0;
const inviteeEmail = () => `invitee-${process.pid}-${++invitees}@console.test`;

describe('the invitation mail', () => {
  it('is sent in the language the inviter picks, naming the inviter, operator and role, with a link that works', async () => {
    const operator = await createOperator(sut.database.db, { name: 'Parco delle Prove' });
    const owner = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id }),
      clock,
    );
    const email = inviteeEmail();
    const invited = await owner.post('/api/console/team/invite?lng=en', {
      email,
      role: 'desk',
      operator_id: operator.id,
      language: 'it',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().mail_sent).toBe(true);
    const [mail] = await waitForMail(sut, email);
    expect(mail?.subject).toMatch(/ti invita nella Console di/);
    expect(mail?.text).toContain('come Sportello per Parco delle Prove');
    expect(mail?.text).toContain('72 ore');
    const link = mail?.text.match(/https?:\/\/\S+\/console\/invitation\/[\w-]+/)?.[0];
    expect(link).toBe(invited.json().link);
    const token = link?.split('/').pop();
    const invitee = createBrowser(sut);
    const accepted = await invitee.post('/api/console/invitation/accept?lng=it', {
      token,
      name: 'Nuova Sportellista',
      password: 'Sportello-2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const again = await invitee.post('/api/console/invitation/accept?lng=it', {
      token,
      name: 'Nuova Sportellista',
      password: 'Sportello-2026',
    });
    expect(again.statusCode).toBe(410);
  });

  it("is in the inviter's language when none is picked", async () => {
    const operator = await createOperator(sut.database.db);
    const account = await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id });
    await sut.database.db
      .update(staffAccounts)
      .set({ language: 'es' })
      .where(eq(staffAccounts.id, account.id));
    const owner = await signInStaff(sut, account, clock);
    const email = inviteeEmail();
    const invited = await owner.post('/api/console/team/invite?lng=de', {
      email,
      role: 'ranger',
      operator_id: operator.id,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [mail] = await waitForMail(sut, email);
    // The inviter's own language (Spanish), not the page's (German).
    expect(mail?.subject).toMatch(/te invita a la Consola de/);
    expect(mail?.text).toContain('como Guarda de');
  });

  it('that cannot be sent leaves the invitation written, its link answered and the failure told', async () => {
    const operator = await createOperator(sut.database.db);
    const owner = await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id });
    const now = clock.now();
    const failing = async () => {
      throw new Error('the mail queue is down');
    };
    const errors: unknown[] = [];
    const ctx: ServiceContext = {
      db: sut.database.db,
      lang: 'en',
      clock,
      log: { ...sut.app.log, error: (...args: unknown[]) => errors.push(args) } as ServiceContext['log'],
      user: null,
      staff: {
        staffId: owner.id,
        tokenHash: 'test',
        email: owner.email,
        name: 'Owner',
        language: 'en',
        totpEnrolled: true,
        twoFactorAt: now,
        reauthenticatedAt: now,
        expiresAt: new Date(now.getTime() + 60 * 60_000),
        grants: [{ role: 'owner', scope: { operatorId: operator.id } }],
      },
      roles: sut.app.accessRules.roles,
      config: loadConfig({ NODE_ENV: 'test' }),
      mail: { send: failing, deliver: failing },
      origin: 'https://sentiero.example',
    };
    const email = inviteeEmail();
    const answer = await inviteToTeam(ctx, { lng: 'en', email, role: 'manager', operator_id: operator.id });
    expect(answer.mail_sent).toBe(false);
    expect(answer.link).toMatch(/^https:\/\/sentiero\.example\/console\/invitation\/[\w-]{40,}$/);
    expect(errors).toHaveLength(1);
    const written = await sut.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, email));
    expect(written).toEqual([expect.objectContaining({ role: 'manager', usedAt: null })]);
  });
});
