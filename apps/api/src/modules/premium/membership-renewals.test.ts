import { sandboxBillingCharges } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxBilling } from '../../platform/billing/sandbox.ts';
import { createMember } from '../../test/factories.ts';
import {
  billing,
  CARD,
  chargesOf,
  clock,
  DAY,
  FAILS_ON_CHARGE,
  info,
  membershipRows,
  premium,
  renew,
  setUpSandboxMemberships,
  subscribe,
  sut,
} from '../../test/sandbox-membership.ts';
import { openCharge, PENDING_CHARGE_LEASE_MS } from './charges-repo.ts';
import { runRenewals } from './renewals.ts';

/*
 * The renewal job charging sandbox memberships bought through the API: trial ends and renewals,
 * retries and the end of a failed one, a past-due membership fixed with a new card, and each
 * period charged once whatever meets it.
 */

setUpSandboxMemberships();

describe('Sentiero+ renewals (the scheduled job, fixed clock)', () => {
  it('charges at the trial end, then renews a year later, once per period', async () => {
    const member = await createMember(sut, 'Renew');
    const { subscription } = (await subscribe(member)).json();
    clock.at(6);
    expect((await renew()).charged).toBe(0);
    clock.at(7.01);
    const report = await renew();
    expect(report.charged).toBeGreaterThanOrEqual(1);
    const active = await info(member);
    expect(active).toMatchObject({ status: 'active', paid: true, entitled: true });
    expect(subscription.trial_end_date).toBe('2026-12-02T08:00:00.000Z');
    expect(active.expiry_date).toBe('2027-12-02T08:00:00.000Z');
    // Running the job again the same day charges nothing more.
    await renew();
    const charges = await chargesOf(subscription.id);
    expect(charges.filter((charge) => charge.status === 'paid')).toHaveLength(1);
    expect(charges[0]?.receiptNumber).toMatch(/^SP-2026-\d{7}$/);
  });

  it('retries a failed renewal 3 times over 7 days, keeps the benefits meanwhile, then expires', async () => {
    const member = await createMember(sut, 'Broke');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    const trialEnd = Date.parse(subscription.trial_end_date);
    clock.set(trialEnd + 60_000);
    await renew();
    let state = await info(member);
    expect(state).toMatchObject({ status: 'past_due', entitled: true, paid: false });
    expect(state.retry_until).toBe(new Date(trialEnd + 60_000 + 7 * DAY).toISOString());
    expect(await premium(member)).toBe(true);
    for (const day of [1, 3]) {
      clock.set(trialEnd + 60_000 + day * DAY + 60_000);
      await renew();
      state = await info(member);
      expect(state.status).toBe('past_due');
    }
    clock.set(trialEnd + 60_000 + 6 * DAY + 60_000);
    await renew();
    state = await info(member);
    expect(state).toMatchObject({ status: 'expired', entitled: false });
    expect(await premium(member)).toBe(false);
    const attempts = await chargesOf(subscription.id);
    expect(attempts.map((charge) => [charge.attempt, charge.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
      [4, 'failed'],
    ]);
  });

  it('recovers from past due when the member gives a working card', async () => {
    const member = await createMember(sut, 'Fixed');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    expect((await info(member)).status).toBe('past_due');
    const changed = await member.post('/api/app/subscription/payment-method?lng=en', {
      payment_method: 'sandbox',
      card: CARD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      status: 'active',
      paid: true,
      payment_label: 'Visa •••• 4242',
    });
  });

  it('keeps a past-due membership and its retries when the card the member gives is refused too', async () => {
    const member = await createMember(sut, 'Tries');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const pastDue = await info(member);
    expect(pastDue.status).toBe('past_due');
    // More refused cards than the renewal has retries: none of them may end the membership.
    for (let attempt = 0; attempt < 4; attempt++) {
      const refused = await member.post('/api/app/subscription/payment-method?lng=en', {
        payment_method: 'sandbox',
        card: FAILS_ON_CHARGE,
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().code).toBe('PAYMENT_DECLINED');
    }
    expect(await info(member)).toEqual(pastDue);
    expect(await premium(member)).toBe(true);
    const fixed = await member.post('/api/app/subscription/payment-method?lng=en', {
      payment_method: 'sandbox',
      card: CARD,
    });
    expect(fixed.json().subscription).toMatchObject({ status: 'active', payment_label: 'Visa •••• 4242' });
  });

  it('charges a past-due period once when two new cards are sent at the same moment', async () => {
    const member = await createMember(sut, 'Twice');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    // PGlite answers one request at a time; on PostgreSQL the two really meet (and without the
    // claim of the row both cards were charged).
    const change = () =>
      member.post('/api/app/subscription/payment-method?lng=en', { payment_method: 'sandbox', card: CARD });
    const answers = await Promise.all([change(), change()]);
    // One pays; the other is refused, or (when it came second) saves its card on the paid membership.
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const paid = await chargesOf(subscription.id);
    expect(paid.filter((charge) => charge.status === 'paid')).toHaveLength(1);
  });

  it('holds a period to one charge: a new card waits for the charge in flight, and the job for the new card', async () => {
    const member = await createMember(sut, 'Inflight');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const [row] = await membershipRows(subscription.id);
    if (!row) throw new Error('no membership');
    const change = () =>
      member.post('/api/app/subscription/payment-method?lng=en', { payment_method: 'sandbox', card: CARD });

    // The renewal job is asking the provider for this period's second attempt right now.
    const inFlight = `sub-${row.id}-${row.periodEnd.toISOString()}-2`;
    await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 2,
        idempotencyKey: inFlight,
        amountCents: 2490,
      },
      clock.now(),
    );
    const refused = await change();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_ALLOWED_NOW');
    expect((await info(member)).status).toBe('past_due');
    expect((await chargesOf(row.id)).filter((charge) => charge.status === 'paid')).toHaveLength(0);

    // A charge still pending after the lease was left by a process that died: it holds nothing.
    clock.set(clock.ms() + PENDING_CHARGE_LEASE_MS + 60_000);
    const fixed = await change();
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().subscription.status).toBe('active');
    const charges = await chargesOf(row.id);
    expect(charges.find((charge) => charge.idempotencyKey === inFlight)).toMatchObject({
      status: 'failed',
      reason: 'interrupted',
    });
    expect(charges.filter((charge) => charge.status === 'paid')).toHaveLength(1);

    // A request that read the membership while it was past due cannot charge the paid period again.
    const stale = await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 2,
        idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-method-late`,
        amountCents: 2490,
      },
      clock.now(),
    );
    expect(stale).toBeUndefined();
  });

  it('leaves a past-due period to the new card being charged when the renewal job comes round', async () => {
    const member = await createMember(sut, 'Jobwaits');
    const { subscription } = (await subscribe(member, FAILS_ON_CHARGE)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const [row] = await membershipRows(subscription.id);
    if (!row?.nextChargeAt) throw new Error('no retry planned');
    clock.set(row.nextChargeAt.getTime() + 60_000);
    // The member's new card is being charged for this period as the job runs.
    await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 2,
        idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-method-card`,
        amountCents: 2490,
      },
      clock.now(),
    );
    const report = await renew();
    expect(report.errors).toBe(0);
    const charges = await chargesOf(row.id);
    expect(charges.map((charge) => charge.status).sort()).toEqual(['failed', 'pending']);
    expect((await info(member)).status).toBe('past_due');
  });

  it('never charges a period twice, even when the job dies between the charge and its record', async () => {
    const member = await createMember(sut, 'Crash');
    const { subscription } = (await subscribe(member)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    const real = sandboxBilling(sut.database.db, { now: clock.now });
    // The provider takes the money, then the process "dies" before Sentiero writes it down.
    const dying = {
      ...real,
      async charge(input: Parameters<NonNullable<typeof real.charge>>[0]) {
        await real.charge?.(input);
        throw new Error('worker killed');
      },
    };
    const crashed = await runRenewals(billing(), {
      providers: { sandbox: dying },
      receipts: { written() {} },
    });
    expect(crashed.errors).toBeGreaterThanOrEqual(1);
    expect((await info(member)).status).toBe('trialing');
    await renew();
    expect((await info(member)).status).toBe('active');
    const ledger = await sut.database.db
      .select()
      .from(sandboxBillingCharges)
      .where(
        eq(sandboxBillingCharges.idempotencyKey, `sub-${subscription.id}-${subscription.trial_end_date}-1`),
      );
    expect(ledger).toHaveLength(1);
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.status).toBe('paid');
  });
});
