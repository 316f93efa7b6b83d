/** PayPal Subscriptions v1 as the fake keeps them: plans' billing cycles and subscriptions' states. */

export type PaypalBillingCycle = {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  total_cycles: number;
  frequency: { interval_unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval_count?: number };
  pricing_scheme?: { fixed_price?: { currency_code: string; value: string } };
};
const DAYS_PER_UNIT = { DAY: 1, WEEK: 7, MONTH: 30, YEAR: 365 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where each action may start from, as PayPal's subscription states allow it. */
export const SUBSCRIPTION_ACTIONS = {
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED' },
  activate: { from: ['SUSPENDED'], to: 'ACTIVE' },
  cancel: { from: ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'], to: 'CANCELLED' },
} as const;

export type FakePaypalSubscription = {
  id: string;
  planId: string;
  customId: string;
  email: string | null;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  statusReason: string | null;
  nextBillingTime: string | null;
  /** `billing_info.last_payment`: the last cycle PayPal collected. */
  lastPayment: { value: string; time: string } | null;
  /** `billing_info.last_failed_payment`, and how many failed since the last payment. */
  lastFailedPayment: { value: string; time: string; reasonCode: string; retryTime: string } | null;
  failedPayments: number;
};

/** PayPal's own time format: whole seconds, UTC. */
export const paypalTime = (at: Date) => at.toISOString().replace(/\.\d+Z$/, 'Z');

/** The regular cycle's price: what each charge after the trial collects. */
export function regularPrice(billingCycles: PaypalBillingCycle[]): string {
  const price = billingCycles.find((cycle) => cycle.tenure_type === 'REGULAR')?.pricing_scheme?.fixed_price;
  if (!price) throw new Error('a plan without a regular price');
  return price.value;
}

/** The next billing time once a regular cycle is paid: one calendar interval after the one it paid. */
export function regularCycleAfter(time: string, billingCycles: PaypalBillingCycle[]): string {
  const regular = billingCycles.find((cycle) => cycle.tenure_type === 'REGULAR');
  if (!regular) throw new Error('a plan without a regular cycle');
  const count = regular.frequency.interval_count ?? 1;
  const next = new Date(time);
  if (regular.frequency.interval_unit === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + count);
  else if (regular.frequency.interval_unit === 'MONTH') next.setUTCMonth(next.getUTCMonth() + count);
  else next.setTime(next.getTime() + DAYS_PER_UNIT[regular.frequency.interval_unit] * count * DAY_MS);
  return paypalTime(next);
}

/** The first charge falls after the trial cycles; without a trial, PayPal bills the first cycle on approval. */
export function firstChargeAfterApproval(billingCycles: PaypalBillingCycle[]): string {
  const trials = billingCycles.filter((cycle) => cycle.tenure_type === 'TRIAL');
  const days = trials.reduce(
    (sum, cycle) =>
      sum +
      DAYS_PER_UNIT[cycle.frequency.interval_unit] *
        (cycle.frequency.interval_count ?? 1) *
        cycle.total_cycles,
    0,
  );
  return paypalTime(new Date(Date.now() + days * DAY_MS));
}

export function subscriptionBody(subscription: FakePaypalSubscription) {
  const self = `https://api-m.paypal.com/v1/billing/subscriptions/${subscription.id}`;
  const approving = subscription.status === 'APPROVAL_PENDING';
  return {
    id: subscription.id,
    plan_id: subscription.planId,
    custom_id: subscription.customId,
    status: subscription.status,
    ...(subscription.statusReason ? { status_change_note: subscription.statusReason } : {}),
    status_update_time: new Date().toISOString(),
    start_time: '2026-06-01T08:00:00Z',
    quantity: '1',
    plan_overridden: false,
    create_time: '2026-06-01T08:00:00Z',
    ...(approving
      ? {}
      : {
          subscriber: {
            email_address: subscription.email ?? 'ada@example.org',
            payer_id: 'QYR5Z8XDVJNXQ',
            name: { given_name: 'Ada', surname: 'Lovelace' },
          },
          billing_info: billingInfo(subscription),
        }),
    links: [
      ...(approving
        ? [
            {
              href: `https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-${subscription.id.slice(2)}`,
              rel: 'approve',
              method: 'GET',
            },
          ]
        : []),
      { href: self, rel: 'edit', method: 'PATCH' },
      { href: self, rel: 'self', method: 'GET' },
    ],
  };
}

/** `billing_info` as PayPal shows it: what is owed, the last payment, the last failure and the next charge. */
function billingInfo(subscription: FakePaypalSubscription) {
  const failed = subscription.lastFailedPayment;
  const owed = subscription.failedPayments > 0 && failed ? failed.value : '0.00';
  return {
    outstanding_balance: { currency_code: 'EUR', value: owed },
    failed_payments_count: subscription.failedPayments,
    ...(subscription.lastPayment
      ? {
          last_payment: {
            amount: { currency_code: 'EUR', value: subscription.lastPayment.value },
            time: subscription.lastPayment.time,
          },
        }
      : {}),
    ...(failed
      ? {
          last_failed_payment: {
            amount: { currency_code: 'EUR', value: failed.value },
            time: failed.time,
            reason_code: failed.reasonCode,
            next_payment_retry_time: failed.retryTime,
          },
        }
      : {}),
    // A cancelled or expired subscription is billed no more: PayPal drops its next billing time.
    ...(subscription.nextBillingTime &&
    subscription.status !== 'CANCELLED' &&
    subscription.status !== 'EXPIRED'
      ? { next_billing_time: subscription.nextBillingTime }
      : {}),
  };
}
