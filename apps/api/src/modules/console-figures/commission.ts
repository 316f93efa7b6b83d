import type { consoleOperatorCommission } from '@sentiero/contract/console-figures';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { lockOperator, updateOperatorCommission } from './statement-repo.ts';

/**
 * An admin sets Sentiero's commission on an operator (`operators.manage`), audited in the same
 * transaction as `operator.commission` with the before and after. Statements read the rate when
 * they are made: a change applies to every month shown after it.
 */
export async function setOperatorCommission(
  ctx: ServiceContext,
  input: z.output<typeof consoleOperatorCommission.input>,
): Promise<{ operator_id: number; commission_bps: number }> {
  const staff = requireStaffAccess(ctx, 'operators.manage');
  await ctx.db.transaction(async (tx) => {
    const operator = await lockOperator(tx, input.operator_id);
    if (!operator) throw new AppError('NOT_FOUND', 404);
    if (operator.commissionBasisPoints === input.commission_bps) return;
    await updateOperatorCommission(tx, operator.id, input.commission_bps);
    await auditStaffChange(tx, ctx, staff, {
      operatorId: operator.id,
      action: 'operator.commission',
      targetType: 'operator',
      targetId: operator.id,
      changes: { commission_bps: [operator.commissionBasisPoints, input.commission_bps] },
    });
  });
  return { operator_id: input.operator_id, commission_bps: input.commission_bps };
}
