import {
  type consoleDayCancel,
  type consoleDayCancellationPreview,
  DAY_CANCELLATION_LAPSE_HOURS,
  type DayCancellationProgress,
} from '@sentiero/contract/day-cancellations';
import { calendarDateIn } from '@sentiero/contract/durations';
import { findWeatherWarnings } from '@sentiero/contract/rules/weather-warnings';
import type { z } from 'zod';
import { requireStaffAccess } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  closeTicketDays,
  countDayOrders,
  type DayCancellationRow,
  findAreaDayWeather,
  findAreaSubject,
  findDayCancellation,
  findDayCancellationOf,
  findTicketSubject,
  insertDayCancellation,
  lockAreaDayCancellations,
  summarizeDay,
} from './day-cancellations-repo.ts';

/*
 * Issue 25 item 6 (ADR 049): the console's side of a cancelled day. The operator sees the stored
 * forecast and what the day holds, cancels it with a reason (the day closes for sale and the audit
 * log keeps who and why, in one transaction), and follows the run's progress.
 */

type Subject = { ticket_id?: number | undefined; area_id?: number | undefined; date: string };

/**
 * The ticket or area a console call is about, within the staff member's scope: without the
 * permission anywhere, the access rule's refusal; outside their operator or areas, 404.
 */
async function requireSubject(ctx: ServiceContext, input: Subject) {
  requireStaffAccess(ctx, 'days.cancel');
  if ((input.ticket_id === undefined) === (input.area_id === undefined))
    throw new AppError('VALIDATION_FAILED', 400, { ticket_id: 'field.required' });
  const found =
    input.ticket_id !== undefined
      ? await findTicketSubject(ctx.db, ctx.lang, input.ticket_id)
      : await findAreaSubject(ctx.db, ctx.lang, input.area_id ?? 0);
  if (!found) throw new AppError('NOT_FOUND', 404);
  let staff: ReturnType<typeof requireStaffAccess>;
  try {
    staff = requireStaffAccess(ctx, 'days.cancel', { operatorId: found.operatorId, areaId: found.areaId });
  } catch (error) {
    if (error instanceof AppError && error.status === 403) throw new AppError('NOT_FOUND', 404);
    throw error;
  }
  return { ...found, staff };
}

export async function describeDayCancellation(
  db: ServiceContext['db'],
  cancellation: DayCancellationRow,
): Promise<DayCancellationProgress> {
  const counts = await countDayOrders(db, cancellation.id);
  const of = (state: string) => counts.find((row) => row.state === state)?.count ?? 0;
  return {
    id: cancellation.id,
    day: cancellation.day,
    reason: cancellation.reason,
    state: cancellation.state,
    created_at: cancellation.createdAt.toISOString(),
    lapse_at: cancellation.lapseAt.toISOString(),
    orders: counts.reduce((sum, row) => sum + row.count, 0),
    told: counts.reduce((sum, row) => sum + row.told, 0),
    refunded: of('refunded'),
    moved: of('moved'),
    failed: of('failed'),
    refunded_cents: counts.reduce((sum, row) => sum + row.refundedCents, 0),
  };
}

export async function previewDayCancellation(
  ctx: ServiceContext,
  input: z.output<typeof consoleDayCancellationPreview.input>,
) {
  const subject = await requireSubject(ctx, input);
  const [weather, summary, existing] = await Promise.all([
    findAreaDayWeather(ctx.db, subject.areaId, input.date),
    summarizeDay(ctx.db, subject.ticketIds, input.date),
    findDayCancellationOf(ctx.db, subject.ticketIds, input.date),
  ]);
  return {
    area_id: subject.areaId,
    area_name: subject.areaName,
    date: input.date,
    forecast: weather
      ? {
          warnings: findWeatherWarnings({
            weather_code: weather.weatherCode,
            rain_mm: weather.rainMm,
            temp_min: weather.tempMin,
            gust_kmh: weather.gustKmh,
          }),
          rain_mm: weather.rainMm,
          temp_min: weather.tempMin,
          gust_kmh: weather.gustKmh,
          weather_code: weather.weatherCode,
        }
      : null,
    orders: summary.orders,
    guests: summary.guests,
    paid_cents: summary.paidCents,
    existing: existing ? await describeDayCancellation(ctx.db, existing) : null,
  };
}

/**
 * Cancels the day: writes the cancellation, closes the day of each of its tickets for sale and
 * audits the operator's action in one transaction, then queues its run (`runDayCancellation`);
 * the lapse's schedule refunds the undecided after 48 hours. A day already cancelled for one of the tickets is a 409.
 */
export async function startDayCancellation(
  ctx: ServiceContext,
  queueRun: (cancellationId: number) => Promise<void>,
  input: z.output<typeof consoleDayCancel.input>,
) {
  const subject = await requireSubject(ctx, input);
  const now = ctx.clock.now();
  if (input.date < calendarDateIn(subject.timeZone, now))
    throw new AppError('VALIDATION_FAILED', 400, { date: 'dayInPast' });
  if (subject.ticketIds.length === 0) throw new AppError('NOT_FOUND', 404);
  const lapseAt = new Date(now.getTime() + DAY_CANCELLATION_LAPSE_HOURS * 3_600_000);
  const cancellation = await ctx.db.transaction(async (tx) => {
    // One cancellation of a ticket's day: two operators clicking at once wait for each other here.
    await lockAreaDayCancellations(tx, subject.areaId);
    if (await findDayCancellationOf(tx, subject.ticketIds, input.date))
      throw new AppError('DAY_ALREADY_CANCELLED', 409);
    const written = await insertDayCancellation(tx, {
      operatorId: subject.operatorId,
      areaId: subject.areaId,
      ticketId: input.ticket_id ?? null,
      ticketIds: subject.ticketIds,
      day: input.date,
      reason: input.reason,
      lapseAt,
      createdByStaffId: subject.staff.staffId,
      createdAt: now,
    });
    await closeTicketDays(tx, subject.ticketIds, input.date, {
      reason: input.reason,
      staffId: subject.staff.staffId,
      now,
    });
    await auditStaffChange(tx, ctx, subject.staff, {
      operatorId: subject.operatorId,
      action: 'day.cancel',
      targetType: input.ticket_id !== undefined ? 'ticket' : 'area',
      targetId: input.ticket_id ?? subject.areaId,
      changes: { [input.date]: [null, { cancelled: true, tickets: subject.ticketIds.length }] },
      reason: input.reason,
    });
    return written;
  });
  await queueRun(cancellation.id);
  return describeDayCancellation(ctx.db, cancellation);
}

export async function getDayCancellationProgress(ctx: ServiceContext, id: number) {
  requireStaffAccess(ctx, 'days.cancel');
  const cancellation = await findDayCancellation(ctx.db, id);
  if (!cancellation) throw new AppError('NOT_FOUND', 404);
  try {
    requireStaffAccess(ctx, 'days.cancel', {
      operatorId: cancellation.operatorId,
      areaId: cancellation.areaId,
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 403) throw new AppError('NOT_FOUND', 404);
    throw error;
  }
  return describeDayCancellation(ctx.db, cancellation);
}
