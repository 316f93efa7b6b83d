import { type consoleOperators, OPERATORS_PAGE_SIZE } from '@sentiero/contract/console-operators';
import { calendarDateIn } from '@sentiero/contract/durations';
import { pageCount } from '@sentiero/contract/paging';
import { rateInForce } from '@sentiero/contract/rules/commission-rates';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { MEMBER_TIME_ZONE } from '../../platform/format.ts';
import {
  countOperatorAreas,
  findOpenOwnerInvitations,
  findOperatorAreaList,
  findOperatorCommissionRates,
  findOperatorPage,
  findOwners,
  type OperatorRow,
} from './operators-repo.ts';
import { findOperatorById } from './repo.ts';

/*
 * The operators, for Sentiero's admins (`operators.manage`): how many areas each owns and who
 * owns it, or whom an approved application invited to.
 */

async function ownersOf(ctx: ServiceContext, operatorIds: number[]) {
  const [owners, invitations] = await Promise.all([
    findOwners(ctx.db, operatorIds),
    findOpenOwnerInvitations(ctx.db, operatorIds, ctx.clock.now()),
  ]);
  return (operatorId: number) => ({
    owners: owners
      .filter((owner) => owner.operatorId === operatorId)
      .map(({ name, email }) => ({ name, email })),
    owner_invitations: invitations
      .filter((invitation) => invitation.operatorId === operatorId)
      .map((invitation) => ({ email: invitation.email, expires_at: invitation.expiresAt.toISOString() })),
  });
}

function summary(operator: OperatorRow, areas: number) {
  return {
    id: operator.id,
    slug: operator.slug,
    name: operator.name,
    kind: operator.kind,
    vat_number: operator.vatNumber,
    contact_email: operator.contactEmail,
    areas,
    created_at: operator.createdAt.toISOString(),
  };
}

export async function listOperators(ctx: ServiceContext, input: z.output<typeof consoleOperators.input>) {
  requireStaffAccess(ctx, 'operators.manage');
  const { rows, total } = await findOperatorPage(ctx.db, input.q, {
    limit: OPERATORS_PAGE_SIZE,
    offset: (input.page - 1) * OPERATORS_PAGE_SIZE,
  });
  const people = await ownersOf(
    ctx,
    rows.map((row) => row.operator.id),
  );
  return {
    operators: rows.map((row) => ({ ...summary(row.operator, row.areas), ...people(row.operator.id) })),
    page: input.page,
    pages: pageCount(total, OPERATORS_PAGE_SIZE),
    total,
  };
}

export async function readOperator(ctx: ServiceContext, id: number) {
  requireStaffAccess(ctx, 'operators.manage');
  const operator = await findOperatorById(ctx.db, id);
  if (!operator) throw new AppError('NOT_FOUND', 404);
  const [areaCount, areaList, people, rates] = await Promise.all([
    countOperatorAreas(ctx.db, id),
    findOperatorAreaList(ctx.db, id, ctx.lang),
    ownersOf(ctx, [id]),
    findOperatorCommissionRates(ctx.db, id),
  ]);
  const thisMonth = calendarDateIn(MEMBER_TIME_ZONE, ctx.clock.now()).slice(0, 7);
  return {
    ...summary(operator, areaCount),
    ...people(id),
    // The rate in force this month; the statements show each month's (ADR 042).
    commission_basis_points: rateInForce(rates, thisMonth) ?? 0,
    area_list: areaList,
  };
}
