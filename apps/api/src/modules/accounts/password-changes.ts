import type { userPasswordReset, userPasswordUpdate } from '@sentiero/contract/accounts';
import { PAGES } from '@sentiero/contract/pages';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { countHit } from '../../platform/rate-limits-repo.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import { passwordRecoveryMail } from './mails.ts';
import { notifyAccountChange } from './notices.ts';
import {
  consumeResetToken,
  findUserByEmail,
  findUserById,
  insertResetToken,
  type UserRow,
  updateUser,
} from './repo.ts';
import { memberRow, type SessionCookies } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Recovery mails per address per hour: enough for a lost mail, too few to flood an inbox. */
const RECOVERY_MAILS_PER_HOUR = 5;
const RESET_LINK_MINUTES = 60;

export async function changePassword(
  ctx: ServiceContext,
  cookies: SessionCookies,
  input: z.output<typeof userPasswordUpdate.input>,
) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  if (!(await verifyPassword(row.passwordHash, input.old_password)))
    throw new AppError('PASSWORDS_ERROR', 400);
  await updateUser(ctx.db, row.id, {
    passwordHash: await hashPassword(input.new_password),
    updatedAt: ctx.clock.now(),
  });
  // SPEC section 4: a password change logs the member out, here and on every other device.
  await cookies.endAll(row.id);
  if (row.email) await notifyAccountChange(ctx, row, row.email, 'passwordChanged');
  return { ok: true as const };
}

export async function sendPasswordRecovery(ctx: ServiceContext, email: string) {
  const { hits } = await countHit(ctx.db, `recovery:${email}`, HOUR_MS, ctx.clock.now());
  if (hits > RECOVERY_MAILS_PER_HOUR) throw new AppError('RATE_LIMITED', 429);
  const row = await findUserByEmail(ctx.db, email);
  // The same answer for unknown addresses: the form must not tell who has an account.
  if (row) await mailPasswordResetLink(ctx, row);
  return { ok: true as const };
}

/**
 * A single-use link to choose a new password, to the account's address. Not rate-limited here:
 * securing an account sends one too, and requests to the recovery form (anyone's) must not be
 * able to hold it back.
 */
export async function mailPasswordResetLink(ctx: ServiceContext, row: UserRow, language = ctx.lang) {
  if (!row.email) return;
  const now = ctx.clock.now();
  const token = newToken();
  await insertResetToken(
    ctx.db,
    row.id,
    hashToken(token),
    now,
    new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
  );
  await ctx.mail.send({
    to: row.email,
    ...passwordRecoveryMail(
      language,
      {
        firstname: row.firstName,
        resetUrl: `${ctx.origin}${PAGES.resetPassword.path({ token })}`,
        validMinutes: RESET_LINK_MINUTES,
      },
      ctx.config.brand,
    ),
  });
}

export async function resetPassword(
  ctx: ServiceContext,
  cookies: SessionCookies,
  input: z.output<typeof userPasswordReset.input>,
) {
  const now = ctx.clock.now();
  const userId = await consumeResetToken(ctx.db, hashToken(input.token), now);
  const row = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!row) throw new AppError('TOKEN_INVALID', 400);
  await updateUser(ctx.db, row.id, { passwordHash: await hashPassword(input.password), updatedAt: now });
  await cookies.endAll(row.id);
  if (row.email) await notifyAccountChange(ctx, row, row.email, 'passwordChanged');
  return { ok: true as const };
}
