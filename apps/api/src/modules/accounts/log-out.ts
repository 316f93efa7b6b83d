import type { ServiceContext } from '../../platform/context.ts';
import { endAllSessions, endSession } from '../../platform/sessions.ts';
import { forgetMemberDevices, forgetSessionDevices } from '../alerts/index.ts';

/*
 * A session ends with what was turned on through it: the phone's Sentiero+ alerts. A shared,
 * lent or stolen phone that was logged out, or whose sessions the member ended from elsewhere,
 * must not go on showing them.
 */

/** Logging out: this session ends, and the push subscription this session made goes with it. */
export async function logOut(ctx: ServiceContext): Promise<void> {
  if (!ctx.user) return;
  // Before the session: once it is gone, nothing says which device it made.
  await forgetSessionDevices(ctx, ctx.user.tokenHash);
  await endSession(ctx.db, ctx.user.tokenHash);
}

/**
 * Every session of the member ends (log out everywhere, a password changed or reset, an account
 * secured or deleted), and so does every device their alerts go to.
 */
export async function endEverySession(ctx: ServiceContext, userId: number): Promise<void> {
  await forgetMemberDevices(ctx, userId);
  await endAllSessions(ctx.db, userId);
}
