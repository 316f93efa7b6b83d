import type { Db } from '@sentiero/db/client';
import type { Config } from '../config.ts';
import type { Clock } from '../context.ts';
import { appleNotifications } from './apple.ts';
import { googleNotifications } from './google.ts';
import type { BillingProviders } from './provider.ts';
import { sandboxBilling } from './sandbox.ts';
import type { StoreNotificationVerifier } from './store.ts';

/** How Sentiero+ can be paid on this server: the sandbox unless production turned it off. */
export function configuredBillingProviders(
  payments: Config['payments'],
  db: Db,
  clock: Clock,
): BillingProviders {
  return {
    ...(payments.sandbox ? { sandbox: sandboxBilling(db, { now: () => clock.now() }) } : {}),
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
