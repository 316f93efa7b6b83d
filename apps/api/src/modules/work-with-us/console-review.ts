import {
  APPLICATIONS_PAGE_SIZE,
  type consoleApplicationReject,
  type consoleApplications,
} from '@sentiero/contract/console-applications';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  requireRecentReauthentication,
  TEAM_CHANGE_REAUTH_MINUTES,
} from '../../platform/staff-reauthentication.ts';
import {
  findOperatorName,
  mailInvitation,
  NEW_OPERATOR_COMMISSION_BASIS_POINTS,
  openOperatorWithOwnerInvitation,
  staffNamesOf,
} from '../staff/index.ts';
import type { WorkWithUsDeps } from './apply.ts';
import type { ApplicationRow } from './repo.ts';
import { approveApplication, listApplications, rejectApplication, requireApplication } from './review.ts';

/*
 * The console's review of "work with us" applications (issue 23, item 5), for Sentiero's admins
 * (`applications.review`). Approving makes the operator and invites its owner in the approval's
 * own transaction, audited there; rejecting mails the reason. Both write the audit log.
 */

function summary(row: ApplicationRow) {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    business_name: row.businessName,
    business_kind: row.businessKind,
    vat_country: row.vatCountry,
    vat_number: row.vatNumber,
    contact_name: row.contactName,
    email: row.email,
    plan: row.plan,
    amount_cents: row.amountCents,
    payment_method: row.paymentMethod,
    paid_at: row.paidAt?.toISOString() ?? null,
    refund_state: row.refundState,
    created_at: row.createdAt.toISOString(),
  };
}

async function detail(ctx: ServiceContext, row: ApplicationRow) {
  const [reviewer] = row.reviewedBy === null ? [] : await staffNamesOf(ctx, [row.reviewedBy]);
  const operator = row.operatorId === null ? undefined : await findOperatorName(ctx, row.operatorId);
  return {
    ...summary(row),
    phone: row.phone,
    activities: row.activities,
    country: row.country,
    region: row.region,
    area_names: row.areaNames,
    message: row.message,
    language: row.language,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewed_by:
      reviewer ?? (row.reviewedBy === null ? null : { id: row.reviewedBy, name: `#${row.reviewedBy}` }),
    rejection_reason: row.rejectionReason,
    operator: operator ? { id: operator.id, slug: operator.slug, name: operator.name } : null,
    refund: refundOf(row),
  };
}

/** The listing's refund once the provider took it (or was asked and has not answered yet). */
function refundOf(row: ApplicationRow) {
  if (!row.refundState || row.refundCents === null || !row.refundRequestedAt) return null;
  return {
    amount_cents: row.refundCents,
    state: row.refundState,
    failure_reason: row.refundFailureReason,
    requested_at: row.refundRequestedAt.toISOString(),
    settled_at: row.refundSettledAt?.toISOString() ?? null,
  };
}

export async function listApplicationsForReview(
  ctx: ServiceContext,
  input: z.output<typeof consoleApplications.input>,
) {
  requireStaffAccess(ctx, 'applications.review');
  const { rows, total } = await listApplications(ctx, {
    state: input.state,
    page: input.page,
    pageSize: APPLICATIONS_PAGE_SIZE,
  });
  return {
    applications: rows.map(summary),
    page: input.page,
    pages: pageCount(total, APPLICATIONS_PAGE_SIZE),
    total,
  };
}

export async function readApplication(ctx: ServiceContext, id: number) {
  requireStaffAccess(ctx, 'applications.review');
  return detail(ctx, await requireApplication(ctx, id));
}

/**
 * Approves: the operator (its kind, name, VAT number, contact address) and its owner's invitation
 * are written with the approval and their audit lines, or nothing is. The invitation is mailed in
 * the applicant's language after the commit; a mail that cannot leave is answered as such, with
 * the link to pass on by hand, as the team screen does.
 */
export async function approveAsAdmin(ctx: ServiceContext, id: number) {
  const staff = requireStaffAccess(ctx, 'applications.review');
  // Inviting an operator's owner is a team change: it asks who is there, as the team screen does.
  requireRecentReauthentication(ctx, TEAM_CHANGE_REAUTH_MINUTES);
  const now = ctx.clock.now();
  const { application, made } = await approveApplication(
    ctx,
    id,
    { staffId: staff.staffId },
    async (tx, approved) => {
      const { operator, invitation, link, expiresAt } = await openOperatorWithOwnerInvitation(
        tx,
        ctx.origin,
        {
          name: approved.businessName,
          kind: approved.businessKind,
          vatNumber: approved.vatNumber,
          contactEmail: approved.email,
          ownerEmail: approved.email,
          invitedBy: staff.staffId,
          now,
        },
      );
      await auditStaffChange(tx, ctx, staff, {
        operatorId: operator.id,
        action: 'application.approve',
        targetType: 'operator_application',
        targetId: approved.id,
        changes: { state: ['submitted', 'approved'], operator_id: [null, operator.id] },
      });
      await auditStaffChange(tx, ctx, staff, {
        operatorId: operator.id,
        action: 'operator.create',
        targetType: 'operator',
        targetId: operator.id,
        changes: {
          name: [null, operator.name],
          slug: [null, operator.slug],
          kind: [null, operator.kind],
          vat_number: [null, operator.vatNumber],
          contact_email: [null, operator.contactEmail],
          commission_basis_points: [null, NEW_OPERATOR_COMMISSION_BASIS_POINTS],
        },
      });
      await auditStaffChange(tx, ctx, staff, {
        operatorId: operator.id,
        action: 'team.invite',
        targetType: 'staff_invitation',
        targetId: invitation.id,
        changes: { email: [null, invitation.email], role: [null, 'owner'], area_ids: [null, null] },
      });
      return { operatorId: operator.id, email: invitation.email, link, expiresAt };
    },
  );
  const mailSent = await mailInvitation(ctx, {
    to: made.email,
    language: application.language,
    inviterName: staff.name,
    role: 'owner',
    operatorId: made.operatorId,
    link: made.link,
  });
  return {
    application: await detail(ctx, application),
    invitation: { link: made.link, expires_at: made.expiresAt.toISOString(), mail_sent: mailSent },
  };
}

/**
 * Rejects, mailing the reason; a paid featured listing is refunded through its provider first
 * (ADR 039), and the audit line carries the refund: its amount, state and the provider's id.
 */
export async function rejectAsAdmin(
  ctx: ServiceContext,
  deps: WorkWithUsDeps,
  input: z.output<typeof consoleApplicationReject.input>,
) {
  const staff = requireStaffAccess(ctx, 'applications.review');
  const { application, mailSent } = await rejectApplication(
    ctx,
    deps.providers,
    input.id,
    { staffId: staff.staffId },
    input.reason,
    (tx, before, after) =>
      auditStaffChange(tx, ctx, staff, {
        operatorId: null,
        action: 'application.reject',
        targetType: 'operator_application',
        targetId: after.id,
        changes: {
          state: [before.state, after.state],
          ...(after.refundState
            ? {
                refund_cents: [null, after.refundCents],
                refund_state: [null, after.refundState],
                refund_method: [null, after.paymentMethod],
                refund_reference: [null, after.refundReference],
              }
            : {}),
        },
        reason: after.rejectionReason,
      }),
  );
  return { application: await detail(ctx, application), mail_sent: mailSent };
}
