import type { consoleOperatorCommission } from '@sentiero/contract/console-figures';
import { calendarDateIn } from '@sentiero/contract/durations';
import { type CommissionRate, mayStartIn, rateInForce } from '@sentiero/contract/rules/commission-rates';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { MEMBER_TIME_ZONE } from '../../platform/format.ts';
import { findCommissionRates, lockOperator, upsertCommissionRate } from './statement-repo.ts';

export const toCommissionRates = (rates: CommissionRate[]) =>
  rates.map((rate) => ({ from_month: rate.from, commission_bps: rate.basisPoints }));

/**
 * An admin sets Sentiero's commission on an operator (`operators.manage`) from a month on — this
 * month or a later one, so no statement already made changes (ADR 042) — audited in the same
 * transaction as `operator.commission` with the rate that month had before and the new one.
 */
export async function setOperatorCommission(
  ctx: ServiceContext,
  input: z.output<typeof consoleOperatorCommission.input>,
): Promise<z.input<typeof consoleOperatorCommission.output>> {
  const staff = requireStaffAccess(ctx, 'operators.manage');
  const currentMonth = calendarDateIn(MEMBER_TIME_ZONE, ctx.clock.now()).slice(0, 7);
  if (!mayStartIn(input.from_month, currentMonth)) {
    throw new AppError('VALIDATION_FAILED', 400, { from_month: 'monthGoneBy' });
  }
  const rates = await ctx.db.transaction(async (tx) => {
    const operator = await lockOperator(tx, input.operator_id);
    if (!operator) throw new AppError('NOT_FOUND', 404);
    const before = await findCommissionRates(tx, operator.id);
    const same = before.find((rate) => rate.from === input.from_month);
    if (same?.basisPoints === input.commission_bps) return before;
    await upsertCommissionRate(tx, {
      operatorId: operator.id,
      month: input.from_month,
      basisPoints: input.commission_bps,
      staffId: staff.staffId,
      now: ctx.clock.now(),
    });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: operator.id,
      action: 'operator.commission',
      targetType: 'operator',
      targetId: operator.id,
      changes: {
        from_month: [same ? input.from_month : null, input.from_month],
        commission_bps: [rateInForce(before, input.from_month) ?? null, input.commission_bps],
      },
    });
    return findCommissionRates(tx, operator.id);
  });
  return { operator_id: input.operator_id, commission_rates: toCommissionRates(rates) };
}
