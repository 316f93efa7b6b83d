import type {
  consoleCatalogueTicketDay,
  consoleCatalogueTicketDays,
} from '@sentiero/contract/console-catalogue';
import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import type { z } from 'zod';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { describeTicketDays } from '../tickets/index.ts';
import type { ScopedTicket } from './catalogue-repo.ts';
import { deleteOverride, findOverrideForUpdate, type OverrideRow, saveOverride } from './days-repo.ts';
import { requireTicketInScope } from './ticket-access.ts';

/*
 * A ticket's days in the console (issue 23): what its rules allow, what its operator changed (a
 * closed day, a day's own capacity, each with its reason) and the places taken. The days are
 * judged by the storefront's own rule (`describeTicketDays`), so the console shows what buyers see.
 */

async function daysOf(ctx: ServiceContext, found: ScopedTicket, first: string, days: number, today: string) {
  const { ticket } = found;
  // A draft is judged as if on sale: the operator prepares its days before publishing it.
  const described = await describeTicketDays(ctx, { ...ticket, onSale: true }, first, days, today);
  return described.map((day) => ({
    date: day.date,
    open_by_rules: day.openByRules,
    closed: day.override?.closed ?? false,
    capacity: day.capacity,
    taken: day.taken,
    override: day.override
      ? {
          closed: day.override.closed,
          capacity: day.override.capacity,
          reason: day.override.reason,
          updated_at: day.override.updatedAt.toISOString(),
        }
      : null,
  }));
}

export async function listTicketDays(
  ctx: ServiceContext,
  input: z.output<typeof consoleCatalogueTicketDays.input>,
) {
  const found = await requireTicketInScope(ctx, 'catalogue.read', input.id);
  const today = calendarDateIn(found.timeZone, ctx.clock.now());
  const first = input.from ?? today;
  return { today, days: await daysOf(ctx, found, first, input.days, today) };
}

const overrideOf = (row: OverrideRow | undefined) =>
  row ? { closed: row.closed, capacity: row.capacity } : null;

/**
 * Closes a day, changes its places, or gives it back to the ticket's rules; the reason is
 * required and kept with the override and in the audit log. A day's capacity needs a ticket
 * with a daily capacity: places are counted only for those (ADR 007), so a ticket without one
 * sells without a limit and can only have days closed. Places already sold stay sold.
 */
export async function setTicketDay(
  ctx: ServiceContext,
  input: z.output<typeof consoleCatalogueTicketDay.input>,
) {
  const first = await requireTicketInScope(ctx, 'catalogue.write', input.id);
  const today = calendarDateIn(first.timeZone, ctx.clock.now());
  if (input.date < today) throw new AppError('VALIDATION_FAILED', 400, { date: 'dayInPast' });
  if (input.date > addCalendarDays(today, 800))
    throw new AppError('VALIDATION_FAILED', 400, { date: 'invalidDate' });
  if (input.capacity !== null && first.ticket.dailyCapacity === null) {
    throw new AppError('TICKET_WITHOUT_CAPACITY', 409, { capacity: 'invalid' });
  }
  await ctx.db.transaction(async (tx) => {
    const found = await requireTicketInScope(ctx, 'catalogue.write', input.id, tx);
    const before = await findOverrideForUpdate(tx, input.id, input.date);
    const cleared = !input.closed && input.capacity === null;
    if (cleared) await deleteOverride(tx, input.id, input.date);
    else
      await saveOverride(tx, {
        ticketId: input.id,
        day: input.date,
        closed: input.closed,
        capacity: input.capacity,
        reason: input.reason,
        updatedByStaffId: found.staff.staffId,
        updatedAt: ctx.clock.now(),
      });
    await auditStaffChange(tx, ctx, found.staff, {
      operatorId: found.operatorId,
      action: 'ticket.day',
      targetType: 'ticket',
      targetId: input.id,
      changes: {
        [input.date]: [
          overrideOf(before),
          cleared ? null : { closed: input.closed, capacity: input.capacity },
        ],
      },
      reason: input.reason,
    });
  });
  const [day] = await daysOf(ctx, first, input.date, 1, today);
  if (!day) throw new Error('the day was not described');
  return day;
}
