import { PAGES } from '@sentiero/contract/pages';
import type {
  Plan,
  Subscription,
  subscriptionBuy,
  subscriptionPaymentMethod,
} from '@sentiero/contract/premium';
import type { z } from 'zod';
import type { BillingEvent, BillingProvider, BillingProviders } from '../../platform/billing/provider.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { readThrough } from '../../platform/member-cache.ts';
import type { CardDetails } from '../../platform/payments/provider.ts';
import { findMemberContact } from '../../repos/members.ts';
import { approveMembership } from './approve-membership.ts';
import {
  applyEvent,
  type EntitlementFacts,
  isEntitled,
  type MembershipEvent,
  type MembershipRefusal,
  startTrial,
} from './lifecycle.ts';
import {
  fromMembership,
  periodAfter,
  type Renewals,
  toMembership,
  toSubscription,
  trialKey,
} from './membership.ts';
import { type BillingContext, notifyMember, RECEIPT_QUEUE, type ReceiptQueue } from './notices.ts';
import {
  type ChargeRecord,
  claimTrial,
  deleteSubscription,
  findCurrentSubscription,
  findLiveMembership,
  findLiveSubscription,
  findSubscriptionByKey,
  findSubscriptionByReference,
  insertSubscription,
  isTrialUsed,
  type NewCharge,
  nextVersion,
  openCharge,
  openCharges,
  recordCharges,
  releaseTrial,
  type SubscriptionRow,
  settleCharge,
  updateSubscription,
} from './repo.ts';

export type SubscriptionDeps = {
  providers: BillingProviders;
  /** The paid charges' receipts (mail and PDF made by their own worker). */
  receipts: ReceiptQueue;
};

// ── Entitlement ─────────────────────────────────────────────────────────────────────────────

/** Whether the member has Sentiero+'s benefits now: the user fetch's `is_premium`. */
export async function isPremiumMember(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
): Promise<boolean> {
  // Kept in memory until it changes (member-cache.ts): every premium call and page asks this.
  const row = await readThrough(
    ctx.db,
    `membership:${userId}`,
    async () => (await findLiveMembership(ctx.db, userId)) ?? null,
    () => userId,
  );
  return row ? isEntitled(row, ctx.clock.now()) : false;
}

/**
 * The same entitlement for a membership row another module read with its own rows (the daily
 * alerts read followers and their memberships in one statement).
 */
export function isEntitledMembership(
  row: Omit<EntitlementFacts, 'status'> & { status: string },
  now: Date,
): boolean {
  // Read as text there: a status the machine does not know gives no benefits.
  return isEntitled(row as EntitlementFacts, now) === true;
}

/** `isPremiumMember`, asked at most once and only if needed (a member price, a members-only code). */
export function premiumCheck(ctx: Pick<ServiceContext, 'db' | 'clock'>, userId: number | null) {
  let answer: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    answer ??= userId === null ? Promise.resolve(false) : isPremiumMember(ctx, userId);
    return answer;
  };
}

/**
 * The one server-side check of every premium endpoint: a visitor is asked to log in (401), a
 * member without Sentiero+ (never had it, suspended, expired) is refused (403, SPEC's premium
 * message).
 */
export async function requirePremium(ctx: ServiceContext): Promise<number> {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 401);
  if (!(await isPremiumMember(ctx, ctx.user.id))) throw new AppError('PREMIUM_REQUIRED', 403);
  return ctx.user.id;
}

/** The member of the request, as the membership needs them (a vanished account reads as none). */
async function requireMember(ctx: ServiceContext) {
  const member = ctx.user ? await findMemberContact(ctx.db, ctx.user.id) : undefined;
  if (!member) throw new AppError('UNAUTHENTICATED', 401);
  return member;
}

// ── Plans ───────────────────────────────────────────────────────────────────────────────────

