import type { consoleTeamStaffDisable, consoleTeamStaffEnable } from '@sentiero/contract/console-team';
import type { Transaction } from '@sentiero/db/client';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  requireRecentReauthentication,
  TEAM_CHANGE_REAUTH_MINUTES,
} from '../../platform/staff-reauthentication.ts';
import type { StaffSession } from '../../platform/staff-sessions.ts';
import { deleteSessionsOf, type GrantRow, lockStaffAccount, updateStaffAccount } from './repo.ts';
import type { StaffCookie } from './sign-in.ts';
import { keepOneHolder, requireTeamAccess } from './team.ts';

/*
 * A staff account as a whole (issue 23): disabled, its sessions end at once and it cannot sign in
 * (the session lookup and the login both refuse a disabled account); enabled again, it signs in
 * as before. Its grants stay as they were. A staff member may also end all their own sessions.
 */

type AccountInput =
  | z.output<typeof consoleTeamStaffDisable.input>
  | z.output<typeof consoleTeamStaffEnable.input>;

/**
 * The account, locked, if the caller manages every team it belongs to: an owner may switch off
 * only people who work for its operator alone (the account is theirs everywhere), an admin
 * anyone. An account the caller may not manage answers like one that does not exist.
 */
async function lockManagedAccount(tx: Transaction, ctx: ServiceContext, staffId: number) {
  const unsafeFound = await lockStaffAccount(tx, staffId);
  if (!unsafeFound) throw new AppError('NOT_FOUND', 404);
  const teams = new Set(unsafeFound.grants.map((grant) => grant.operatorId));
  // Nobody's team yet (every role revoked): Sentiero's admin decides.
  if (teams.size === 0) teams.add(null);
  let staff: StaffSession | undefined;
  try {
    for (const operatorId of teams) staff = requireTeamAccess(ctx, operatorId);
  } catch {
    throw new AppError('NOT_FOUND', 404);
  }
  return { staff: staff as StaffSession, ...unsafeFound };
}

function operatorOf(grants: readonly GrantRow[]): number | null {
  const operatorIds = [...new Set(grants.map((grant) => grant.operatorId))];
  return operatorIds.length === 1 ? (operatorIds[0] ?? null) : null;
}

export async function disableStaff(ctx: ServiceContext, input: AccountInput) {
  requireStaffAccess(ctx, 'team.manage');
  requireRecentReauthentication(ctx, TEAM_CHANGE_REAUTH_MINUTES);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { staff, account, grants } = await lockManagedAccount(tx, ctx, input.staff_id);
    if (account.id === staff.staffId) throw new AppError('SELF_DISABLE', 409);
    if (account.disabledAt) return;
    for (const grant of grants) await keepOneHolder(tx, grant);
    await updateStaffAccount(tx, account.id, { disabledAt: now });
    const ended = await deleteSessionsOf(tx, account.id);
    await auditStaffChange(tx, ctx, staff, {
      operatorId: operatorOf(grants),
      action: 'staff.disable',
      targetType: 'staff_account',
      targetId: account.id,
      changes: { disabled_at: [null, now.toISOString()], sessions: [ended, 0] },
      reason: input.reason || null,
    });
  });
  return { staff_id: input.staff_id, disabled: true as const };
}

export async function enableStaff(ctx: ServiceContext, input: AccountInput) {
  requireStaffAccess(ctx, 'team.manage');
  requireRecentReauthentication(ctx, TEAM_CHANGE_REAUTH_MINUTES);
  await ctx.db.transaction(async (tx) => {
    const { staff, account, grants } = await lockManagedAccount(tx, ctx, input.staff_id);
    if (!account.disabledAt) return;
    await updateStaffAccount(tx, account.id, { disabledAt: null });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: operatorOf(grants),
      action: 'staff.enable',
      targetType: 'staff_account',
      targetId: account.id,
      changes: { disabled_at: [account.disabledAt.toISOString(), null] },
      reason: input.reason || null,
    });
  });
  return { staff_id: input.staff_id, disabled: false as const };
}

/** Ends every session of the caller, on this browser and any other: they sign in again from scratch. */
export async function logOutEverywhere(ctx: ServiceContext, cookie: StaffCookie) {
  const staff = requireStaffAccess(ctx, 'console');
  const ended = await ctx.db.transaction(async (tx) => {
    const count = await deleteSessionsOf(tx, staff.staffId);
    await auditStaffChange(tx, ctx, staff, {
      operatorId: null,
      action: 'staff.logoutEverywhere',
      targetType: 'staff_account',
      targetId: staff.staffId,
      changes: { sessions: [count, 0] },
    });
    return count;
  });
  cookie.clear();
  return { ok: true as const, ended };
}
