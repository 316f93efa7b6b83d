import type { ServiceContext } from './context.ts';
import { AppError } from './errors.ts';
import type { StaffSession } from './staff-sessions.ts';

/** How recent a proof a team change asks for. */
export const TEAM_CHANGE_REAUTH_MINUTES = 10;
/** How recent a proof a refund above `REFUND_REAUTH_CENTS` asks for. */
export const REFUND_REAUTH_MINUTES = 10;

/**
 * The staff member proved who they are (password or a fresh code, or the login's own code) in the
 * last `minutes`; else 403 `REAUTHENTICATION_REQUIRED`, on which the console asks for the
 * password and sends `/console/reauthenticate` before trying again. For changes that a session
 * left open on a shared computer must not be enough for (ADR 028).
 */
export function requireRecentReauthentication(
  ctx: Pick<ServiceContext, 'staff' | 'clock'>,
  minutes: number,
): StaffSession {
  const staff = ctx.staff;
  if (!staff || staff.twoFactorAt === null) throw new AppError('UNAUTHENTICATED', 401);
  const at = staff.reauthenticatedAt?.getTime();
  if (at === undefined || ctx.clock.now().getTime() - at > minutes * 60_000) {
    throw new AppError('REAUTHENTICATION_REQUIRED', 403);
  }
  return staff;
}

/** A refund above the configured amount (`REFUND_REAUTH_CENTS`) asks for a recent proof too. */
export function requireReauthenticationForRefund(
  ctx: Pick<ServiceContext, 'staff' | 'clock' | 'config'>,
  amountCents: number,
): void {
  if (amountCents > ctx.config.refundReauthCents) requireRecentReauthentication(ctx, REFUND_REAUTH_MINUTES);
}
