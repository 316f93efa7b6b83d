import type { Db } from '@sentiero/db/client';
import type { Config } from '../config.ts';
import type { Clock } from '../context.ts';
import { appleNotifications } from './apple.ts';
import { googleNotifications } from './google.ts';
import { paypalBilling } from './paypal.ts';
import type { BillingProviders } from './provider.ts';
import { sandboxBilling } from './sandbox.ts';
import type { StoreNotificationVerifier } from './store.ts';
import { stripeBilling } from './stripe.ts';

/** How Sentiero+ can be paid on this server: the sandbox unless production turned it off. */
export function configuredBillingProviders(
  payments: Config['payments'],
  db: Db,
  clock: Clock,
): BillingProviders {
  return {
    ...(payments.sandbox ? { sandbox: sandboxBilling(db, { now: () => clock.now() }) } : {}),
    // Stripe takes cards for memberships when Stripe.js can confirm them in the browser.
    ...(payments.stripe?.publishableKey ? { card: stripeBilling(payments.stripe) } : {}),
    ...paypalMemberships(payments.paypal),
  };
}

/** PayPal takes memberships once its two plans (with their 7-day trial) are configured. */
function paypalMemberships(paypal: Config['payments']['paypal']): BillingProviders {
  if (!paypal?.yearlyPlanId || !paypal.monthlyPlanId) return {};
  return {
    paypal: paypalBilling({
      ...paypal,
      yearlyPlanId: paypal.yearlyPlanId,
      monthlyPlanId: paypal.monthlyPlanId,
    }),
  };
}

/** The app stores whose notifications this server takes. */
export function configuredStores(stores: Config['stores'], clock: Clock): StoreNotificationVerifier[] {
  const now = () => clock.now();
  return [
    ...(stores.apple ? [appleNotifications({ ...stores.apple, now })] : []),
    ...(stores.google ? [googleNotifications({ ...stores.google, now })] : []),
  ];
}
