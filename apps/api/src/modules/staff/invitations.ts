import { isSentieroRole, OPERATOR_ROLES, SENTIERO_ROLES, type StaffRole } from '@sentiero/contract/access';
import type { consoleInvitationAccept } from '@sentiero/contract/console-auth';
import type { Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import type { Db, Transaction } from '@sentiero/db/client';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit-repo.ts';
import type { Config } from '../../platform/config.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import { staffInvitationMail } from './mails.ts';
import {
  findInvitationByTokenHash,
  findOperatorAreaIds,
  findOperatorById,
  findStaffByEmail,
  insertGrant,
  insertInvitation,
  insertStaffAccount,
  useInvitation,
} from './repo.ts';

/** DESIGN: an invitation link is good for 72 hours, once. */
export const INVITATION_HOURS = 72;

export type InvitedGrant = {
  role: StaffRole;
  operatorId: number | null;
  /** Null: all the operator's areas. */
  areaIds: readonly number[] | null;
};

/**
 * The roles a team's manager may give in it: Sentiero's own roles in Sentiero's team (no
 * operator), an operator's roles in an operator's team, as `requireValidGrant` checks them.
 */
export function rolesOfTeam(operatorId: number | null): StaffRole[] {
  return operatorId === null ? [...SENTIERO_ROLES] : [...OPERATOR_ROLES];
}

/**
 * Sentiero's roles hold everywhere and name no operator; an operator's roles name one, and may be
 * narrowed only to that operator's own areas.
 */
export async function requireValidGrant(db: Db | Transaction, grant: InvitedGrant): Promise<void> {
  if (isSentieroRole(grant.role)) {
    if (grant.operatorId !== null || grant.areaIds)
      throw new AppError('VALIDATION_FAILED', 400, { role: 'invalid' });
    return;
  }
  if (grant.operatorId === null) throw new AppError('VALIDATION_FAILED', 400, { operator_id: 'required' });
  if (grant.areaIds) {
    const owned = await findOperatorAreaIds(db, grant.operatorId, grant.areaIds);
    if (owned.length !== new Set(grant.areaIds).size) {
      throw new AppError('VALIDATION_FAILED', 400, { area_ids: 'invalid' });
    }
  }
}

/** Writes an invitation and answers its link; the caller records it in the audit log. */
export async function createInvitation(
  db: Db | Transaction,
  origin: string,
  input: InvitedGrant & { email: string; invitedBy: number | null; now: Date },
) {
  await requireValidGrant(db, input);
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + INVITATION_HOURS * 60 * 60 * 1000);
  const invitation = await insertInvitation(db, {
    tokenHash: hashToken(token),
    email: input.email.trim().toLowerCase(),
    role: input.role,
    operatorId: input.operatorId,
    areaIds: input.areaIds ? [...input.areaIds] : null,
    invitedBy: input.invitedBy,
    createdAt: input.now,
    expiresAt,
  });
  return { invitation, link: `${origin}${PAGES.consoleInvitation.path({ token })}`, expiresAt };
}

/**
 * Mails an invitation's link to the invitee. A mail that cannot be queued is logged and answered
 * as false, never thrown: the invitation is already written, and its link is shown to the inviter
 * (or printed) to be passed on by hand.
 */
export async function mailInvitation(
  ctx: {
    db: Db | Transaction;
    mail: Pick<Mailer, 'send'>;
    config: Pick<Config, 'brand'>;
    log: { error(details: object, message: string): void };
  },
  v: {
    to: string;
    language: Language;
    inviterName: string | null;
    role: StaffRole;
    operatorId: number | null;
    link: string;
  },
): Promise<boolean> {
  try {
    const operator = v.operatorId === null ? undefined : await findOperatorById(ctx.db, v.operatorId);
    await ctx.mail.send({
      to: v.to,
      ...staffInvitationMail(
        v.language,
        {
          inviterName: v.inviterName,
          role: v.role,
          operatorName: operator?.name ?? null,
          link: v.link,
          validHours: INVITATION_HOURS,
        },
        ctx.config.brand,
      ),
    });
    return true;
  } catch (error) {
    ctx.log.error({ err: error, to: v.to }, 'the invitation mail could not be sent');
    return false;
  }
}

/** An invitation still to be accepted; an unknown, used or expired one is refused, each clearly. */
async function requireOpenInvitation(ctx: ServiceContext, token: string) {
  const found = await findInvitationByTokenHash(ctx.db, hashToken(token));
  if (!found) throw new AppError('TOKEN_INVALID', 404);
  if (found.invitation.usedAt) throw new AppError('INVITATION_USED', 410);
  if (found.invitation.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new AppError('INVITATION_EXPIRED', 410);
  }
  return found;
}

export async function lookUpInvitation(ctx: ServiceContext, token: string) {
  const { invitation, operatorName } = await requireOpenInvitation(ctx, token);
  return {
    email: invitation.email,
    role: invitation.role as StaffRole,
    operator_name: operatorName,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/**
 * Creates the staff account of an invitation with its grant, once. Someone who already has a
 * staff account (invited by a second operator) gets the grant after proving it is theirs with
 * its password.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: z.output<typeof consoleInvitationAccept.input>,
) {
  const { invitation } = await requireOpenInvitation(ctx, input.token);
  const existing = await findStaffByEmail(ctx.db, invitation.email);
  if (existing && !(await verifyPassword(existing.passwordHash, input.password))) {
    throw new AppError('STAFF_EMAIL_TAKEN', 409);
  }
  const passwordHash = existing ? existing.passwordHash : await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // Two tabs accepting at once: only one marks it used, the other is told it was.
    if (!(await useInvitation(tx, invitation.id, now))) throw new AppError('INVITATION_USED', 410);
    const account =
      existing ??
      (await insertStaffAccount(tx, {
        email: invitation.email,
        passwordHash,
        name: input.name,
        language: ctx.lang,
        createdAt: now,
      }));
    const grant = await insertGrant(tx, {
      staffId: account.id,
      role: invitation.role,
      operatorId: invitation.operatorId,
      areaIds: invitation.areaIds,
      createdAt: now,
    });
    await recordAudit(tx, {
      staffId: account.id,
      role: invitation.role,
      operatorId: invitation.operatorId,
      action: 'invitation.accept',
      targetType: 'staff_grant',
      targetId: grant.id,
      changes: { role: [null, invitation.role], area_ids: [null, invitation.areaIds] },
      ip: ctx.ip ?? null,
    });
  });
  return { email: invitation.email };
}
