import { PAGES } from '@sentiero/contract/pages';
import type { Subscription, subscriptionBuy, subscriptionPaymentMethod } from '@sentiero/contract/premium';
import type { z } from 'zod';
import { requireAccess, requireAccountRecord } from '../../platform/access.ts';
import type { BillingProviders } from '../../platform/billing/provider.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { CardDetails } from '../../platform/payments/provider.ts';
import { findMemberContact } from '../../repos/members.ts';
import { chargeDue } from './charges.ts';
import { applyEvent, type MembershipRefusal } from './lifecycle.ts';
import { fromMembership, membershipAnswer, toMembership } from './membership.ts';
import { notifyMember, type ReceiptQueue } from './notices.ts';
import { findCurrentMembership, findLiveMembership, updateMembership } from './repo.ts';

/**
 * The member's own Sentiero+: the membership as they see it and what they do with it. Joining is
 * in buying.ts, the charging engine in charges.ts, the providers' events in provider-events.ts.
 */

export type PremiumDeps = {
  providers: BillingProviders;
  /** The paid charges' receipts (mail and PDF made by their own worker). */
  receipts: ReceiptQueue;
};

/** The signed-in member's contact, which the membership needs (a vanished account reads as none: 401). */
export async function memberContact(ctx: ServiceContext) {
  const caller = await requireAccess(ctx, 'member');
  return requireAccountRecord(findMemberContact(ctx.db, caller.id));
}

export async function getMembership(
  ctx: ServiceContext,
  deps: Pick<PremiumDeps, 'providers'>,
): Promise<{ subscription: Subscription | null }> {
  const member = await memberContact(ctx);
  const row = await findCurrentMembership(ctx.db, member.id);
  return { subscription: row ? membershipAnswer(row, ctx.clock.now(), deps.providers) : null };
}

const REFUSALS: Record<MembershipRefusal, AppError> = {
  MANAGED_BY_STORE: new AppError('MANAGED_BY_STORE', 409),
  NOT_ALLOWED_NOW: new AppError('NOT_ALLOWED_NOW', 409),
  ALREADY_EXPIRED: new AppError('NOT_ALLOWED_NOW', 409),
  NOT_EXPIRED_YET: new AppError('NOT_ALLOWED_NOW', 409),
};

export type MemberAction = 'suspend' | 'resume' | 'cancel' | 'uncancel';

/** Suspend, resume, cancel or undo the cancellation: the state machine decides, the provider follows. */
export async function actOnMembership(
  ctx: ServiceContext,
  deps: PremiumDeps,
  action: MemberAction,
): Promise<{ subscription: Subscription }> {
  const member = await memberContact(ctx);
  const now = ctx.clock.now();
  const row = await findLiveMembership(ctx.db, member.id);
  if (!row || row.awaitingApproval) throw new AppError('NOT_ALLOWED_NOW', 409);
  const transition = applyEvent(toMembership(row), { type: action, at: now.toISOString() });
  if (!transition.ok) throw REFUSALS[transition.refusal];
  const { membership } = transition;

  const provider = row.paymentMethod ? deps.providers[row.paymentMethod] : undefined;
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
  const reference = row.providerReference ?? '';
  // The provider first: if it refuses, nothing changed here either.
  if (action === 'suspend') await provider.pause(reference);
  if (action === 'cancel') await provider.stopRenewal(reference);
  if (action === 'resume' || action === 'uncancel') {
    await provider.resume(reference, new Date(membership.periodEnd));
  }
  const saved = await updateMembership(ctx.db, row, fromMembership(membership, provider.renewals, now), now, {
    unlessCharging: provider.renewals === 'sentiero' && (action === 'cancel' || action === 'suspend'),
  });
  if (!saved) throw new AppError('NOT_ALLOWED_NOW', 409);
  if (action === 'cancel') await notifyMember(ctx, saved, { kind: 'canceled' });
  if (action === 'suspend') await notifyMember(ctx, saved, { kind: 'suspended' });
  return { subscription: membershipAnswer(saved, now, deps.providers) };
}