export async function listPlans(ctx: ServiceContext): Promise<{ plans: Plan[]; trial_available: boolean }> {
  const member = ctx.user ? await requireMember(ctx) : null;
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

// ── Buying ──────────────────────────────────────────────────────────────────────────────────

type BuyInput = z.output<typeof subscriptionBuy.input>;

/**
 * Starts Sentiero+: the trial at once (one per person, ever), the payment method saved for the
 * first charge at its end; without a trial left, the first period is charged now. The row is
 * written first and undone if the provider declines, so a refusal leaves nothing behind.
 */
export async function buySubscription(
  ctx: ServiceContext,
  deps: SubscriptionDeps,
  input: BuyInput,
): Promise<{ subscription: Subscription }> {
  const member = await requireMember(ctx);
  const now = ctx.clock.now();
  const earlier = await findSubscriptionByKey(ctx.db, member.id, input.idempotency_key);
  if (earlier) return { subscription: toSubscription(sameRequest(earlier, input), now) };

  const plan = ctx.config.premium.plans.find((candidate) => candidate.type === input.subscription_type);
  if (!plan) throw new AppError('VALIDATION_FAILED', 400, { subscription_type: 'invalid' });
  const provider = deps.providers[input.payment_method];
  if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 400);

  const emailKey = trialKey(member.email ?? `member-${member.id}`);
  const live = await findLiveSubscription(ctx.db, member.id);
  // The same key sent twice at once: the first request's membership, not yet approved, is not an
  // abandoned one to replace but this very purchase.
  if (live?.idempotencyKey === input.idempotency_key) {
    return { subscription: toSubscription(sameRequest(live, input), now) };
  }
  if (live) await replaceAbandoned(ctx, deps, live, emailKey);

  const trial = ctx.config.premium.trialDays > 0 && (await claimTrial(ctx.db, emailKey, now));
  const trialDays = trial ? ctx.config.premium.trialDays : 0;
  const membership = { ...startTrial({ at: now.toISOString(), trialDays, type: plan.type }) };
  if (!trial) membership.trialEnd = null;
  let row: SubscriptionRow;
  try {
    row = await insertSubscription(ctx.db, {
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
    const same = await findSubscriptionByKey(ctx.db, member.id, input.idempotency_key);
    if (same) return { subscription: toSubscription(sameRequest(same, input), now) };
    throw new AppError('ALREADY_SUBSCRIBED', 409);
  }

  const undo = async () => {
    await deleteSubscription(ctx.db, row.id);
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
  let saved = await updateSubscription(
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
    subscription: toSubscription(saved, now, {
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
function sameRequest(earlier: SubscriptionRow, input: BuyInput): SubscriptionRow {
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
  deps: SubscriptionDeps,
  live: SubscriptionRow,
  emailKey: string,
): Promise<void> {
  if (!live.awaitingApproval || live.source !== 'web') throw new AppError('ALREADY_SUBSCRIBED', 409);
  const provider = live.paymentMethod ? deps.providers[live.paymentMethod] : undefined;
  if (provider && live.providerReference) await provider.end(live.providerReference);
  const ended = await updateSubscription(
    ctx.db,
    live,
    { status: 'expired', endedAt: ctx.clock.now(), nextChargeAt: null, remindAt: null },
    ctx.clock.now(),
  );
  if (!ended) throw new AppError('ALREADY_SUBSCRIBED', 409);
  if (live.trialEnd) await releaseTrial(ctx.db, emailKey);
}

// ── The member's view and actions ──────────────────────────────────────────────────────────

export async function getSubscription(ctx: ServiceContext): Promise<{ subscription: Subscription | null }> {
  const member = await requireMember(ctx);
  const row = await findCurrentSubscription(ctx.db, member.id);
  return { subscription: row ? toSubscription(row, ctx.clock.now()) : null };
}

const REFUSALS: Record<MembershipRefusal, AppError> = {
  MANAGED_BY_STORE: new AppError('MANAGED_BY_STORE', 409),
  NOT_ALLOWED_NOW: new AppError('NOT_ALLOWED_NOW', 409),
  ALREADY_EXPIRED: new AppError('NOT_ALLOWED_NOW', 409),
  NOT_EXPIRED_YET: new AppError('NOT_ALLOWED_NOW', 409),
};

export type MemberAction = 'suspend' | 'resume' | 'cancel' | 'uncancel';

/** Suspend, resume, cancel or undo the cancellation: the state machine decides, the provider follows. */
export async function actOnSubscription(
  ctx: ServiceContext,
  deps: SubscriptionDeps,
  action: MemberAction,
): Promise<{ subscription: Subscription }> {
  const member = await requireMember(ctx);
  const now = ctx.clock.now();
  const row = await findLiveSubscription(ctx.db, member.id);
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
  const saved = await updateSubscription(
    ctx.db,
    row,
    fromMembership(membership, provider.renewals, now),
    now,
    { unlessCharging: provider.renewals === 'sentiero' && (action === 'cancel' || action === 'suspend') },
  );
  if (!saved) throw new AppError('NOT_ALLOWED_NOW', 409);
  if (action === 'cancel') await notifyMember(ctx, saved, { kind: 'canceled' });
  if (action === 'suspend') await notifyMember(ctx, saved, { kind: 'suspended' });
  return { subscription: toSubscription(saved, now) };
}

type PaymentMethodInput = z.output<typeof subscriptionPaymentMethod.input>;

/**
 * A new card for the renewals. After a failed renewal the new card is charged at once, so the
 * member who fixed it is not left waiting for the next retry.
 */
export async function changePaymentMethod(
  ctx: ServiceContext,
  deps: SubscriptionDeps,
  input: PaymentMethodInput,
): Promise<{ subscription: Subscription }> {
  const member = await requireMember(ctx);
  const now = ctx.clock.now();
  const row = await findLiveSubscription(ctx.db, member.id);
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
    return { subscription: toSubscription(saved, now) };
  }
  const saved = await updateSubscription(
    ctx.db,
    row,
    { providerReference: started.reference, paymentLabel: started.paymentLabel },
    now,
  );
  if (!saved) throw new AppError('NOT_ALLOWED_NOW', 409);
  return { subscription: toSubscription(saved, now) };
}

/**
 * Back from the provider's page or from confirming the card: the membership as it stands. One
 * still awaiting approval is asked about at the provider, so a trial whose card was just confirmed
 * gives its benefits at once rather than when the webhook arrives (which approves it too).
 */
export async function completeSubscription(
  ctx: ServiceContext,
  deps: SubscriptionDeps,
): Promise<{ subscription: Subscription }> {
  const member = await requireMember(ctx);
  let row = await findCurrentSubscription(ctx.db, member.id);
  if (!row) throw new AppError('NOT_FOUND', 404);
  const provider = row.paymentMethod ? deps.providers[row.paymentMethod] : undefined;
  if (row.awaitingApproval && row.source === 'web' && row.providerReference && provider?.findApproval) {
    const approval = await provider.findApproval(row.providerReference);
    if (approval?.type === 'approved') {
      // Approved here, or by the webhook at the same moment: either way, read it as it is now.
      await approveMembership(ctx, provider, row, approval);
      row = (await findCurrentSubscription(ctx.db, member.id)) ?? row;
    }
  }
  return { subscription: toSubscription(row, ctx.clock.now()) };
}

/**
 * The account is being deleted: the membership ends now. A web one is canceled as of now, so the
 * renewal job's next run ends it and tells its provider to stop billing (the job holds the
 * providers); a store's membership is the store's to stop, and the member is told so there.
 */
export async function endMembershipOfDeletedAccount(ctx: ServiceContext, userId: number): Promise<void> {
  const row = await findLiveSubscription(ctx.db, userId);
  if (!row) return;
  const now = ctx.clock.now();
  const ended =
    row.source === 'web' && !row.awaitingApproval
      ? { status: 'canceled' as const, canceledFrom: null, periodEnd: now, nextChargeAt: now, remindAt: null }
      : { status: 'expired' as const, endedAt: now, nextChargeAt: null, remindAt: null };
  await updateSubscription(ctx.db, row, ended, now);
}

// ── Charging (Sentiero's renewals) ─────────────────────────────────────────────────────────

/** A method the member has just given for a past-due membership, charged before it is saved. */
export type NewMethodCharge = { reference: string; paymentLabel: string | null; idempotencyKey: string };

/** A membership to charge now: on its saved method, or (`newMethod`) on the one just given. */
export type DueCharge = { row: SubscriptionRow; provider: BillingProvider; newMethod?: NewMethodCharge };

/**
 * What came of one due charge: the membership as saved (undefined when another charge holds its
 * period), or why it failed.
 */
export type ChargeOutcome = { ok: true; saved: SubscriptionRow | undefined } | { ok: false; error: unknown };

/**
 * Charges the period due on the saved method, once: the attempt's charge row is written before
 * the provider is asked, with an idempotency key naming the membership, the period and the
 * attempt, which the provider is given too. Run again after a crash, it finds the same charge.
 * With `newMethod`, the member's new method is charged instead: saved if it pays; if refused,
 * the membership is left as it was and the member is answered PAYMENT_DECLINED.
 */
export async function chargeDue(
  ctx: BillingContext,
  deps: Pick<SubscriptionDeps, 'receipts'>,
  provider: BillingProvider,
  row: SubscriptionRow,
  newMethod?: NewMethodCharge,
): Promise<SubscriptionRow | undefined> {
  const [outcome] = await chargeAllDue(ctx, deps, [{ row, provider, ...(newMethod ? { newMethod } : {}) }]);
  if (!outcome) throw new Error(`subscription ${row.id}: no outcome of its charge`);
  if (!outcome.ok) throw outcome.error;
  return outcome.saved;
}

/**
 * `chargeDue` for many memberships at once (a renewal batch), with the same guarantees in a few
 * statements: every charge row is written, in one statement, before any provider is asked; each
 * provider is asked with its charge's own key, `atOnce` charges at a time; then one statement
 * settles the charges, moves each membership on if nobody changed it since it was read, and
 * queues the receipts of those paid. A run that dies anywhere in between finds its charges again
 * by their keys, and the provider answers a key it has seen with the charge it made.
 * Mails about failed charges go last. Answers one outcome per membership, in order.
 */
export async function chargeAllDue(
  ctx: BillingContext,
  deps: Pick<SubscriptionDeps, 'receipts'>,
  due: DueCharge[],
  { atOnce = 1 }: { atOnce?: number } = {},
): Promise<ChargeOutcome[]> {
  const now = ctx.clock.now();
  const outcomes: ChargeOutcome[] = due.map(() => ({ ok: true, saved: undefined }));
  const failed = (index: number, error: unknown) => {
    outcomes[index] = { ok: false, error };
  };
  const asks = due.map(({ row, provider, newMethod }, index) => {
    const reference = newMethod?.reference ?? row.providerReference;
    if (!provider.charge || !reference) {
      failed(index, new Error(`subscription ${row.id} cannot be charged here`));
      return null;
    }
    const spec: NewCharge = {
      subscriptionId: row.id,
      periodEnd: row.periodEnd,
      attempt: row.failedCharges + 1,
      idempotencyKey: newMethod?.idempotencyKey ?? chargeKey(row),
      amountCents: row.priceCents,
    };
    return { reference, spec, charge: provider.charge.bind(provider) };
  });
  const opened = await openCharges(
    ctx.db,
    asks.flatMap((ask, index) => (ask && due[index] ? [{ ...ask.spec, read: due[index].row }] : [])),
    now,
  );

  const records: (ChargeRecord & { index: number })[] = [];
  await inParallel([...due.keys()], atOnce, async (index) => {
    const ask = asks[index];
    const item = due[index];
    if (!ask || !item) return;
    const { row, newMethod } = item;
    try {
      const opening = opened.get(ask.spec.idempotencyKey);
      // Changed since it was read: charged, if still due, as it is now (the next run reads it again).
      if (opening === undefined) {
        if (newMethod) throw new AppError('NOT_ALLOWED_NOW', 409);
        return;
      }
      // Not written with the others: written before (a run that died), or its period is taken.
      const chargeId = opening ?? (await openCharge(ctx.db, ask.spec, now))?.id;
      // Another charge has this period: a member's second click, or the job and the member at once.
      if (chargeId === undefined) {
        if (newMethod) throw new AppError('NOT_ALLOWED_NOW', 409);
        return;
      }
      const result = await ask.charge({
        reference: ask.reference,
        amountCents: row.priceCents,
        description: `${ctx.config.brand}+ ${row.planType}`,
        idempotencyKey: ask.spec.idempotencyKey,
      });
      if (newMethod && result.status !== 'paid') {
        await settleCharge(ctx.db, chargeId, {
          status: 'failed',
          providerReference: null,
          reason: result.reason,
          receiptNumber: null,
          paidUntil: null,
          settledAt: now,
        });
        throw new AppError('PAYMENT_DECLINED', 402);
      }
      // The new period follows the old one (a job running late or days spent retrying are not
      // given twice); one long overdue starts now.
      const following = periodAfter(row.periodEnd, row.planType);
      const paidUntil = following > now ? following : periodAfter(now, row.planType);
      const event: MembershipEvent =
        result.status === 'paid'
          ? { type: 'charge_succeeded', at: now.toISOString(), paidUntil: paidUntil.toISOString() }
          : { type: 'charge_failed', at: now.toISOString() };
      const transition = applyEvent(toMembership(row), event);
      if (!transition.ok)
        throw new Error(`subscription ${row.id}: ${event.type} refused (${transition.refusal})`);
      const paid = result.status === 'paid';
      records.push({
        index,
        charge: {
          id: chargeId,
          status: paid ? 'paid' : 'failed',
          providerReference: paid ? result.reference : null,
          reason: result.status === 'declined' ? result.reason : null,
          receiptNumber: paid ? receiptNumber(chargeId, now) : null,
          paidUntil: paid ? paidUntil : null,
          settledAt: now,
        },
        read: row,
        changes: {
          ...fromMembership(transition.membership, 'sentiero', now),
          ...(paid ? { lastPaymentAt: now, lastPaymentCents: row.priceCents } : {}),
          ...(newMethod
            ? { providerReference: newMethod.reference, paymentLabel: newMethod.paymentLabel }
            : {}),
        },
        at: now,
        receipt: paid,
      });
    } catch (error) {
      failed(index, error);
    }
  });

  const written = await recordAll(ctx, records, failed);
  const notices: { index: number; saved: SubscriptionRow }[] = [];
  for (const { index, read, changes, at, receipt } of records) {
    if (!written.has(read.id)) {
      if (outcomes[index]?.ok !== false)
        failed(index, new Error(`subscription ${read.id} changed while it was being charged`));
      continue;
    }
    const saved = { ...due[index]?.row, ...changes, updatedAt: nextVersion(read, at) } as SubscriptionRow;
    outcomes[index] = { ok: true, saved };
    if (!receipt) notices.push({ index, saved });
  }
  if (records.some((record) => record.receipt && written.has(record.read.id))) deps.receipts.written();
  await inParallel(notices, atOnce, async ({ index, saved }) => {
    try {
      await notifyMember(
        ctx,
        saved,
        saved.status === 'expired' ? { kind: 'ended', reason: 'payment_failed' } : { kind: 'paymentFailed' },
      );
    } catch (error) {
      failed(index, error);
    }
  });
  return outcomes;
}

/**
 * `recordCharges` for a batch: one statement. A record it refuses fails the whole statement, so
 * then each is written alone and only the one refused fails. Answers the memberships written.
 */
async function recordAll(
  ctx: BillingContext,
  records: (ChargeRecord & { index: number })[],
  failed: (index: number, error: unknown) => void,
): Promise<Set<number>> {
  const written = new Set<number>();
  const write = async (batch: ChargeRecord[]) => {
    const recorded = await recordCharges(ctx.db, batch, RECEIPT_QUEUE);
    for (const id of recorded.written) written.add(id);
    const owed = batch.filter((record) => record.receipt && recorded.written.has(record.read.id)).length;
    // The receipts' queue is made when the app starts (`startReceiptMails`): without it, none is queued.
    if (recorded.receipts < owed)
      ctx.log.error(
        { queue: RECEIPT_QUEUE, owed, queued: recorded.receipts },
        'membership receipts not queued',
      );
  };
  try {
    await write(records);
  } catch (error) {
    if (records.length === 1 && records[0]) failed(records[0].index, error);
    else for (const record of records) await write([record]).catch((alone) => failed(record.index, alone));
  }
  return written;
}

/** Runs `work` on every item, at most `width` at a time. */
export async function inParallel<T>(
  items: T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** One key per membership, period and attempt: what makes a charge happen once. */
function chargeKey(row: SubscriptionRow): string {
  return `sub-${row.id}-${row.periodEnd.toISOString()}-${row.failedCharges + 1}`;
}

/** The test card the sandbox reads (real card numbers never reach Sentiero). */
function cardOf(input: Pick<BuyInput, 'card'>): { card?: CardDetails } {
  if (!input.card) return {};
  const { number, exp_month: expMonth, exp_year: expYear, cvc } = input.card;
  return { card: { number, expMonth, expYear, cvc } };
}

export function receiptNumber(chargeId: number, at: Date): string {
  return `SP-${at.getUTCFullYear()}-${String(chargeId).padStart(7, '0')}`;
}

// ── What providers tell us ─────────────────────────────────────────────────────────────────

/**
 * Applies a verified Stripe or PayPal event to the membership it names. Unknown memberships and
 * transitions the state does not allow are logged and ignored: the provider stops resending.
 */
export async function applyBillingEvent(
  ctx: BillingContext,
  deps: Pick<SubscriptionDeps, 'receipts'>,
  provider: BillingProvider,
  event: BillingEvent,
): Promise<void> {
  const row = await findSubscriptionByReference(ctx.db, 'web', event.reference);
  if (!row) {
    ctx.log.warn({ reference: event.reference, type: event.type }, 'billing event for no known membership');
    return;
  }
  const now = ctx.clock.now();
  if (event.type === 'approved') {
    await approveMembership(ctx, provider, row, event);
    return;
  }
  const membershipEvent: MembershipEvent =
    event.type === 'charge_succeeded'
      ? { type: 'charge_succeeded', at: event.at.toISOString(), paidUntil: event.paidUntil.toISOString() }
      : event.type === 'charge_failed'
        ? { type: 'charge_failed', at: event.at.toISOString() }
        : row.status === 'canceled' && event.at >= row.periodEnd
          ? { type: 'expire', at: event.at.toISOString() }
          : { type: 'end', at: event.at.toISOString() };
  const transition = applyEvent(toMembership(row), membershipEvent);
  if (!transition.ok) {
    ctx.log.info(
      { subscription: row.id, type: event.type, refusal: transition.refusal },
      'billing event ignored',
    );
    return;
  }
  // A membership this event ends is ended at the provider first, so that no later retry of its
  // charge can collect for what is over here (a declined first payment, the retries given up).
  if (transition.membership.status === 'expired' && event.type === 'charge_failed' && row.providerReference) {
    await provider.end(row.providerReference);
  }
  const changes = {
    ...fromMembership(transition.membership, provider.renewals, now),
    ...(event.type === 'charge_succeeded'
      ? { lastPaymentAt: event.at, lastPaymentCents: event.amountCents }
      : {}),
  };
  if (event.type === 'charge_succeeded' || event.type === 'charge_failed') {
    const charge = await openCharge(
      ctx.db,
      {
        subscriptionId: row.id,
        periodEnd: row.periodEnd,
        attempt: row.failedCharges + 1,
        idempotencyKey: `${row.paymentMethod}-${event.paymentReference ?? `${row.id}-${event.at.toISOString()}`}`,
        amountCents: event.amountCents,
      },
      now,
    );
    // Only Sentiero's own charges (`sub-…`) are held to one per period; a provider's never wait.
    if (!charge) throw new Error(`subscription ${row.id}: charge of ${event.type} not recorded`);
    const succeeded = event.type === 'charge_succeeded';
    // Settled, the membership moved on and the receipt queued in one statement (`recordCharges`).
    const { written } = await recordCharges(
      ctx.db,
      [
        {
          charge: {
            id: charge.id,
            status: succeeded ? 'paid' : 'failed',
            providerReference: event.paymentReference,
            reason: event.type === 'charge_failed' ? event.reason : null,
            receiptNumber: succeeded ? receiptNumber(charge.id, now) : null,
            paidUntil: succeeded ? event.paidUntil : null,
            settledAt: now,
          },
          read: row,
          changes,
          at: now,
          receipt: succeeded,
        },
      ],
      RECEIPT_QUEUE,
    );
    if (!written.has(row.id)) throw new Error(`subscription ${row.id} changed while an event was applied`);
    if (succeeded) {
      deps.receipts.written();
      return;
    }
    const saved = { ...row, ...changes, updatedAt: nextVersion(row, now) } as SubscriptionRow;
    await notifyMember(
      ctx,
      saved,
      saved.status === 'expired' ? { kind: 'ended', reason: 'payment_failed' } : { kind: 'paymentFailed' },
    );
    return;
  }
  const saved = await updateSubscription(ctx.db, row, changes, now);
  if (!saved) throw new Error(`subscription ${row.id} changed while an event was applied`);
}

export function renewalsOf(row: SubscriptionRow, providers: BillingProviders): Renewals {
  if (row.source !== 'web') return 'store';
  return (row.paymentMethod && providers[row.paymentMethod]?.renewals) || 'provider';
}
