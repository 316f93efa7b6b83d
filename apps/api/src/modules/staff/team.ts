import type { StaffRole } from '@sentiero/contract/access';
import {
  type consoleTeam,
  type consoleTeamGrantChange,
  type consoleTeamGrantRevoke,
  type consoleTeamInvite,
  TEAM_PAGE_SIZE,
} from '@sentiero/contract/console-team';
import type { Transaction } from '@sentiero/db/client';
import type { z } from 'zod';
import { requireStaffAccess, staffHolds, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  requireRecentReauthentication,
  TEAM_CHANGE_REAUTH_MINUTES,
} from '../../platform/staff-reauthentication.ts';
import type { StaffSession } from '../../platform/staff-sessions.ts';
import { createInvitation, mailInvitation, requireValidGrant, rolesOfTeam } from './invitations.ts';
import {
  deleteGrant,
  findGrant,
  findGrantsWithOperators,
  findOpenInvitations,
  findOperatorAreas,
  findOperatorById,
  findOperatorsIn,
  findTeamMembers,
  type GrantRow,
  lockRoleHolders,
  updateGrant,
} from './repo.ts';

/**
 * Who may manage a team: whoever holds `team.manage` over the operator (its owner, Sentiero's
 * admin) for an operator's team; whoever holds `sentieroTeam.manage` for Sentiero's own staff.
 */
export function requireTeamAccess(ctx: ServiceContext, operatorId: number | null): StaffSession {
  if (operatorId !== null) return requireStaffAccess(ctx, 'team.manage', { operatorId });
  return requireStaffAccess(ctx, 'sentieroTeam.manage');
}

function grantAnswer(row: GrantRow, operator: { id: number; slug: string; name: string } | null) {
  return { id: row.id, role: row.role as StaffRole, operator, area_ids: row.areaIds };
}

export async function listTeam(ctx: ServiceContext, input: z.output<typeof consoleTeam.input>) {
  requireStaffAccess(ctx, 'team.manage');
  const scope = staffListScope(ctx, 'team.manage');
  const operators = await findOperatorsIn(ctx.db, scope.everywhere ? 'all' : scope.operatorIds);
  const canManageSentiero = staffHolds(ctx, 'sentieroTeam.manage');
  const sentiero = input.team === 'sentiero';
  const operatorId = sentiero ? null : (input.operator_id ?? operators[0]?.id);
  const empty = { areas: [], members: [], invitations: [], page: 1, pages: 1, total: 0 };
  const frame = { operators, sentiero, can_manage_sentiero: canManageSentiero };
  if (operatorId === undefined) return { ...frame, operator: null, grantable_roles: [], ...empty };
  requireTeamAccess(ctx, operatorId);
  const operator = operators.find((candidate) => candidate.id === operatorId) ?? null;
  if (operatorId !== null && !operator) throw new AppError('NOT_FOUND', 404);
  const { rows: members, total } = await findTeamMembers(ctx.db, operatorId, {
    limit: TEAM_PAGE_SIZE,
    offset: (input.page - 1) * TEAM_PAGE_SIZE,
  });
  const grants = (
    await findGrantsWithOperators(
      ctx.db,
      members.map((member) => member.id),
    )
  ).filter((grant) => grant.operatorId === operatorId);
  const invitations = await findOpenInvitations(ctx.db, operatorId, ctx.clock.now());
  return {
    ...frame,
    operator,
    grantable_roles: rolesOfTeam(operatorId),
    areas: operatorId === null ? [] : await findOperatorAreas(ctx.db, operatorId, ctx.lang),
    members: members.map((member) => ({
      staff_id: member.id,
      name: member.name,
      email: member.email,
      disabled: member.disabledAt !== null,
      since: (member.since ?? new Date(0)).toISOString(),
      grants: grants
        .filter((grant) => grant.staffId === member.id)
        .map((grant) => ({ id: grant.id, role: grant.role as StaffRole, operator, area_ids: grant.areaIds })),
    })),
    page: input.page,
    pages: Math.max(1, Math.ceil(total / TEAM_PAGE_SIZE)),
    total,
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role as StaffRole,
      expires_at: invitation.expiresAt.toISOString(),
    })),
  };
}

