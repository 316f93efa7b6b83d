import type { ServiceContext } from '../../platform/context.ts';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { receiptAttachment } from '../../platform/receipt-pdf.ts';
import { findMemberContact } from '../../repos/members.ts';
import { RETRY_DAYS } from './lifecycle.ts';
import {
  cancelConfirmedMail,
  membershipEndedMail,
  paymentFailedMail,
  receiptMail,
  suspendedMail,
  trialStartedMail,
  upcomingChargeMail,
} from './mails.ts';
import { findChargeById, type SubscriptionRow } from './repo.ts';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tells the member what happened to their membership, by mail, in their language: queued, so a
 * slow mail server never holds up a charge or a button.
 */
export async function notifyMember(
  ctx: BillingContext,
  row: SubscriptionRow,
  notice: MembershipNotice,
): Promise<void> {
  const member = await findMemberContact(ctx.db, row.userId);
  if (!member?.email) return;
  const { language } = member;
  const brand = ctx.config.brand;
  const manageUrl = `${ctx.origin}/user#subscriptions`;
  const firstname = member.firstName;
  const iso = (date: Date | null) => (date ?? row.periodEnd).toISOString();
  let mail: RenderedMail;
  let attachments: Awaited<ReturnType<typeof receiptAttachment>>[] = [];
  switch (notice.kind) {
    case 'trialStarted':
      mail = trialStartedMail(
        language,
        {
          firstname,
          planType: row.planType,
          priceCents: row.priceCents,
          trialEndDate: iso(row.trialEnd),
          firstChargeDate: iso(row.periodEnd),
          manageUrl,
        },
        brand,
      );
      break;
    case 'upcomingCharge':
      mail = upcomingChargeMail(
        language,
        {
          firstname,
          planType: row.planType,
          priceCents: row.priceCents,
          chargeDate: iso(row.periodEnd),
          trialEnding: row.status === 'trialing',
          manageUrl,
        },
        brand,
      );
      break;
    case 'receipt': {
      const charge = await findChargeById(ctx.db, notice.chargeId);
      if (!charge?.receiptNumber || !charge.paidUntil) return;
      const paidAt = (charge.settledAt ?? ctx.clock.now()).toISOString();
      const receipt = {
        planType: row.planType,
        amountCents: charge.amountCents,
        paidAt,
        periodStart: charge.periodEnd.toISOString(),
        periodEnd: charge.paidUntil.toISOString(),
        receiptNumber: charge.receiptNumber,
        paymentLabel: row.paymentLabel,
      };
      mail = receiptMail(language, { firstname, ...receipt, manageUrl }, brand);
      attachments = [
        await receiptAttachment({
          language,
          brand,
          seller: ctx.config.company,
          buyer: { name: `${member.firstName} ${member.lastName}`.trim(), email: member.email },
          ...receipt,
          vatPercent: ctx.config.premium.vatRatePercent,
        }),
      ];
      break;
    }
    case 'paymentFailed': {
      const endsOn = new Date((row.pastDueSince ?? ctx.clock.now()).getTime() + RETRY_DAYS * DAY_MS);
      mail = paymentFailedMail(
        language,
        {
          firstname,
          amountCents: row.priceCents,
          attempt: row.failedCharges,
          nextRetryDate:
            row.nextChargeAt && row.nextChargeAt < endsOn ? row.nextChargeAt.toISOString() : null,
          endsOn: endsOn.toISOString(),
          updatePaymentUrl: manageUrl,
        },
        brand,
      );
      break;
    }
    case 'ended':
      mail = membershipEndedMail(
        language,
        { firstname, reason: notice.reason, rejoinUrl: `${ctx.origin}/plus` },
        brand,
      );
      break;
    case 'canceled':
      mail = cancelConfirmedMail(
        language,
        { firstname, endsOn: iso(row.periodEnd), undoUrl: manageUrl },
        brand,
      );
      break;
    case 'suspended':
      mail = suspendedMail(
        language,
        {
          firstname,
          daysLeft: Math.max(1, Math.ceil((row.remainingMs ?? 0) / DAY_MS)),
          resumeUrl: manageUrl,
        },
        brand,
      );
      break;
  }
  await ctx.mail.send({ to: member.email, ...mail, ...(attachments.length ? { attachments } : {}) });
}
