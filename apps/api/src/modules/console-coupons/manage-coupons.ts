import type {
  consoleCouponActive,
  consoleCouponCreate,
  consoleCouponUpdate,
} from '@sentiero/contract/console-coupons';
import type { AuditChanges } from '@sentiero/db/schema';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type CouponRow,
  type CouponValues,
  countCategories,
  findAreaOperators,
  findCouponInScope,
  findTicketOperators,
  insertCoupon,
  operatorExists,
  updateCoupon,
} from './coupons-repo.ts';
import { couponView } from './list-coupons.ts';

type CouponFields = Omit<z.output<typeof consoleCouponUpdate.input>, 'id' | 'lng'>;

const outsideScope = () => new AppError('COUPON_OUTSIDE_SCOPE', 403);

/**
 * What a coupon may reach (ADR 038). Sentiero's own (no operator): an admin's, anything that
 * exists, the whole catalogue included. An operator's: some of its tickets or areas, each within
 * the staff member's grant (an area-narrowed manager, only their areas) — never the whole
 * catalogue, nor a category alone, which would reach other operators' tickets.
 */
async function requireReachableTargets(
  ctx: ServiceContext,
  operatorId: number | null,
  fields: CouponFields,
): Promise<void> {
  const areaIds = fields.area_ids ?? [];
  const ticketIds = fields.ticket_ids ?? [];
  const categoryIds = fields.category_ids ?? [];
  const [areaRows, ticketRows, categoryCount] = await Promise.all([
    findAreaOperators(ctx.db, areaIds),
    findTicketOperators(ctx.db, ticketIds),
    countCategories(ctx.db, categoryIds),
  ]);
  const fields400: Record<string, string> = {};
  if (areaRows.length !== areaIds.length) fields400.area_ids = 'invalid';
  if (ticketRows.length !== ticketIds.length) fields400.ticket_ids = 'invalid';
  if (categoryCount !== categoryIds.length) fields400.category_ids = 'invalid';
  if (operatorId !== null && areaIds.length === 0 && ticketIds.length === 0) {
    fields400.area_ids = 'couponTargetRequired';
  }
  if (Object.keys(fields400).length > 0) throw new AppError('VALIDATION_FAILED', 400, fields400);
  if (operatorId === null) return;
  for (const target of [...areaRows, ...ticketRows]) {
    const resource = { operatorId: target.operatorId, areaId: target.areaId };
    if (target.operatorId !== operatorId) throw outsideScope();
    try {
      requireStaffAccess(ctx, 'coupons.manage', resource);
    } catch {
      throw outsideScope();
    }
  }
}

function valuesOf(fields: CouponFields): Omit<CouponValues, 'code' | 'operatorId'> {
  return {
    kind: fields.kind,
    amount: fields.amount,
    ticketIds: fields.ticket_ids,
    areaIds: fields.area_ids,
    categoryIds: fields.category_ids,
    validFrom: fields.valid_from ? new Date(fields.valid_from) : null,
    validUntil: fields.valid_until ? new Date(fields.valid_until) : null,
    maxUses: fields.max_uses,
    maxUsesPerPerson: fields.max_uses_per_person,
    membersOnly: fields.members_only,
  };
}

/** The audit line's fields: each one that changed, before and after, as JSON shows it. */
function changesOf(before: CouponRow | null, after: CouponRow): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof CouponRow)[]) {
    if (key === 'createdAt' || key === 'id') continue;
    const was = before ? JSON.stringify(before[key] ?? null) : 'null';
    const now = JSON.stringify(after[key] ?? null);
    if (was !== now) changes[key] = [before ? (before[key] ?? null) : null, after[key] ?? null];
  }
  return changes;
}

export async function createCoupon(ctx: ServiceContext, input: z.output<typeof consoleCouponCreate.input>) {
  const staff = requireStaffAccess(ctx, 'coupons.manage');
  const operatorId = input.operator_id;
  if (operatorId === null) {
    // A coupon of Sentiero's own may reach the whole catalogue: only who holds the permission everywhere.
    if (!staffListScope(ctx, 'coupons.manage').everywhere) throw outsideScope();
  } else {
    // A grant narrowed to areas holds no operator as a whole: its targets are checked area by area below.
    const scope = staffListScope(ctx, 'coupons.manage');
    const narrowed = !scope.everywhere && scope.areaIds.length > 0;
    try {
      requireStaffAccess(ctx, 'coupons.manage', { operatorId });
    } catch {
      if (!narrowed) throw outsideScope();
    }
    if (!(await operatorExists(ctx.db, operatorId))) throw outsideScope();
  }
  await requireReachableTargets(ctx, operatorId, input);
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertCoupon(tx, { ...valuesOf(input), code: input.code, operatorId });
    if (!row) return null;
    await auditStaffChange(tx, ctx, staff, {
      operatorId,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: row.code,
      changes: changesOf(null, row),
    });
    return row;
  });
  if (!created) throw new AppError('COUPON_CODE_TAKEN', 409, { code: 'couponCodeTaken' });
  return { coupon: await couponView(ctx, created.id) };
}

/** Changes what a coupon gives and where; its code (which orders name) and its operator stay. */
export async function updateCouponAsStaff(
  ctx: ServiceContext,
  input: z.output<typeof consoleCouponUpdate.input>,
) {
  const staff = requireStaffAccess(ctx, 'coupons.manage');
  const scope = staffListScope(ctx, 'coupons.manage');
  const unsafeCoupon = await findCouponInScope(ctx.db, scope, input.id);
  if (!unsafeCoupon) throw notFound();
  await requireReachableTargets(ctx, unsafeCoupon.operatorId, input);
  await ctx.db.transaction(async (tx) => {
    const before = await findCouponInScope(tx, scope, input.id, { lock: true });
    if (!before) throw notFound();
    const after = await updateCoupon(tx, before.id, valuesOf(input));
    await auditStaffChange(tx, ctx, staff, {
      operatorId: before.operatorId,
      action: 'coupon.update',
      targetType: 'coupon',
      targetId: before.code,
      changes: changesOf(before, after),
    });
  });
  return { coupon: await couponView(ctx, input.id) };
}

/** Deactivated, checkout refuses the code from the next order on; activated, it applies again. */
export async function setCouponActive(
  ctx: ServiceContext,
  input: z.output<typeof consoleCouponActive.input>,
) {
  const staff = requireStaffAccess(ctx, 'coupons.manage');
  const scope = staffListScope(ctx, 'coupons.manage');
  await ctx.db.transaction(async (tx) => {
    const before = await findCouponInScope(tx, scope, input.id, { lock: true });
    if (!before) throw notFound();
    if (before.active === input.active) return;
    const after = await updateCoupon(tx, before.id, { active: input.active });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: before.operatorId,
      action: input.active ? 'coupon.activate' : 'coupon.deactivate',
      targetType: 'coupon',
      targetId: before.code,
      changes: changesOf(before, after),
    });
  });
  return { coupon: await couponView(ctx, input.id) };
}
