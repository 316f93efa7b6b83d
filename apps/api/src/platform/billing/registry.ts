import type { Db } from '@sentiero/db/client';
import type { Config } from '../config.ts';
import type { Clock } from '../context.ts';
import type { BillingProviders } from './provider.ts';
import { sandboxBilling } from './sandbox.ts';

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
