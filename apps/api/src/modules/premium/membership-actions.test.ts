import { subscriptionCharges, subscriptions } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import {
  CARD,
  chargesOf,
  clock,
  DAY,
  info,
  membershipRows,
  premium,
  renew,
  setUpSandboxMemberships,
  subscribe,
  sut,
} from '../../test/sandbox-membership.ts';
import { openCharge } from './charges-repo.ts';

/* What a member does with a sandbox membership (cancel and undo, suspend and resume), and deleting the account. */

setUpSandboxMemberships();

describe('Sentiero+ member actions', () => {
  it('waits to cancel while the renewal job is charging the period, so the member is never charged for a year they stopped', async () => {
    const member = await createMember(sut, 'Midcharge');
    const { subscription } = (await subscribe(member)).json();
    const [row] = await membershipRows(subscription.id);
    if (!row) throw new Error('no membership');
    // The job has written its charge row and is asking the provider.
    const charge = await openCharge(
      sut.database.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: 1,
        idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-1`,
        amountCents: 2490,
      },
      clock.now(),
    );
    const refused = await member.post('/api/app/subscription/cancel?lng=en');
    expect(refused.statusCode).toBe(409);
    expect((await info(member)).status).toBe('trialing');
    // Settled (here: declined), the member may cancel.
    await sut.database.db
      .update(subscriptionCharges)
      .set({ status: 'failed', reason: 'card_declined' })
      .where(eq(subscriptionCharges.id, charge?.id ?? 0));
    const canceled = await member.post('/api/app/subscription/cancel?lng=en');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription.status).toBe('canceled');
  });

  it('cancelled stays until the last paid day, can be undone until then, then expires', async () => {
    const member = await createMember(sut, 'Cancel');
    const { subscription } = (await subscribe(member)).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const paidUntil = Date.parse((await info(member)).expiry_date);
    clock.at(30);
    const canceled = (await member.post('/api/app/subscription/cancel?lng=en', {})).json().subscription;
    expect(canceled).toMatchObject({
      status: 'canceled',
      entitled: true,
      next_charge_date: null,
      paid: true,
    });
    const undone = (await member.post('/api/app/subscription/uncancel?lng=en', {})).json().subscription;
    expect(undone).toMatchObject({ status: 'active', next_charge_date: new Date(paidUntil).toISOString() });
    await member.post('/api/app/subscription/cancel?lng=en', {});
    clock.set(paidUntil - 60_000);
    await renew();
    expect(await premium(member)).toBe(true);
    clock.set(paidUntil + 60_000);
    await renew();
    expect(await info(member)).toMatchObject({ status: 'expired', entitled: false });
    expect(await premium(member)).toBe(false);
    const late = await member.post('/api/app/subscription/uncancel?lng=en', {});
    expect(late.statusCode).toBe(409);
    // Nothing was charged after the cancellation.
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
  });

  it('suspends with no charge and no benefits, and resumes with the days that were left', async () => {
    const member = await createMember(sut, 'Pause');
    const { subscription } = (await subscribe(member, CARD, 'monthly')).json();
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const paidUntil = Date.parse((await info(member)).expiry_date);
    const suspendedAt = clock.ms() + 10 * DAY;
    clock.set(suspendedAt);
    const suspended = (await member.post('/api/app/subscription/suspend?lng=en', {})).json().subscription;
    expect(suspended).toMatchObject({ status: 'suspended', entitled: false, next_charge_date: null });
    expect(await premium(member)).toBe(false);
    clock.set(suspendedAt + 60 * DAY);
    await renew();
    expect((await info(member)).status).toBe('suspended');
    const resumed = (await member.post('/api/app/subscription/resume?lng=en', {})).json().subscription;
    expect(resumed).toMatchObject({ status: 'active', entitled: true });
    expect(Date.parse(resumed.expiry_date)).toBe(clock.ms() + (paidUntil - suspendedAt));
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);
  });

  it("answers a refused action with its reason, and never touches another member's membership", async () => {
    const member = await createMember(sut, 'Nobody');
    const none = await member.post('/api/app/subscription/cancel?lng=en', {});
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOT_ALLOWED_NOW');
    await subscribe(member);
    const trialSuspend = await member.post('/api/app/subscription/suspend?lng=en', {});
    expect(trialSuspend.statusCode).toBe(409);
    const other = await createMember(sut, 'Other');
    expect((await other.post('/api/app/subscription/cancel?lng=en', {})).statusCode).toBe(409);
    expect((await info(member)).status).toBe('trialing');
  });

  it('acts on a membership whose updated_at has microseconds, as PostgreSQL writes now()', async () => {
    const member = await createMember(sut, 'Micro');
    const { subscription } = (await subscribe(member)).json();
    // PGlite's clock has milliseconds only; PostgreSQL's default now() has microseconds, which a
    // JS Date read back from the row does not keep.
    await sut.database.db
      .update(subscriptions)
      .set({ updatedAt: sql`${subscriptions.updatedAt} + interval '456 microseconds'` })
      .where(eq(subscriptions.id, subscription.id));
    clock.at(1);
    const canceled = await member.post('/api/app/subscription/cancel?lng=en', {});
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription.status).toBe('canceled');
  });
});

describe('Sentiero+ and a deleted account', () => {
  it('ends the membership with the account: nothing is charged afterwards', async () => {
    const member = await createMember(sut, 'Addio');
    const { subscription } = (await subscribe(member)).json();
    const deleted = await member.post('/api/app/user/delete?lng=en', { password: 'Trota2026' });
    expect(deleted.statusCode).toBe(200);
    clock.set(Date.parse(subscription.trial_end_date) + 60_000);
    await renew();
    const [row] = await membershipRows(subscription.id);
    expect(row?.status).toBe('expired');
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(0);
  });
});
