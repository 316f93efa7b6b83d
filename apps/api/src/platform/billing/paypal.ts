import {
  ApplicationContextUserAction,
  type BillingPlan,
  ExperienceContextShippingPreference,
  SubscriptionStatus,
  SubscriptionsController,
} from '@paypal/paypal-server-sdk';
import type { SubscriptionType } from '@sentiero/contract/premium';
import { z } from 'zod';
import {
  createPaypalConnection,
  euroCents,
  PAYPAL_TIMEOUT_MS,
  type PaypalConfig,
  paypalIssue,
} from '../payments/paypal-client.ts';
import { createPaypalWebhookVerifier } from '../payments/paypal-webhooks.ts';
import type { BillingEvent, BillingProvider, BillingPlan as SentieroPlan } from './provider.ts';

/** The plans `ensurePaypalPlans` made (or the operator did in PayPal's dashboard). */
export type PaypalPlanIds = {
  yearlyPlanId: string;
  monthlyPlanId: string;
  /** The same plans without the trial cycle, for a member who already had their trial. */
  yearlyNoTrialPlanId?: string;
  monthlyNoTrialPlanId?: string;
};

export type PaypalBillingConfig = PaypalConfig & PaypalPlanIds;

const PLAN_UNITS: Record<SubscriptionType, 'YEAR' | 'MONTH'> = { yearly: 'YEAR', monthly: 'MONTH' };
const DAYS_PER_UNIT: Record<string, number> = { DAY: 1, WEEK: 7 };