type PaymentMethodInput = z.output<typeof subscriptionPaymentMethod.input>;

/**
 * A new card for the renewals. After a failed renewal the new card is charged at once, so the
 * member who fixed it is not left waiting for the next retry.
 */
export async function changePaymentMethod(
  ctx: ServiceContext,
  deps: PremiumDeps,
  input: PaymentMethodInput,
): Promise<{ subscription: Subscription }> {
  const member = await memberContact(ctx);
  const now = ctx.clock.now();
  const row = await findLiveMembership(ctx.db, member.id);
  if (!row || row.awaitingApproval) throw new AppError('NOT_ALLOWED_NOW', 409);
  if (row.source !== 'web') throw new AppError('MANAGED_BY_STORE', 409);
  const provider = deps.providers[input.payment_method];
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);
  // Stripe and PayPal keep the method with their own subscription: it is changed on their pages.
  if (provider.renewals !== 'sentiero' || row.paymentMethod !== input.payment_method) {
    throw new AppError('NOT_ALLOWED_NOW', 409);
  }
  const started = await provider.start({
    subscriptionId: row.id,
    member: {
      id: member.id,
      email: member.email ?? '',
      name: `${member.firstName} ${member.lastName}`.trim(),
    },
    plan: { type: row.planType, priceCents: row.priceCents, currency: 'EUR', trialDays: 0 },
    firstChargeAt: row.periodEnd,
    ...cardOf(input),
    returnUrl: `${ctx.origin}${PAGES.accountSettings.path()}`,
    cancelUrl: `${ctx.origin}${PAGES.accountSettings.path()}`,
    idempotencyKey: `sub-method-${row.id}-${now.getTime()}`,
  });
  if (started.status !== 'ready') throw new AppError('PAYMENT_DECLINED', 402);
  if (row.status === 'past_due') {
    // After a failed renewal the new method is charged now and kept only if it pays: a card the
    // bank refuses changes nothing, so the member's own tries never use up the renewal's retries
    // (three refused cards in a row would otherwise end the membership they were fixing).
    // One charge per period (see openCharge): of two changes sent at once, or a change and the
    // renewal job, one charges and the other is refused.
    const saved = await chargeDue(ctx, deps, provider, row, {
      reference: started.reference,
      paymentLabel: started.paymentLabel,
      idempotencyKey: `sub-${row.id}-${row.periodEnd.toISOString()}-method-${started.reference}`,
    });
    if (!saved) throw new AppError('NOT_ALLOWED_NOW', 409);
    return { subscription: membershipAnswer(saved, now, deps.providers) };
  }
  const saved = await updateMembership(
    ctx.db,
    row,
    { providerReference: started.reference, paymentLabel: started.paymentLabel },
    now,
  );
  if (!saved) throw new AppError('NOT_ALLOWED_NOW', 409);
  return { subscription: membershipAnswer(saved, now, deps.providers) };
}

/**
 * The account is being deleted: the membership ends now. A web one is canceled as of now, so the
 * renewal job's next run ends it and tells its provider to stop billing (the job holds the
 * providers); a store's membership is the store's to stop, and the member is told so there.
 */
export async function endMembershipOfDeletedAccount(ctx: ServiceContext, userId: number): Promise<void> {
  const row = await findLiveMembership(ctx.db, userId);
  if (!row) return;
  const now = ctx.clock.now();
  const ended =
    row.source === 'web' && !row.awaitingApproval
      ? { status: 'canceled' as const, canceledFrom: null, periodEnd: now, nextChargeAt: now, remindAt: null }
      : { status: 'expired' as const, endedAt: now, nextChargeAt: null, remindAt: null };
  await updateMembership(ctx.db, row, ended, now);
}

/** The test card the sandbox reads (real card numbers never reach Sentiero). */
export function cardOf(input: Pick<z.output<typeof subscriptionBuy.input>, 'card'>): { card?: CardDetails } {
  if (!input.card) return {};
  const { number, exp_month: expMonth, exp_year: expYear, cvc } = input.card;
  return { card: { number, expMonth, expYear, cvc } };
}
