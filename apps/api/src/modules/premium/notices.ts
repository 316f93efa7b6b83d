import { PAGES } from '@sentiero/contract/pages';
import type { ServiceContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { receiptAttachment } from '../../platform/receipt-pdf.ts';
import { findMemberContact } from '../../repos/members.ts';
import { findChargeWithMembership } from './charges-repo.ts';
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
import type { MembershipRow } from './repo.ts';

/** What the membership's mails and jobs need, in a request or outside one. */
export type BillingContext = Pick<ServiceContext, 'db' | 'clock' | 'config' | 'mail' | 'origin' | 'log'>;

export type MembershipNotice =
  | { kind: 'trialStarted' }
  | { kind: 'upcomingCharge' }
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
  row: MembershipRow,
  notice: MembershipNotice,
): Promise<void> {
  const member = await findMemberContact(ctx.db, row.userId);
  if (!member?.email) return;
  const { language } = member;
  const brand = ctx.config.brand;
  const manageUrl = `${ctx.origin}${PAGES.account.path({ hash: 'subscriptions' })}`;
  const firstname = member.firstName;
  const iso = (date: Date | null) => (date ?? row.periodEnd).toISOString();
  let mail: RenderedMail;
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
    case 'paymentFailed': {
      const endsOn =
        row.graceUntil ?? new Date((row.pastDueSince ?? ctx.clock.now()).getTime() + RETRY_DAYS * DAY_MS);
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
        { firstname, reason: notice.reason, rejoinUrl: `${ctx.origin}${PAGES.plus.path()}` },
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
  await ctx.mail.send({ to: member.email, ...mail });
}

export const RECEIPT_QUEUE = 'membership-receipt';

/**
 * A paid charge's receipt job (a charge id) is written by the statement that records the charge
 * (`recordCharges`, into RECEIPT_QUEUE): it exists exactly when the paid period does, and a
 * renewal batch queues all its receipts in its one statement. `written` wakes this process's
 * receipts' worker, which would otherwise find the jobs at its next poll.
 */
export type ReceiptQueue = { written(): void };

/**
 * The receipts' queue: each job holds a charge id only, and its worker renders the mail and its
 * PDF and hands them to the mail server itself (`deliver`), as ticket mails do (ADR 014): a
 * renewal run charges without rendering PDFs, and no PDF travels through the job table.
 */
export async function startReceiptMails(jobs: Jobs, ctx: BillingContext): Promise<ReceiptQueue> {
  await jobs.work<{ chargeId: number }>(RECEIPT_QUEUE, ({ chargeId }) => mailReceipt(ctx, chargeId), {
    loops: 2,
  });
  return { written: () => jobs.notify(RECEIPT_QUEUE) };
}

/** The receipt of one paid charge, by mail with its PDF, in the member's language. */
export async function mailReceipt(ctx: BillingContext, chargeId: number): Promise<void> {
  const found = await findChargeWithMembership(ctx.db, chargeId);
  const { receiptNumber, paidUntil } = found?.charge ?? {};
  if (!found || !receiptNumber || !paidUntil) return;
  const { charge, subscription } = found;
  const member = await findMemberContact(ctx.db, subscription.userId);
  if (!member?.email) return;
  const { language } = member;
  const brand = ctx.config.brand;
  const receipt = {
    planType: subscription.planType,
    amountCents: charge.amountCents,
    paidAt: (charge.settledAt ?? ctx.clock.now()).toISOString(),
    periodStart: charge.periodEnd.toISOString(),
    periodEnd: paidUntil.toISOString(),
    receiptNumber,
    paymentLabel: subscription.paymentLabel,
  };
  const mail = receiptMail(
    language,
    {
      firstname: member.firstName,
      ...receipt,
      manageUrl: `${ctx.origin}${PAGES.account.path({ hash: 'subscriptions' })}`,
    },
    brand,
  );
  const pdf = await receiptAttachment({
    language,
    brand,
    seller: ctx.config.company,
    buyer: { name: `${member.firstName} ${member.lastName}`.trim(), email: member.email },
    ...receipt,
    vatPercent: ctx.config.premium.vatRatePercent,
  });
  await ctx.mail.deliver({ to: member.email, ...mail, attachments: [pdf] });
}
