import { PAGES } from '@sentiero/contract/pages';
import type { ServiceContext } from '../../platform/context.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import { type AccountChange, accountChangedMail } from './mails.ts';
import { insertAccountToken, type UserRow } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long the "this wasn't me" link of a notice works: long enough for someone back from a
 * week in the mountains without signal, short enough that an old mail is not a key forever.
 */
export const SECURE_LINK_DAYS = 7;

/**
 * Tells `to` (the address the account had when the change was made) about a change of email,
 * password or two-factor login, with a single-use link that secures the account if it was not
 * them (see secure-account.ts). The link is what makes the notice useful: whoever stole a
 * session or a password cannot silence the owner's mailbox.
 */
export async function notifyAccountChange(
  ctx: ServiceContext,
  row: UserRow,
  to: string,
  change: AccountChange,
  /** `at`: when the change was made; the link undoes what was changed from then on. */
  { newEmail = null, at = ctx.clock.now() }: { newEmail?: string | null; at?: Date } = {},
) {
  const now = at;
  const token = newToken();
  await insertAccountToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: row.id,
    purpose: 'secure-account',
    email: to,
    now,
    expiresAt: new Date(now.getTime() + SECURE_LINK_DAYS * DAY_MS),
  });
  await ctx.mail.send({
    to,
    // In the member's language, not the request's: the request may be someone else's.
    ...accountChangedMail(
      row.language,
      {
        firstname: row.firstName,
        change,
        newEmail: newEmail ?? '',
        secureUrl: `${ctx.origin}${PAGES.secureAccount.path({ token })}`,
        validDays: SECURE_LINK_DAYS,
      },
      ctx.config.brand,
    ),
  });
}
