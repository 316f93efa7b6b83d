import type { ApplicationState } from '@sentiero/contract/work-with-us';
import type { Transaction } from '@sentiero/db/client';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { formatAmount } from '../../platform/format.ts';
import type { PaymentProviders } from '../../platform/payments/registry.ts';
import { isPaidListing, type ListingRefund, refundListing } from './listing-refund.ts';
import { applicationRejectedMail } from './mails.ts';
import {
  type ApplicationRow,
  countApplications,
  findApplication,
  listApplicationRows,
  moveApplication,
} from './repo.ts';

/*
 * The staff console's review of applications. Staff accounts and their permissions are another
 * subject's tables: the console's endpoints (console-review.ts) check the permission and pass who
 * reviews and what else is written with the review; these functions record it and keep the
 * states right.
 */

export type Reviewer = { staffId: number };
export type ApplicationFilter = {
  /** Absent: every state. */
  state?: ApplicationState;
  page: number;
  pageSize: number;
};

/**
 * Makes the operator of an approved application and invites its owner (the staff module's work),
 * inside the approval's transaction: if it throws, the application stays as it was and nothing it
 * wrote is kept.
 */
export type CreateOperatorAndInviteOwner<T extends { operatorId: number }> = (
  tx: Transaction,
  application: ApplicationRow,
) => Promise<T>;

/** Newest first, a page at a time, and how many there are in all. */
export async function listApplications(ctx: ServiceContext, filter: ApplicationFilter) {
  const [rows, total] = await Promise.all([
    listApplicationRows(ctx.db, {
      state: filter.state ?? null,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    }),
    countApplications(ctx.db, filter.state ?? null),
  ]);
  return { rows, total };
}

export async function requireApplication(ctx: ServiceContext, id: number): Promise<ApplicationRow> {
  const row = await findApplication(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 404);
  return row;
}

/** Why an application in this state cannot be reviewed now: unpaid, or already reviewed. */
function notReviewable(state: ApplicationState): AppError {
  return state === 'awaiting_payment'
    ? new AppError('APPLICATION_UNPAID', 409)
    : new AppError('APPLICATION_ALREADY_REVIEWED', 409);
}

/** Only a submitted application (a featured one once paid) can be approved. */
export async function approveApplication<T extends { operatorId: number }>(
  ctx: ServiceContext,
  id: number,
  reviewer: Reviewer,
  createOperatorAndInviteOwner: CreateOperatorAndInviteOwner<T>,
): Promise<{ application: ApplicationRow; made: T }> {
  const current = await requireApplication(ctx, id);
  if (current.state !== 'submitted') throw notReviewable(current.state);
  // A rejection is giving its money back (its provider did not answer yet): it is finished first.
  if (current.refundKey !== null) throw new AppError('APPLICATION_REFUND_UNDER_WAY', 409);
  return ctx.db.transaction(async (tx) => {
    // From the state it was read in only: a second reviewer (or a second click) is told it is done.
    const approved = await moveApplication(
      tx,
      id,
      ['submitted'],
      { state: 'approved', reviewedAt: ctx.clock.now(), reviewedBy: reviewer.staffId },
      { refundKey: null },
    );
    if (!approved) throw new AppError('APPLICATION_ALREADY_REVIEWED', 409);
    const made = await createOperatorAndInviteOwner(tx, approved);
    const application = await moveApplication(tx, id, ['approved'], { operatorId: made.operatorId });
    if (!application) throw new Error(`application ${id} changed while it was being approved`);
    return { application, made };
  });
}

/**
 * A submitted application, or a featured one left unpaid, is rejected with a reason the applicant
 * reads in their own language. A paid featured listing's money goes back first, in full, through
 * the provider that took it (listing-refund.ts): a refusal leaves the application as it was.
 * `onRejected` writes with the rejection, in its transaction (the audit line); the mail leaves
 * after the commit, and whether it could is answered.
 */
export async function rejectApplication(
  ctx: ServiceContext,
  providers: PaymentProviders,
  id: number,
  reviewer: Reviewer,
  reason: string,
  onRejected?: (tx: Transaction, before: ApplicationRow, after: ApplicationRow) => Promise<void>,
): Promise<{ application: ApplicationRow; mailSent: boolean }> {
  const why = reason.trim();
  if (!why) throw new AppError('VALIDATION_FAILED', 400, { reason: 'required' });
  const current = await requireApplication(ctx, id);
  if (current.state !== 'submitted' && current.state !== 'awaiting_payment')
    throw notReviewable(current.state);
  const refund = isPaidListing(current) ? await refundListing(ctx, providers, current) : null;
  const rejected = await recordRejection(ctx, current, reviewer, why, refund, onRejected);
  if (!rejected) {
    // Paid between the two reads (its webhook came meanwhile): rejected with its refund instead.
    const after = await findApplication(ctx.db, id);
    if (!refund && after?.state === 'submitted' && isPaidListing(after)) {
      return rejectApplication(ctx, providers, id, reviewer, reason, onRejected);
    }
    throw new AppError('APPLICATION_ALREADY_REVIEWED', 409);
  }
  try {
    await ctx.mail.send({
      to: rejected.email,
      ...applicationRejectedMail(
        rejected.language,
        {
          ...rejected,
          reason: why,
          refund: refund && {
            amount: formatAmount(refund.cents, rejected.language),
            toPaypal: rejected.paymentMethod === 'paypal',
          },
        },
        ctx.config.brand,
      ),
    });
    return { application: rejected, mailSent: true };
  } catch (error) {
    // The rejection stands: the reviewer is told the applicant was not, and can write to them.
    ctx.log.error({ err: error, applicationId: id }, 'the rejection mail could not be sent');
    return { application: rejected, mailSent: false };
  }
}

/**
 * The rejection, with the refund's answer and the audit line, from the state it was read in and
 * only by the request whose refund claim it holds: undefined when another request came first.
 */
function recordRejection(
  ctx: ServiceContext,
  current: ApplicationRow,
  reviewer: Reviewer,
  why: string,
  refund: ListingRefund | null,
  onRejected?: (tx: Transaction, before: ApplicationRow, after: ApplicationRow) => Promise<void>,
): Promise<ApplicationRow | undefined> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await moveApplication(
      tx,
      current.id,
      refund ? ['submitted'] : [current.state],
      {
        state: 'rejected',
        reviewedAt: now,
        reviewedBy: reviewer.staffId,
        rejectionReason: why,
        ...(refund
          ? {
              refundState: refund.state,
              refundReference: refund.reference,
              refundSettledAt: refund.state === 'succeeded' ? now : null,
            }
          : {}),
      },
      { refundKey: refund?.key ?? null },
    );
    if (row) await onRejected?.(tx, current, row);
    return row;
  });
}
