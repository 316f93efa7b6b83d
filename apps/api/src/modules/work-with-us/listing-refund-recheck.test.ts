import { operatorApplications } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { REFUND_RECHECK_AFTER_MS } from '../../platform/payments/provider.ts';
import { configuredPaymentProviders } from '../../platform/payments/registry.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/factories.ts';
import { type FakeStripe, startFakeStripe, stripeEnvironment, stripeId } from '../../test/fakes/stripe.ts';
import { recheckListingRefunds } from './listing-refund-recheck.ts';

/*
 * A rejected featured listing whose refund Stripe took as pending, and whose webhook never came
 * (ADR 039): after an hour Stripe is asked, and its answer settles the refund once.
 */

let sut: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await createTestApp(stripeEnvironment(stripe));
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
});

const REQUESTED_AT = new Date('2026-11-23T08:00:00Z');

/** A rejected application whose 99 € refund Stripe answered `pending`, and Stripe's refund. */
async function rejectedWithPendingRefund() {
  const intent = stripeId('pi');
  const refund = {
    id: stripeId('re'),
    object: 'refund',
    amount: 9900,
    currency: 'eur',
    created: Math.floor(REQUESTED_AT.getTime() / 1000),
    failure_reason: null as string | null,
    metadata: {},
    payment_intent: intent,
    status: 'pending',
  };
  stripe.refunds.set(refund.id, refund);
  const [row] = await sut.database.db
    .insert(operatorApplications)
    .values({
      reference: unique('WWU'),
      state: 'rejected',
      businessName: 'Rafting Soča',
      businessKind: 'guide',
      vatCountry: 'IT',
      vatNumber: 'IT00743110157',
      contactName: 'Ana Kos',
      email: `${unique('ana')}@example.eu`,
      phone: '+39 0163 51234',
      activities: ['rafting'],
      country: 'IT',
      plan: 'featured',
      amountCents: 9900,
      paymentMethod: 'card',
      paymentReference: intent,
      paidAt: REQUESTED_AT,
      language: 'en',
      idempotencyKey: unique('apply'),
      reviewedAt: REQUESTED_AT,
      rejectionReason: 'We do not sell in this valley yet.',
      refundState: 'pending',
      refundCents: 9900,
      refundKey: unique('refund'),
      refundReference: refund.id,
      refundRequestedAt: REQUESTED_AT,
    })
    .returning();
  if (!row) throw new Error('the application was not written');
  return { application: row, refund };
}

async function refundOf(id: number) {
  const [row] = await sut.database.db
    .select({
      state: operatorApplications.refundState,
      reason: operatorApplications.refundFailureReason,
      settledAt: operatorApplications.refundSettledAt,
    })
    .from(operatorApplications)
    .where(eq(operatorApplications.id, id));
  return row;
}

function recheckAt(after: number) {
  const providers = configuredPaymentProviders(
    loadConfig({ NODE_ENV: 'test', ...stripeEnvironment(stripe) }).payments,
  );
  const at = new Date(REQUESTED_AT.getTime() + after);
  return recheckListingRefunds(
    { db: sut.database.db, clock: { now: () => at }, log: sut.app.log },
    providers,
  );
}

describe('a listing refund whose webhook never came', () => {
  it('asks Stripe after an hour and records the refund it finished, once', async () => {
    const { application, refund } = await rejectedWithPendingRefund();
    // Stripe paid it back, but its refund.updated never reached Sentiero.
    refund.status = 'succeeded';

    // Within the hour the webhook may still come: nothing is asked.
    const early = await recheckAt(REFUND_RECHECK_AFTER_MS - 60_000);
    expect(early.looked).toBe(0);
    expect(await refundOf(application.id)).toMatchObject({ state: 'pending', settledAt: null });

    const late = await recheckAt(REFUND_RECHECK_AFTER_MS + 60_000);
    expect(late).toMatchObject({ settled: 1, stillPending: 0, unreachable: 0 });
    expect(await refundOf(application.id)).toMatchObject({ state: 'succeeded', reason: null });
    const asked = stripe.server.requests.filter((request) => request.path === `/v1/refunds/${refund.id}`);
    expect(asked).toHaveLength(1);

    // The next run finds nothing of it left to settle.
    await recheckAt(REFUND_RECHECK_AFTER_MS + 120_000);
    expect(
      stripe.server.requests.filter((request) => request.path === `/v1/refunds/${refund.id}`),
    ).toHaveLength(1);
  });

  it('keeps a refund Stripe still holds pending, and records one that failed with its reason', async () => {
    const held = await rejectedWithPendingRefund();
    const failed = await rejectedWithPendingRefund();
    Object.assign(failed.refund, { status: 'failed', failure_reason: 'expired_or_canceled_card' });

    const run = await recheckAt(REFUND_RECHECK_AFTER_MS + 60_000);
    expect(run).toMatchObject({ looked: 2, settled: 1, stillPending: 1 });
    expect(await refundOf(held.application.id)).toMatchObject({ state: 'pending' });
    expect(await refundOf(failed.application.id)).toMatchObject({
      state: 'failed',
      reason: 'expired_or_canceled_card',
    });
  });
});
