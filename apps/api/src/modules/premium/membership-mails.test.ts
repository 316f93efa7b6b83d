import { users } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxBilling } from '../../platform/billing/sandbox.ts';
import { waitForMail } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';
import {
  billing,
  CARD,
  clock,
  DAY,
  FAILS_ON_CHARGE,
  setUpSandboxMemberships,
  subscribe,
  sut,
} from '../../test/sandbox-membership.ts';
import { runRenewals } from './renewals.ts';

/* What a sandbox member is told by mail, from the purchase through the renewal job to the receipt. */

setUpSandboxMemberships();

describe('Sentiero+ mails', () => {
  it('tells the member by mail, in their language: the trial, the reminder, the receipt with its PDF, a failure', async () => {
    const member = await createMember(sut, 'Posta');
    const email = (await member.get('/api/app/user/info')).json().user.email as string;
    await sut.database.db.update(users).set({ language: 'it' }).where(eq(users.email, email));
    // The job renews every membership of the database: only this member's mails are read.
    const sent: { to: string; subject: string; text: string }[] = [];
    const capture = {
      send: async (mail: (typeof sent)[number]) => {
        if (mail.to === email) sent.push(mail);
      },
      deliver: async () => {},
    };
    const renewWithMail = () =>
      runRenewals(
        { ...billing(), mail: capture },
        {
          providers: { sandbox: sandboxBilling(sut.database.db, { now: clock.now }) },
          receipts: { written() {} },
        },
      );

    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    // The account's own welcome mail comes first; the membership's follows it.
    const welcome = (await waitForMail(sut, email, 2)).find((mail) => /Sentiero\+/.test(mail.subject));
    expect(welcome).toBeDefined();
    expect(welcome?.text).toContain('24,90');

    clock.set(Date.parse(subscription.trial_end_date) - 3 * DAY + 60_000);
    await renewWithMail();
    expect(sent.map((mail) => mail.to)).toEqual([email]);
    expect(sent[0]?.text).toContain('24,90');

    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renewWithMail();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).not.toBe(sent[0]?.subject);

    // A working card: charged at once, the receipt goes with a PDF.
    await member.post('/api/app/subscription/payment-method?lng=it', {
      payment_method: 'sandbox',
      card: CARD,
    });
    const mails = await waitForMail(sut, email, 3);
    const receipt = mails.find((mail) => /SP-2026-\d{7}/.test(mail.text));
    expect(receipt?.text).toMatch(/SP-2026-\d{7}/);
    expect(receipt?.text).toMatch(/\[attachment: [a-z-]+-SP-2026-\d{7}\.pdf\]/);
  });
});
