import {
  COUPON_PAGE_SIZE,
  type ConsoleCoupon,
  type consoleCouponChoices,
  type consoleCoupons,
} from '@sentiero/contract/console-coupons';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  type CouponRow,
  findAreasWithTickets,
  findCategories,
  findCouponPage,
  findCouponView,
  findOperatorIdsOfAreas,
  findOperators,
} from './coupons-repo.ts';

function toConsoleCoupon(row: {
  coupon: CouponRow;
  operatorName: string | null;
  uses: number;
}): ConsoleCoupon {
  const { coupon } = row;
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    amount: coupon.amount,
    ticket_ids: coupon.ticketIds,
    area_ids: coupon.areaIds,
    category_ids: coupon.categoryIds,
    valid_from: coupon.validFrom?.toISOString() ?? null,
    valid_until: coupon.validUntil?.toISOString() ?? null,
    max_uses: coupon.maxUses,
    max_uses_per_person: coupon.maxUsesPerPerson,
    members_only: coupon.membersOnly,
    active: coupon.active,
    operator: coupon.operatorId === null ? null : { id: coupon.operatorId, name: row.operatorName ?? '' },
    uses: Number(row.uses),
    created_at: coupon.createdAt.toISOString(),
  };
}

/** A coupon just written, as the console shows it. */
export async function couponView(ctx: ServiceContext, id: number): Promise<ConsoleCoupon> {
  const row = await findCouponView(ctx.db, id);
  if (!row) throw notFound();
  return toConsoleCoupon(row);
}

/** The coupons the staff member manages (`coupons.manage`'s scope, applied in the query), newest first. */
export async function listCoupons(ctx: ServiceContext, input: z.output<typeof consoleCoupons.input>) {
  requireStaffAccess(ctx, 'coupons.manage');
  const { rows, total } = await findCouponPage(
    ctx.db,
    staffListScope(ctx, 'coupons.manage'),
    { code: input.code || undefined, state: input.state, operator: input.operator },
    { limit: COUPON_PAGE_SIZE, offset: (input.page - 1) * COUPON_PAGE_SIZE },
  );
  return {
    coupons: rows.map(toConsoleCoupon),
    page: input.page,
    pages: pageCount(total, COUPON_PAGE_SIZE),
    total,
  };
}

/**
 * What the coupon form offers: the operators the staff member makes coupons for, whether they
 * may make Sentiero's own, and the chosen operator's areas and tickets within their grant (the
 * first operator when none is named; none for an admin, who starts with Sentiero's own).
 */
export async function couponChoices(ctx: ServiceContext, input: z.output<typeof consoleCouponChoices.input>) {
  requireStaffAccess(ctx, 'coupons.manage');
  const scope = staffListScope(ctx, 'coupons.manage');
  const operators = scope.everywhere
    ? await findOperators(ctx.db, 'all')
    : await findOperators(ctx.db, [
        ...new Set([...scope.operatorIds, ...(await findOperatorIdsOfAreas(ctx.db, scope.areaIds))]),
      ]);
  const chosen =
    input.operator_id !== undefined
      ? operators.find((operator) => operator.id === input.operator_id)
      : scope.everywhere
        ? undefined
        : operators[0];
  if (input.operator_id !== undefined && !chosen) throw notFound();
  const wholeOperator = scope.everywhere || (chosen && scope.operatorIds.includes(chosen.id));
  const areas = chosen
    ? await findAreasWithTickets(ctx.db, chosen.id, wholeOperator ? null : scope.areaIds, ctx.lang)
    : [];
  return {
    operators,
    sentiero: scope.everywhere,
    areas,
    categories: await findCategories(ctx.db, ctx.lang),
  };
}