export async function inviteToTeam(ctx: ServiceContext, input: z.output<typeof consoleTeamInvite.input>) {
  const staff = requireTeamAccess(ctx, input.operator_id);
  requireRecentReauthentication(ctx, TEAM_CHANGE_REAUTH_MINUTES);
  if (input.operator_id !== null && !(await findOperatorById(ctx.db, input.operator_id))) {
    throw new AppError('NOT_FOUND', 404);
  }
  const now = ctx.clock.now();
  const made = await ctx.db.transaction(async (tx) => {
    const { invitation, link, expiresAt } = await createInvitation(tx, ctx.origin, {
      email: input.email,
      role: input.role,
      operatorId: input.operator_id,
      areaIds: input.area_ids ?? null,
      invitedBy: staff.staffId,
      now,
    });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: input.operator_id,
      action: 'team.invite',
      targetType: 'staff_invitation',
      targetId: invitation.id,
      changes: {
        email: [null, invitation.email],
        role: [null, input.role],
        area_ids: [null, invitation.areaIds],
      },
    });
    return { email: invitation.email, link, expiresAt };
  });
  // After the commit: the invitation stands whatever the mail does, and its link is answered.
  const mailSent = await mailInvitation(ctx, {
    to: made.email,
    language: input.language ?? staff.language,
    inviterName: staff.name,
    role: input.role,
    operatorId: input.operator_id,
    link: made.link,
  });
  return { link: made.link, expires_at: made.expiresAt.toISOString(), mail_sent: mailSent };
}

/** A grant of a team the caller manages; another team's grant is refused like its team. */
async function requireManagedGrant(ctx: ServiceContext, grantId: number) {
  const unsafeGrant = await findGrant(ctx.db, grantId);
  if (!unsafeGrant) throw new AppError('NOT_FOUND', 404);
  const staff = requireTeamAccess(ctx, unsafeGrant.operatorId);
  requireRecentReauthentication(ctx, TEAM_CHANGE_REAUTH_MINUTES);
  return { staff, grant: unsafeGrant };
}

export async function changeGrant(ctx: ServiceContext, input: z.output<typeof consoleTeamGrantChange.input>) {
  const { staff, grant } = await requireManagedGrant(ctx, input.grant_id);
  const areaIds = input.area_ids ?? null;
  await requireValidGrant(ctx.db, { role: input.role, operatorId: grant.operatorId, areaIds });
  const operator = grant.operatorId === null ? null : await findOperatorById(ctx.db, grant.operatorId);
  const changed = await ctx.db.transaction(async (tx) => {
    if (input.role !== grant.role) await keepOneHolder(tx, grant);
    const row = await updateGrant(tx, grant.id, { role: input.role, areaIds: areaIds ? [...areaIds] : null });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: grant.operatorId,
      action: 'team.change',
      targetType: 'staff_grant',
      targetId: grant.id,
      changes: { role: [grant.role, row.role], area_ids: [grant.areaIds, row.areaIds] },
      reason: input.reason ?? null,
    });
    return row;
  });
  return grantAnswer(
    changed,
    operator ? { id: operator.id, slug: operator.slug, name: operator.name } : null,
  );
}

export async function revokeGrant(ctx: ServiceContext, input: z.output<typeof consoleTeamGrantRevoke.input>) {
  const { staff, grant } = await requireManagedGrant(ctx, input.grant_id);
  await ctx.db.transaction(async (tx) => {
    await keepOneHolder(tx, grant);
    await deleteGrant(tx, grant.id);
    await auditStaffChange(tx, ctx, staff, {
      operatorId: grant.operatorId,
      action: 'team.revoke',
      targetType: 'staff_grant',
      targetId: grant.id,
      changes: { role: [grant.role, null], staff_id: [grant.staffId, null] },
      reason: input.reason ?? null,
    });
  });
  return { ok: true as const };
}

/**
 * An operator keeps at least one active owner, and Sentiero at least one active admin: nobody can
 * take the last one's role away, nor disable their account, themselves included, or nobody could
 * run the team any more (409 `LAST_OWNER`). A disabled holder does not count.
 */
export async function keepOneHolder(
  tx: Transaction,
  grant: Pick<GrantRow, 'role' | 'operatorId' | 'staffId'>,
) {
  const top = grant.operatorId === null ? 'admin' : 'owner';
  if (grant.role !== top) return;
  const holders = await lockRoleHolders(tx, top, grant.operatorId);
  if (!holders.some((holder) => holder.active && holder.staffId !== grant.staffId)) {
    throw new AppError('LAST_OWNER', 409);
  }
}
