import type { ApplicationState } from '@sentiero/contract/work-with-us';
import type { Db } from '@sentiero/db/client';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { applicationRejectedMail } from './mails.ts';
import { type ApplicationRow, findApplication, listApplicationRows, moveApplication } from './repo.ts';

/*
 * The staff console's review of applications. Staff accounts and their permissions are another
 * subject's tables: the console's endpoints declare the permission and pass who reviews; these
 * functions record it and keep the states right.
 */

export type Reviewer = { staffId: number };
export type ApplicationFilter = {
  /** Empty or absent: every state. */
  states?: readonly ApplicationState[];
  /** Older than this id (the last one of the page before). */
  before?: number | null;
  limit?: number;
};

/**
 * Makes the operator of an approved application and invites its owner (the staff module's work),
 * inside the approval's transaction: if it throws, the application stays as it was.
 */
export type CreateOperatorAndInviteOwner = (
  tx: Db,
  application: ApplicationRow,
) => Promise<{ operatorId: number }>;

const MAX_PAGE = 100;

/** Newest first, a page at a time. */
export function listApplications(
  ctx: ServiceContext,
  filter: ApplicationFilter = {},
): Promise<ApplicationRow[]> {
  return listApplicationRows(ctx.db, {
    states: filter.states ?? [],
    before: filter.before ?? null,
    limit: Math.min(Math.max(filter.limit ?? 50, 1), MAX_PAGE),
  });
}

/** Only a submitted application (a featured one once paid) can be approved. */
export async function approveApplication(
  ctx: ServiceContext,
  id: number,
  reviewer: Reviewer,
  createOperatorAndInviteOwner: CreateOperatorAndInviteOwner,
): Promise<ApplicationRow> {
  await requireApplication(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const approved = await moveApplication(tx, id, ['submitted'], {
      state: 'approved',
      reviewedAt: ctx.clock.now(),
      reviewedBy: reviewer.staffId,
    });
    if (!approved) throw new AppError('NOT_ALLOWED_NOW', 409);
    const { operatorId } = await createOperatorAndInviteOwner(tx, approved);
    const withOperator = await moveApplication(tx, id, ['approved'], { operatorId });
    if (!withOperator) throw new Error(`application ${id} changed while it was being approved`);
    return withOperator;
  });
}

/**
 * A submitted application, or a featured one left unpaid, is rejected with a reason the applicant
 * reads in their own language.
 */
export async function rejectApplication(
  ctx: ServiceContext,
  id: number,
  reviewer: Reviewer,
  reason: string,
): Promise<ApplicationRow> {
  const why = reason.trim();
  if (!why) throw new AppError('VALIDATION_FAILED', 400, { reason: 'required' });
  await requireApplication(ctx, id);
  const rejected = await moveApplication(ctx.db, id, ['submitted', 'awaiting_payment'], {
    state: 'rejected',
    reviewedAt: ctx.clock.now(),
    reviewedBy: reviewer.staffId,
    rejectionReason: why,
  });
  if (!rejected) throw new AppError('NOT_ALLOWED_NOW', 409);
  await ctx.mail.send({
    to: rejected.email,
    ...applicationRejectedMail(rejected.language, { ...rejected, reason: why }, ctx.config.brand),
  });
  return rejected;
}

async function requireApplication(ctx: ServiceContext, id: number): Promise<ApplicationRow> {
  const row = await findApplication(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 404);
  return row;
}