const ZMoney = z.object({ currency_code: z.string(), value: z.string() });
const ZWebhookEvent = z.object({
  id: z.string(),
  event_type: z.string(),
  create_time: z.string(),
  resource: z.unknown(),
});
/** PAYMENT.SALE.*: the v1 payments shape (`total`/`currency`); subscriptions name themselves as the agreement. */
const ZSale = z.object({
  id: z.string(),
  billing_agreement_id: z.string().optional(),
  amount: z.object({ total: z.string(), currency: z.string() }),
  create_time: z.string().optional(),
});
const ZSubscription = z.object({
  id: z.string(),
  status_update_time: z.string().optional(),
  billing_info: z
    .object({
      outstanding_balance: ZMoney.optional(),
      last_failed_payment: z
        .object({
          amount: ZMoney.optional(),
          time: z.string().optional(),
          reason_code: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});

/**
 * Sentiero+ through PayPal Subscriptions (REST v1): PayPal runs the plan, its trial and the charges;
 * the member approves on PayPal's page and webhooks tell the membership what happened.
 *
 * PayPal has no "cancel at the period's end": `stopRenewal` suspends the subscription (no more
 * charges), Sentiero's state machine keeps the member until the last paid day and then `end`
 * cancels it; `resume` reactivates it. PayPal picks the next billing time itself on reactivation.
 */
export function paypalBilling(config: PaypalBillingConfig): BillingProvider {
  const { client, apiBase, accessToken } = createPaypalConnection(config);
  const subscriptions = new SubscriptionsController(client);
  const verify = createPaypalWebhookVerifier({
    apiBase,
    webhookId: config.webhookId,
    accessToken,
    timeoutMs: PAYPAL_TIMEOUT_MS,
  });
  const plans = new Map<string, Promise<BillingPlan>>();

  function planIdFor(plan: SentieroPlan): string {
    const trial = plan.trialDays > 0;
    const planId =
      plan.type === 'yearly'
        ? trial
          ? config.yearlyPlanId
          : config.yearlyNoTrialPlanId
        : trial
          ? config.monthlyPlanId
          : config.monthlyNoTrialPlanId;
    if (!planId) throw new Error(`no PayPal plan without a trial is configured for the ${plan.type} plan`);
    return planId;
  }

  /** PayPal charges what its plan says: refuse to start one that differs from what the member was shown. */
  async function requireMatchingPlan(planId: string, plan: SentieroPlan): Promise<void> {
    let pending = plans.get(planId);
    if (!pending) {
      pending = subscriptions.getBillingPlan(planId).then(({ result }) => result);
      pending.catch(() => plans.delete(planId));
      plans.set(planId, pending);
    }
    const cycles = (await pending).billingCycles ?? [];
    const regular = cycles.find((cycle) => cycle.tenureType === 'REGULAR');
    const price = regular?.pricingScheme?.fixedPrice;
    const trialDays = cycles
      .filter((cycle) => cycle.tenureType === 'TRIAL')
      .reduce(
        (days, cycle) =>
          days +
          (DAYS_PER_UNIT[cycle.frequency.intervalUnit] ?? Number.NaN) *
            (cycle.frequency.intervalCount ?? 1) *
            (cycle.totalCycles ?? 1),
        0,
      );
    const matches =
      regular?.frequency.intervalUnit === PLAN_UNITS[plan.type] &&
      (regular.frequency.intervalCount ?? 1) === 1 &&
      euroCents(price?.currencyCode, price?.value) === plan.priceCents &&
      trialDays === plan.trialDays;
    if (!matches) {
      throw new Error(
        `PayPal plan ${planId} does not bill ${plan.priceCents} cents a ${PLAN_UNITS[plan.type].toLowerCase()} after ${plan.trialDays} free days`,
      );
    }
  }

  /** PayPal answers 422 SUBSCRIPTION_STATUS_INVALID to a repeated action: fine if it is already where we want it. */
  async function changeStatus(
    reference: string,
    action: () => Promise<unknown>,
    done: SubscriptionStatus[],
  ): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (paypalIssue(error) !== 'SUBSCRIPTION_STATUS_INVALID') throw error;
      const { result } = await subscriptions.getSubscription({ id: reference });
      if (!result.status || !done.includes(result.status)) throw error;
    }
  }

  /** The sale event does not say until when it paid; the subscription's next billing time does. */
  async function findPaidUntil(reference: string, paidAt: Date): Promise<Date> {
    const { result } = await subscriptions.getSubscription({ id: reference });
    const next = result.billingInfo?.nextBillingTime;
    if (next) return new Date(next);
    // Cancelled since (PayPal then drops the next billing time): one period of the plan paid.
    const type = planTypeOf(config, result.planId);
    if (!type)
      throw new Error(`PayPal subscription ${reference} has no next billing time and an unknown plan`);
    const until = new Date(paidAt);
    if (type === 'yearly') until.setUTCFullYear(until.getUTCFullYear() + 1);
    else until.setUTCMonth(until.getUTCMonth() + 1);
    return until;
  }

  async function readEvent(event: z.infer<typeof ZWebhookEvent>): Promise<BillingEvent | null> {
    const at = new Date(event.create_time);
    switch (event.event_type) {
      case 'PAYMENT.SALE.COMPLETED': {
        const sale = ZSale.parse(event.resource);
        // A sale without an agreement is a one-off payment, not a membership's.
        if (!sale.billing_agreement_id) return null;
        const amountCents = euroCents(sale.amount.currency, sale.amount.total);
        if (amountCents === null) {
          throw new Error(
            `PayPal sale ${sale.id} is not in euros: ${sale.amount.total} ${sale.amount.currency}`,
          );
        }
        const paidAt = sale.create_time ? new Date(sale.create_time) : at;
        return {
          type: 'charge_succeeded',
          reference: sale.billing_agreement_id,
          paymentReference: sale.id,
          amountCents,
          paidUntil: await findPaidUntil(sale.billing_agreement_id, paidAt),
          at: paidAt,
        };
      }
      case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED': {
        const subscription = ZSubscription.parse(event.resource);
        const failed = subscription.billing_info?.last_failed_payment;
        const owed = failed?.amount ?? subscription.billing_info?.outstanding_balance;
        return {
          type: 'charge_failed',
          reference: subscription.id,
          paymentReference: null,
          amountCents: euroCents(owed?.currency_code, owed?.value) ?? 0,
          reason: failed?.reason_code?.toLowerCase() ?? 'payment_failed',
          at: failed?.time ? new Date(failed.time) : at,
        };
      }
      case 'BILLING.SUBSCRIPTION.CANCELLED':
      case 'BILLING.SUBSCRIPTION.EXPIRED': {
        const subscription = ZSubscription.parse(event.resource);
        const endedAt = subscription.status_update_time;
        return { type: 'ended', reference: subscription.id, at: endedAt ? new Date(endedAt) : at };
      }
      // Also sent when `resume` reactivates a suspended subscription: `approved` of a running
      // membership changes nothing, the membership's state machine ignores it.
      case 'BILLING.SUBSCRIPTION.ACTIVATED': {
        const subscription = ZSubscription.parse(event.resource);
        const activatedAt = subscription.status_update_time;
        return { type: 'approved', reference: subscription.id, at: activatedAt ? new Date(activatedAt) : at };
      }
      default:
        return null;
    }
  }

  return {
    method: 'paypal',
    renewals: 'provider',

    async start(input) {
      const planId = planIdFor(input.plan);
      await requireMatchingPlan(planId, input.plan);
      const { result } = await subscriptions.createSubscription({
        paypalRequestId: input.idempotencyKey,
        body: {
          planId,
          customId: String(input.subscriptionId),
          subscriber: { emailAddress: input.member.email },
          applicationContext: {
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
            // The member subscribes on PayPal's page; there is no review step back on Sentiero.
            userAction: ApplicationContextUserAction.SubscribeNow,
            returnUrl: input.returnUrl,
            cancelUrl: input.cancelUrl,
          },
        },
      });
      const approval = result.links?.find((link) => link.rel === 'approve');
      if (!result.id || !approval) throw new Error('PayPal created a subscription without an approval link');
      return {
        status: 'action_required',
        reference: result.id,
        paymentLabel: null,
        redirectUrl: approval.href,
      };
    },

    async pause(reference) {
      await changeStatus(
        reference,
        () => subscriptions.suspendSubscription({ id: reference, body: { reason: 'Paused by the member' } }),
        [SubscriptionStatus.Suspended],
      );
    },

    async resume(reference) {
      await changeStatus(
        reference,
        () =>
          subscriptions.activateSubscription({ id: reference, body: { reason: 'Resumed by the member' } }),
        [SubscriptionStatus.Active],
      );
    },

    async stopRenewal(reference) {
      await changeStatus(
        reference,
        () =>
          subscriptions.suspendSubscription({
            id: reference,
            body: { reason: 'Renewal stopped by the member' },
          }),
        [SubscriptionStatus.Suspended, SubscriptionStatus.Cancelled, SubscriptionStatus.Expired],
      );
    },

    async end(reference) {
      await changeStatus(
        reference,
        () => subscriptions.cancelSubscription({ id: reference, body: { reason: 'Membership ended' } }),
        [SubscriptionStatus.Cancelled, SubscriptionStatus.Expired],
      );
    },

    async parseWebhook(rawBody, headers) {
      const event = ZWebhookEvent.parse(await verify(rawBody, headers));
      return { eventId: event.id, event: await readEvent(event) };
    },
  };
}

function planTypeOf(plans: PaypalPlanIds, planId: string | undefined): SubscriptionType | null {
  if (!planId) return null;
  if (planId === plans.yearlyPlanId || planId === plans.yearlyNoTrialPlanId) return 'yearly';
  if (planId === plans.monthlyPlanId || planId === plans.monthlyNoTrialPlanId) return 'monthly';
  return null;
}
