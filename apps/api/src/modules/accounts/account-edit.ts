import { storedFiscalCode } from '@sentiero/contract/account-fields';
import type { userEdit } from '@sentiero/contract/accounts';
import { PAGES } from '@sentiero/contract/pages';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import { emailConfirmMail } from './mails.ts';
import { notifyAccountChange } from './notices.ts';
import { type Proof, requireRecentAuthentication } from './reauthentication.ts';
import {
  consumeAccountToken,
  deleteAccountTokens,
  findUserByEmail,
  findUserById,
  insertAccountToken,
  type UserRow,
  updateUser,
} from './repo.ts';
import { emailTaken, memberRow, toUser } from './service.ts';

/** A day: time to open the mail on another device, short enough that a forgotten link dies. */
export const CONFIRM_EMAIL_HOURS = 24;

export type AccountChanges = z.output<typeof userEdit.input>;

/** Names, phone and residence change at once; a new email only through its confirmation link. */
export async function editAccount(ctx: ServiceContext, changes: AccountChanges) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  const pendingEmail = changes.email !== row.email ? changes.email : null;
  if (pendingEmail) await requestEmailChange(ctx, row, pendingEmail, changes);
  const updated = await updateUser(ctx.db, row.id, {
    firstName: changes.firstname,
    lastName: changes.lastname,
    phone: changes.phone,
    country: changes.country,
    fiscalCode: storedFiscalCode(changes.country, changes.fiscal_code),
    updatedAt: ctx.clock.now(),
  });
  return { user: await toUser(ctx, updated), pending_email: pendingEmail };
}

/**
 * The login email is the key to the account (password recovery mails go there), so a new one
 * needs the password and takes effect only once the new mailbox opens the link sent to it; the
 * current address hears of it at once, with a link to stop it.
 */
async function requestEmailChange(ctx: ServiceContext, row: UserRow, newEmail: string, proof: Proof) {
  await requireRecentAuthentication(ctx, row, proof);
  const owner = await findUserByEmail(ctx.db, newEmail);
  if (owner && owner.id !== row.id) throw emailTaken();
  const now = ctx.clock.now();
  const token = newToken();
  // One pending address at a time: asking again retires the links sent before.
  await deleteAccountTokens(ctx.db, row.id, 'confirm-email');
  await insertAccountToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: row.id,
    purpose: 'confirm-email',
    email: newEmail,
    now,
    expiresAt: new Date(now.getTime() + CONFIRM_EMAIL_HOURS * 60 * 60 * 1000),
  });
  await ctx.mail.send({
    to: newEmail,
    ...emailConfirmMail(
      ctx.lang,
      {
        firstname: row.firstName,
        confirmUrl: `${ctx.origin}${PAGES.confirmEmail.path({ token })}`,
        validHours: CONFIRM_EMAIL_HOURS,
      },
      ctx.config.brand,
    ),
  });
  if (row.email) await notifyAccountChange(ctx, row, row.email, 'emailChangeRequested', { newEmail });
}

/** The link of the confirmation mail: works without a session, since the mailbox is the proof. */
export async function confirmEmailChange(ctx: ServiceContext, token: string) {
  const now = ctx.clock.now();
  const link = await consumeAccountToken(ctx.db, hashToken(token), 'confirm-email', now);
  const row = link ? await findUserById(ctx.db, link.userId) : undefined;
  if (!link || !row) throw new AppError('TOKEN_INVALID', 400);
  const owner = await findUserByEmail(ctx.db, link.email);
  if (owner && owner.id !== row.id) throw emailTaken();
  try {
    await updateUser(ctx.db, row.id, { email: link.email, updatedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await deleteAccountTokens(ctx.db, row.id, 'confirm-email');
  if (row.email && row.email !== link.email) {
    await notifyAccountChange(ctx, row, row.email, 'emailChanged', { newEmail: link.email });
  }
  return { email: link.email };
}
