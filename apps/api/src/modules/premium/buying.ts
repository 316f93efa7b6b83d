import { PAGES } from '@sentiero/contract/pages';
import type { Plan, Subscription, subscriptionBuy } from '@sentiero/contract/premium';
import type { z } from 'zod';
import type { BillingProvider } from '../../platform/billing/provider.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { approveMembership } from './approve-membership.ts';
import { chargeDue, chargeKey } from './charges.ts';
import { startTrial } from './lifecycle.ts';
import { fromMembership, membershipAnswer, trialKey } from './membership.ts';
import { notifyMember } from './notices.ts';
import {
  claimTrial,
  deleteMembership,
  findCurrentMembership,
  findLiveMembership,
  findMembershipByKey,
  insertMembership,
  isTrialUsed,
  type MembershipRow,
  releaseTrial,
  updateMembership,
} from './repo.ts';
import { cardOf, memberContact, type PremiumDeps } from './service.ts';

/** Joining Sentiero+: the plans offered, the purchase, and the way back from the provider's page. */

export async function listPlans(ctx: ServiceContext): Promise<{ plans: Plan[]; trial_available: boolean }> {
  const member = ctx.user ? await memberContact(ctx) : null;
  const trialAvailable =
    ctx.config.premium.trialDays > 0 &&
    !(member?.email && (await isTrialUsed(ctx.db, trialKey(member.email))));
  return {
    plans: ctx.config.premium.plans.map((plan) => ({
      subscription_type: plan.type,
      price_cents: plan.priceCents,
      currency: 'EUR',
      trial_days: trialAvailable ? ctx.config.premium.trialDays : 0,
    })),
    trial_available: trialAvailable,
  };
}

type BuyInput = z.output<typeof subscriptionBuy.input>;

/**
 * Starts Sentiero+: the trial at once (one per person, ever), the payment method saved for the
 * first charge at its end; without a trial left, the first period is charged now. The row is
 * written first and undone if the provider declines, so a refusal leaves nothing behind.
 */
export async function buyMembership(
  ctx: ServiceContext,
  deps: PremiumDeps,
  input: BuyInput,
): Promise<{ subscription: Subscription }> {
  const member = await memberContact(ctx);
  const now = ctx.clock.now();
  const earlier = await findMembershipByKey(ctx.db, member.id, input.idempotency_key);
  if (earlier) return { subscription: membershipAnswer(sameRequest(earlier, input), now, deps.providers) };

  const plan = ctx.config.premium.plans.find((candidate) => candidate.type === input.subscription_type);
  if (!plan) throw new AppError('VALIDATION_FAILED', 400, { subscription_type: 'invalid' });
  const provider = deps.providers[input.payment_method];
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);

  const emailKey = trialKey(member.email ?? `member-${member.id}`);
  const live = await findLiveMembership(ctx.db, member.id);
  // The same key sent twice at once: the first request's membership, not yet approved, is not an
  // abandoned one to replace but this very purchase.
  if (live?.idempotencyKey === input.idempotency_key) {
    return { subscription: membershipAnswer(sameRequest(live, input), now, deps.providers) };
  }
  if (live) await replaceAbandoned(ctx, deps, live, emailKey);

  const trial = ctx.config.premium.trialDays > 0 && (await claimTrial(ctx.db, emailKey, now));
  const trialDays = trial ? ctx.config.premium.trialDays : 0;
  const membership = { ...startTrial({ at: now.toISOString(), trialDays, type: plan.type }) };
  if (!trial) membership.trialEnd = null;
  let row: MembershipRow;
  try {
    row = await insertMembership(ctx.db, {
      userId: member.id,
      status: 'trialing',
      source: 'web',
      planType: plan.type,
      priceCents: plan.priceCents,
      paymentMethod: input.payment_method,
      awaitingApproval: true,
      startedAt: now,
      trialEnd: trial ? new Date(membership.periodEnd) : null,
      periodEnd: new Date(membership.periodEnd),
      idempotencyKey: input.idempotency_key,
    });
  } catch (error) {
    if (trial) await releaseTrial(ctx.db, emailKey);
    if (!isUniqueViolation(error)) throw error;
    // The same key sent twice at once, or a second membership: the first one answers.
    const same = await findMembershipByKey(ctx.db, member.id, input.idempotency_key);
    if (same) return { subscription: membershipAnswer(sameRequest(same, input), now, deps.providers) };
    throw new AppError('ALREADY_SUBSCRIBED', 409);
  }

  const undo = async () => {
    await deleteMembership(ctx.db, row.id);
    if (trial) await releaseTrial(ctx.db, emailKey);
  };
  let started: Awaited<ReturnType<BillingProvider['start']>>;
  try {
    started = await provider.start({
      subscriptionId: row.id,
      member: {
        id: member.id,
        email: member.email ?? '',
        name: `${member.firstName} ${member.lastName}`.trim(),
      },
      plan: { type: plan.type, priceCents: plan.priceCents, currency: 'EUR', trialDays },
      firstChargeAt: row.periodEnd,
      ...cardOf(input),
      returnUrl: `${ctx.origin}${PAGES.plusConfirmation.path()}`,
      cancelUrl: `${ctx.origin}${PAGES.plus.path()}`,
      idempotencyKey: `sub-start-${member.id}-${input.idempotency_key}`,
    });
  } catch (error) {
    await undo();
    throw error;
  }
  if (started.status === 'declined') {
    await undo();
    throw new AppError('PAYMENT_DECLINED', 402);
  }

  const approved = started.status === 'ready';
  const paidHere = approved && !trial && provider.renewals === 'sentiero' && provider.charge;
  // Without a trial it becomes a membership with its first payment, not before: if that charge
  // is left unanswered (a crash), the renewal job takes it with the same key, and no benefits wait.
  membership.awaitingApproval = !approved || Boolean(paidHere);
  let saved = await updateMembership(
    ctx.db,
    row,
    {
      providerReference: started.reference,
      paymentLabel: started.paymentLabel,
      ...fromMembership(membership, provider.renewals, now),
      ...(approved ? {} : { nextChargeAt: null, remindAt: null }),
    },
    now,
  );
  if (!saved) throw new Error(`subscription ${row.id} changed while it was being started`);

  if (paidHere && provider.charge && saved.providerReference) {
    // No trial left: the first period is paid now, or nothing is bought. Asked first with the
    // very key `chargeDue` uses, so the charge it then records is this one, not a second.
    const first = await provider.charge({
      reference: saved.providerReference,
      amountCents: saved.priceCents,
      description: `${ctx.config.brand}+ ${saved.planType}`,
      idempotencyKey: chargeKey(saved),
    });
    if (first.status !== 'paid') {
      await undo();
      throw new AppError('PAYMENT_DECLINED', 402);
    }
    const charged = await chargeDue(ctx, deps, provider, saved);
    if (!charged) throw new Error(`subscription ${saved.id}: its first charge is already being taken`);
    saved = charged;
  } else if (approved && trial) {
    await notifyMember(ctx, saved, { kind: 'trialStarted' });
  }
  return {
    subscription: membershipAnswer(saved, now, deps.providers, {
      ...(started.status === 'action_required' && started.redirectUrl
        ? { redirectUrl: started.redirectUrl }
        : {}),
      ...(started.status === 'action_required' && started.clientSecret
        ? { clientSecret: started.clientSecret }
        : {}),
    }),
  };
}

