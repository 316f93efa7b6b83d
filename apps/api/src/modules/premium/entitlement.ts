import type { ServiceContext } from '../../platform/context.ts';
import { readThrough } from '../../platform/member-cache.ts';
import { isEntitled } from './lifecycle.ts';
import { findLiveEntitlement } from './repo.ts';

/**
 * Sentiero+'s entitlement as other modules ask it: for the member of a request, by their one
 * live membership. The rule itself is `isEntitled` (lifecycle.ts); a module that read the
 * membership with its own rows (the daily alerts) asks that directly.
 */

/** Whether the member has Sentiero+'s benefits now: the user fetch's `is_premium`. */
export async function isPremiumMember(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
): Promise<boolean> {
  // Kept in memory until it changes (member-cache.ts): every premium call and page asks this.
  const row = await readThrough(
    ctx.db,
    `membership:${userId}`,
    async () => (await findLiveEntitlement(ctx.db, userId)) ?? null,
    () => userId,
  );
  return row ? isEntitled(row, ctx.clock.now()) : false;
}

/** `isPremiumMember`, asked at most once and only if needed (a member price, a members-only code). */
export function premiumCheck(ctx: Pick<ServiceContext, 'db' | 'clock'>, userId: number | null) {
  let answer: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    answer ??= userId === null ? Promise.resolve(false) : isPremiumMember(ctx, userId);
    return answer;
  };
}
