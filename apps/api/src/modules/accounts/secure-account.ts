import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/sessions.ts';
import { mailPasswordResetLink } from './password-changes.ts';
import { consumeAccountToken, findUserById, lockAccount } from './repo.ts';
import type { SessionCookies } from './service.ts';

/**
 * "This wasn't me", the link of every change notice. What large marketplaces do when an owner
 * reports a takeover: whoever made the change may know the password and hold sessions, so
 * undoing the one change is not enough. Every session and trusted device ends, the email goes
 * back to the address the notice was sent to, a two-factor key set up since is removed (the
 * owner could not pass it), the password and any linked Facebook login stop working, and a link
 * to choose a new one goes to that address: from then on only its mailbox opens the account.
 *
 * Links mailed after this notice die with it, so a taker who moved the account to their own
 * address cannot use the notices they received to move it back; the owner's older link wins.
 */
export async function secureAccount(ctx: ServiceContext, cookies: SessionCookies, token: string) {
  const now = ctx.clock.now();
  const link = await consumeAccountToken(ctx.db, hashToken(token), 'secure-account', now);
  const row = link ? await findUserById(ctx.db, link.userId) : undefined;
  if (!link || !row) throw new AppError('TOKEN_INVALID', 400);
  const locked = await lockAccount(ctx.db, row, { email: link.email, since: link.createdAt, now });
  await cookies.endAll(row.id);
  // In the member's language: whoever opens the link, the mail is for the owner.
  await mailPasswordResetLink(ctx, locked, locked.language);
  return { ok: true as const };
}