/**
 * A replayed key answers its membership only when it asks for the same plan and way of paying:
 * like Stripe's idempotency keys, a key reused for another purchase is a client's bug, refused
 * rather than answered with a membership that is not what was asked for.
 */
function sameRequest(earlier: MembershipRow, input: BuyInput): MembershipRow {
  if (earlier.planType !== input.subscription_type || earlier.paymentMethod !== input.payment_method) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
  }
  return earlier;
}

/**
 * A membership left waiting for the provider's approval (the member closed PayPal's page) gives
 * way to a new attempt, and gives its trial back; any other living one means "already a member".
 */
async function replaceAbandoned(
  ctx: ServiceContext,
  deps: PremiumDeps,
  live: MembershipRow,
  emailKey: string,
): Promise<void> {
  if (!live.awaitingApproval || live.source !== 'web') throw new AppError('ALREADY_SUBSCRIBED', 409);
  const provider = live.paymentMethod ? deps.providers[live.paymentMethod] : undefined;
  if (provider && live.providerReference) await provider.end(live.providerReference);
  const ended = await updateMembership(
    ctx.db,
    live,
    { status: 'expired', endedAt: ctx.clock.now(), nextChargeAt: null, remindAt: null },
    ctx.clock.now(),
  );
  if (!ended) throw new AppError('ALREADY_SUBSCRIBED', 409);
  if (live.trialEnd) await releaseTrial(ctx.db, emailKey);
}

/**
 * Back from the provider's page or from confirming the card: the membership as it stands. One
 * still awaiting approval is asked about at the provider, so a trial whose card was just confirmed
 * gives its benefits at once rather than when the webhook arrives (which approves it too).
 */
export async function completeMembership(
  ctx: ServiceContext,
  deps: PremiumDeps,
): Promise<{ subscription: Subscription }> {
  const member = await memberContact(ctx);
  let row = await findCurrentMembership(ctx.db, member.id);
  if (!row) throw new AppError('NOT_FOUND', 404);
  const provider = row.paymentMethod ? deps.providers[row.paymentMethod] : undefined;
  if (row.awaitingApproval && row.source === 'web' && row.providerReference && provider?.findApproval) {
    const approval = await provider.findApproval(row.providerReference);
    if (approval?.type === 'approved') {
      // Approved here, or by the webhook at the same moment: either way, read it as it is now.
      await approveMembership(ctx, provider, row, approval);
      row = (await findCurrentMembership(ctx.db, member.id)) ?? row;
    }
  }
  return { subscription: membershipAnswer(row, ctx.clock.now(), deps.providers) };
}
