import type { NewsletterState } from '@sentiero/contract/accounts';
import { DEFAULT_LANGUAGE } from '@sentiero/contract/languages';
import type { contactUs } from '@sentiero/contract/newsletter';
import { PAGES } from '@sentiero/contract/pages';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { countHit } from '../../platform/rate-limits-repo.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import { findMemberContact } from '../../repos/members.ts';
import { contactOperatorMail, contactReceiptMail } from './contact-mails.ts';
import { newsletterConfirmMail } from './mails.ts';
import {
  confirmSubscription,
  findNewsletterStatus,
  findSubscription,
  insertContactMessage,
  linkSubscription,
  unsubscribeByEmail,
  unsubscribeByToken,
  upsertPendingSubscription,
} from './repo.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Confirmation mails per address per hour: a typo'd or hostile address cannot be flooded. */
const CONFIRMATION_MAILS_PER_HOUR = 3;
const CONTACT_MESSAGES_PER_HOUR = 5;
/** A confirmation link older than a week proves little about today's consent. */
const CONFIRM_LINK_DAYS = 7;

/** The state a member's profile shows, whether they subscribed as a member or as a visitor. */
export async function getMemberNewsletter(
  ctx: ServiceContext,
  member: { id: number; email: string | null },
): Promise<NewsletterState> {
  const status = await findNewsletterStatus(ctx.db, member.id, member.email);
  return status === 'confirmed' ? 'subscribed' : status === 'pending' ? 'pending' : 'unsubscribed';
}

/**
 * Double opt-in: nothing is sent to the address but the confirmation mail until its link is
 * opened. An address already confirmed stays confirmed.
 */
export async function requestSubscription(
  ctx: ServiceContext,
  email: string,
  userId: number | null,
): Promise<NewsletterState> {
  const existing = await findSubscription(ctx.db, email);
  if (existing?.status === 'confirmed') {
    if (userId !== null) await linkSubscription(ctx.db, email, userId);
    return 'subscribed';
  }
  const now = ctx.clock.now();
  const { hits } = await countHit(ctx.db, `newsletter:${email}`, HOUR_MS, now);
  if (hits > CONFIRMATION_MAILS_PER_HOUR) throw new AppError('RATE_LIMITED', 429);
  const confirmToken = newToken();
  await upsertPendingSubscription(ctx.db, {
    email,
    userId,
    language: ctx.lang,
    confirmTokenHash: hashToken(confirmToken),
    unsubscribeToken: existing?.unsubscribeToken ?? newToken(),
    now,
  });
  await ctx.mail.send({
    to: email,
    ...newsletterConfirmMail(
      ctx.lang,
      { confirmUrl: `${ctx.origin}${PAGES.newsletterConfirm.path({ token: confirmToken })}` },
      ctx.config.brand,
    ),
  });
  return 'pending';
}

/** Members switch their own address on and off; visitors subscribe and leave by the mailed link. */
export async function setNewsletter(
  ctx: ServiceContext,
  subscribed: boolean,
  visitorEmail: string | undefined,
) {
  const member = ctx.user ? await findMemberContact(ctx.db, ctx.user.id) : undefined;
  const email = member?.email ?? (member ? undefined : visitorEmail);
  if (!email) {
    // Leaving needs an address: a visitor who gives none is asked to log in.
    if (!member && !subscribed) await requireAccess(ctx, 'member');
    throw new AppError('VALIDATION_FAILED', 400, { email: 'emailRequired' });
  }
  if (subscribed) return { newsletter: await requestSubscription(ctx, email, member?.id ?? null) };
  await unsubscribeByEmail(ctx.db, email, ctx.clock.now());
  return { newsletter: 'unsubscribed' as const };
}

export async function confirmNewsletter(ctx: ServiceContext, token: string) {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - CONFIRM_LINK_DAYS * 24 * HOUR_MS);
  const confirmed = await confirmSubscription(ctx.db, hashToken(token), now, since);
  if (!confirmed) throw new AppError('TOKEN_INVALID', 400);
  return { newsletter: 'subscribed' as const };
}

export async function unsubscribeNewsletter(ctx: ServiceContext, token: string) {
  const row = await unsubscribeByToken(ctx.db, token, ctx.clock.now());
  if (!row) throw new AppError('TOKEN_INVALID', 400);
  return { newsletter: 'unsubscribed' as const };
}

export async function sendContactMessage(ctx: ServiceContext, input: z.output<typeof contactUs.input>) {
  const now = ctx.clock.now();
  const { hits } = await countHit(ctx.db, `contact:${input.email}`, HOUR_MS, now);
  if (hits > CONTACT_MESSAGES_PER_HOUR) throw new AppError('RATE_LIMITED', 429);
  await insertContactMessage(ctx.db, {
    fullName: input.full_name,
    email: input.email,
    message: input.message,
    language: ctx.lang,
    userId: ctx.user?.id ?? null,
    createdAt: now,
  });
  const brand = ctx.config.brand;
  await ctx.mail.send({
    to: ctx.config.mail.operator,
    ...contactOperatorMail(
      DEFAULT_LANGUAGE,
      { fullName: input.full_name, email: input.email, message: input.message, language: ctx.lang },
      brand,
    ),
    headers: { 'Reply-To': input.email },
  });
  await ctx.mail.send({
    to: input.email,
    ...contactReceiptMail(ctx.lang, { fullName: input.full_name, message: input.message }, brand),
  });
  return { ok: true as const };
}
