import { storedFiscalCode } from '@sentiero/contract/account-fields';
import type { User, userEditData, userRegister } from '@sentiero/contract/accounts';
import { PAGES } from '@sentiero/contract/pages';
import { PREMIUM_BENEFITS } from '@sentiero/contract/premium';
import type { z } from 'zod';
import { requireAccess, requireAccountRecord } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { readThrough } from '../../platform/member-cache.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { SessionUser } from '../../platform/sessions.ts';
import { eraseMemberAlerts } from '../alerts/index.ts';
import { eraseMemberFindsAndNotebook, listMemberRecordsForExport } from '../finds/index.ts';
import { getMemberNewsletter, requestSubscription } from '../newsletter/index.ts';
import { endMembershipOfDeletedAccount, isPremiumMember } from '../premium/index.ts';
import { leaveEveryWaitlist } from '../waitlist/index.ts';
import { welcomeMail } from './mails.ts';
import { type Proof, requireRecentAuthentication } from './reauthentication.ts';
import {
  anonymiseUser,
  findActivityIds,
  findActivitySlugs,
  findPersonalData,
  findRegionIds,
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from './repo.ts';

/** Sets and clears the session cookie of the request being answered. */
export type SessionCookies = { start(userId: number): Promise<void>; endAll(userId: number): Promise<void> };

/**
 * The member's own row, read after `requireAccess`: an account deleted since its session was read
 * answers like no session.
 */
export function memberRow(ctx: Pick<ServiceContext, 'db'>, member: SessionUser): Promise<UserRow> {
  return requireAccountRecord(findUserById(ctx.db, member.id));
}

/** What the user fetch shows of the account, read together (kept by the member cache). */
type Account = { row: UserRow; newsletter: User['newsletter']; activities: string[] };

async function readAccount(ctx: ServiceContext, row: UserRow): Promise<Account> {
  const [newsletter, activities] = await Promise.all([
    getMemberNewsletter(ctx, row),
    findActivitySlugs(ctx.db, row.preferredActivityIds),
  ]);
  return { row, newsletter, activities };
}

function presentUser({ row, newsletter, activities }: Account, premium: boolean): User {
  return {
    id: row.id,
    firstname: row.firstName,
    lastname: row.lastName,
    email: row.email ?? '',
    phone: row.phone,
    country: row.country,
    fiscal_code: row.fiscalCode,
    language: row.language,
    newsletter,
    preferences: { activities, regions: row.preferredRegionIds },
    two_factor: Boolean(row.totpEnabledAt),
    is_premium: premium,
    created_at: row.createdAt.toISOString(),
  };
}

export async function toUser(ctx: ServiceContext, row: UserRow): Promise<User> {
  const [account, premium] = await Promise.all([readAccount(ctx, row), isPremiumMember(ctx, row.id)]);
  return presentUser(account, premium);
}

/**
 * The member of this session: asked by every page a member opens, so kept in memory until any of
 * it changes (member-cache.ts); Sentiero+ is decided on the clock of this call.
 */
export async function getCurrentUser(ctx: ServiceContext): Promise<{ user: User }> {
  const { id } = await requireAccess(ctx, 'member');
  const [account, premium] = await Promise.all([
    requireAccountRecord(
      readThrough(
        ctx.db,
        `account:${id}`,
        async () => {
          const row = await findUserById(ctx.db, id);
          return row ? readAccount(ctx, row) : undefined;
        },
        () => id,
      ),
    ),
    isPremiumMember(ctx, id),
  ]);
  return { user: presentUser(account, premium) };
}

export type Registration = z.output<typeof userRegister.input>;

export async function registerMember(ctx: ServiceContext, cookies: SessionCookies, input: Registration) {
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  const now = ctx.clock.now();
  let row: UserRow;
  try {
    row = await insertUser(ctx.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstname,
      lastName: input.lastname,
      country: input.country,
      fiscalCode: storedFiscalCode(input.country, input.fiscal_code),
      language: ctx.lang,
      referral: input.referral,
      adultConfirmedAt: now,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await cookies.start(row.id);
  await ctx.mail.send({
    to: input.email,
    ...welcomeMail(
      ctx.lang,
      { firstname: row.firstName, accountUrl: `${ctx.origin}${PAGES.account.path()}` },
      ctx.config.brand,
    ),
  });
  if (input.newsletter) await requestSubscription(ctx, input.email, row.id);
  return { user: await toUser(ctx, row) };
}

export function emailTaken() {
  return new AppError('EMAIL_TAKEN', 409, { email: 'emailTaken' });
}

export async function editResidence(ctx: ServiceContext, changes: z.output<typeof userEditData.input>) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  const updated = await updateUser(ctx.db, row.id, {
    country: changes.country,
    fiscalCode: storedFiscalCode(changes.country, changes.fiscal_code),
    ...(changes.language ? { language: changes.language } : {}),
    updatedAt: ctx.clock.now(),
  });
  return { user: await toUser(ctx, updated) };
}

/** Unknown slugs and ids are dropped rather than refused: a region may have been retired. */
export async function setPreferences(ctx: ServiceContext, activities: string[], regionIds: number[]) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  const updated = await updateUser(ctx.db, row.id, {
    preferredActivityIds: await findActivityIds(ctx.db, [...new Set(activities)]),
    preferredRegionIds: await findRegionIds(ctx.db, [...new Set(regionIds)]),
    updatedAt: ctx.clock.now(),
  });
  return { user: await toUser(ctx, updated) };
}

export async function deleteAccount(ctx: ServiceContext, cookies: SessionCookies, proof: Proof) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  await requireRecentAuthentication(ctx, row, proof);
  await endMembershipOfDeletedAccount(ctx, row.id);
  // The private map, notebook and alerts go first: if erasing them fails, the account is still there to
  // delete again, never an anonymous account with a member's places in it.
  await eraseMemberFindsAndNotebook(ctx, row.id);
  await eraseMemberAlerts(ctx, row.id);
  await leaveEveryWaitlist(ctx, row.id);
  await anonymiseUser(ctx.db, row, ctx.clock.now());
  await cookies.endAll(row.id);
  return { ok: true as const };
}

export async function exportPersonalData(ctx: ServiceContext) {
  const row = await memberRow(ctx, await requireAccess(ctx, 'member'));
  const [related, fieldRecords] = await Promise.all([
    findPersonalData(ctx.db, row),
    listMemberRecordsForExport(ctx, row.id),
  ]);
  return {
    exported_at: ctx.clock.now().toISOString(),
    account: {
      ...(await toUser(ctx, row)),
      referral: row.referral,
      adult_confirmed_at: row.adultConfirmedAt?.toISOString() ?? null,
      terms_accepted_at: row.termsAcceptedAt?.toISOString() ?? null,
      facebook_linked: Boolean(row.facebookId),
      updated_at: row.updatedAt.toISOString(),
    },
    ...related,
    ...fieldRecords,
  };
}

export async function listPermissions(ctx: ServiceContext) {
  const row = ctx.user ? await findUserById(ctx.db, ctx.user.id) : undefined;
  if (!row) return { logged_in: false, is_premium: false, permissions: ['browse' as const] };
  const premium = await isPremiumMember(ctx, row.id);
  return {
    logged_in: true,
    is_premium: premium,
    permissions: [
      'browse' as const,
      'buy' as const,
      'manage_account' as const,
      ...(premium ? (['premium_content', ...PREMIUM_BENEFITS] as const) : []),
    ],
  };
}
