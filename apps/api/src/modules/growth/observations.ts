import type { StaffRole } from '@sentiero/contract/access';
import {
  type consoleGrowthAreas,
  type consoleGrowthReportCorrect,
  type consoleGrowthReportRecord,
  type consoleGrowthReports,
  GROWTH_AREA_PAGE_SIZE,
  GROWTH_OBSERVATION_MAX_DAYS_BACK,
  GROWTH_OBSERVATION_PAGE_SIZE,
} from '@sentiero/contract/console-growth';
import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import { GROWTH_LEVELS, type GrowthLevel } from '@sentiero/contract/growth';
import { pageCount } from '@sentiero/contract/paging';
import type { Transaction } from '@sentiero/db/client';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { actingRole, auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffSession } from '../../platform/staff-sessions.ts';
import {
  findAreasInScope,
  findObservation,
  findObservationPage,
  findObservedArea,
  insertObservation,
  lockObservation,
  lockStaffObservation,
  type ObservationRow,
  updateObservation,
} from './observations-repo.ts';

/*
 * Staff record what they saw in an area's woods (issue 23, item 4; ADR 040): the official
 * observation that the growth table shows beside the forecast and that anchors it. Staff record
 * only in the areas their `growth.report` grant covers; another operator's area answers 404.
 */

const levelOf = (index: number): GrowthLevel => GROWTH_LEVELS[index] ?? 'poor';

function observationAnswer(
  row: ObservationRow,
  area: { id: number; name: string; timeZone: string },
  staffName: string,
  viewer: { staffId: number; now: Date },
) {
  return {
    id: row.id,
    area: { id: area.id, name: area.name },
    date: row.observedOn,
    level: levelOf(row.level),
    species: row.species,
    note: row.note,
    staff: { id: row.staffId, name: staffName },
    role: row.role as StaffRole,
    recorded_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_correct: row.staffId === viewer.staffId && sameDayIn(area.timeZone, row.createdAt, viewer.now),
  };
}

const sameDayIn = (timeZone: string, a: Date, b: Date) =>
  calendarDateIn(timeZone, a) === calendarDateIn(timeZone, b);

/**
 * The area, if the staff member may record growth in it: 404 for one that does not exist or that
 * their grants do not cover (another operator's, or an area they are not narrowed to), so an
 * operator's staff learn nothing of another's areas.
 */
async function requireAreaInScope(ctx: ServiceContext, areaId: number) {
  requireStaffAccess(ctx, 'growth.report');
  const area = await findObservedArea(ctx.db, areaId, ctx.lang);
  if (!area) throw new AppError('NOT_FOUND', 404);
  try {
    const staff = requireStaffAccess(ctx, 'growth.report', { operatorId: area.operatorId, areaId: area.id });
    return { staff, area };
  } catch {
    throw new AppError('NOT_FOUND', 404);
  }
}

export async function listReportableAreas(
  ctx: ServiceContext,
  input: z.output<typeof consoleGrowthAreas.input>,
) {
  requireStaffAccess(ctx, 'growth.report');
  const { rows, total } = await findAreasInScope(
    ctx.db,
    staffListScope(ctx, 'growth.report'),
    ctx.lang,
    { q: input.q },
    { limit: GROWTH_AREA_PAGE_SIZE, offset: (input.page - 1) * GROWTH_AREA_PAGE_SIZE },
  );
  const now = ctx.clock.now();
  return {
    areas: rows.map((row) => ({
      id: row.id,
      name: row.name,
      operator: row.operator,
      today: calendarDateIn(row.timeZone, now),
    })),
    page: input.page,
    pages: pageCount(total, GROWTH_AREA_PAGE_SIZE),
    total,
  };
}

export async function listObservations(
  ctx: ServiceContext,
  input: z.output<typeof consoleGrowthReports.input>,
) {
  const staff = requireStaffAccess(ctx, 'growth.report');
  if (input.area_id !== undefined) await requireAreaInScope(ctx, input.area_id);
  const { rows, total } = await findObservationPage(
    ctx.db,
    staffListScope(ctx, 'growth.report'),
    ctx.lang,
    { areaId: input.area_id, from: input.from, to: input.to },
    { limit: GROWTH_OBSERVATION_PAGE_SIZE, offset: (input.page - 1) * GROWTH_OBSERVATION_PAGE_SIZE },
  );
  const viewer = { staffId: staff.staffId, now: ctx.clock.now() };
  return {
    observations: rows.map((row) =>
      observationAnswer(
        row.observation,
        { id: row.observation.areaId, name: row.areaName, timeZone: row.areaTimeZone },
        row.staffName,
        viewer,
      ),
    ),
    page: input.page,
    pages: pageCount(total, GROWTH_OBSERVATION_PAGE_SIZE),
    total,
  };
}

/** A day the staff member may record: in the area's calendar, today or up to 13 days back. */
function requireRecordableDay(day: string, today: string): void {
  if (day > today) throw new AppError('GROWTH_DAY_AHEAD', 400, { date: 'field.invalidDate' });
  if (day < addCalendarDays(today, -GROWTH_OBSERVATION_MAX_DAYS_BACK)) {
    throw new AppError('GROWTH_DAY_TOO_OLD', 400, { date: 'field.invalidDate' });
  }
}

export async function recordObservation(
  ctx: ServiceContext,
  input: z.output<typeof consoleGrowthReportRecord.input>,
) {
  const { staff, area } = await requireAreaInScope(ctx, input.area_id);
  const now = ctx.clock.now();
  const today = calendarDateIn(area.timeZone, now);
  const day = input.date ?? today;
  requireRecordableDay(day, today);
  const role = roleFor(staff, area.operatorId);
  const row = await ctx.db.transaction(async (tx) => {
    const written = await insertObservation(tx, {
      areaId: area.id,
      observedOn: day,
      level: GROWTH_LEVELS.indexOf(input.level),
      species: input.species,
      note: input.note || null,
      staffId: staff.staffId,
      role,
      createdAt: now,
      updatedAt: now,
    });
    if (!written) throw new AppError('GROWTH_OBSERVATION_EXISTS', 409);
    await auditStaffChange(tx, ctx, staff, {
      operatorId: area.operatorId,
      action: 'growth.observe',
      targetType: 'growth_observation',
      targetId: written.id,
      changes: {
        area_id: [null, area.id],
        date: [null, day],
        level: [null, input.level],
        species: [null, written.species],
        note: [null, written.note],
      },
    });
    return written;
  });
  return observationAnswer(row, area, staff.name, { staffId: staff.staffId, now });
}

/** The role the observation is recorded in: Sentiero's own, or the grant for the area's operator. */
function roleFor(staff: StaffSession, operatorId: number): string {
  return actingRole(staff, operatorId) ?? 'ranger';
}

export async function correctObservation(
  ctx: ServiceContext,
  input: z.output<typeof consoleGrowthReportCorrect.input>,
) {
  requireStaffAccess(ctx, 'growth.report');
  const now = ctx.clock.now();
  const unsafeRow = await findObservation(ctx.db, input.id);
  if (!unsafeRow) throw new AppError('NOT_FOUND', 404);
  // Read before the transaction: on the embedded database a read outside it would wait for it.
  const { staff, area } = await requireAreaInScope(ctx, unsafeRow.areaId);
  // Someone else's observation is theirs to correct: the caller learns no more than that.
  if (unsafeRow.staffId !== staff.staffId) throw new AppError('GROWTH_OBSERVATION_NOT_YOURS', 403);
  if (!sameDayIn(area.timeZone, unsafeRow.createdAt, now))
    throw new AppError('GROWTH_CORRECTION_CLOSED', 409);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockObservation(tx, unsafeRow.id);
    if (!before) throw new AppError('NOT_FOUND', 404);
    const next = {
      level: GROWTH_LEVELS.indexOf(input.level),
      species: input.species,
      note: input.note || null,
    };
    const after = await updateObservation(tx, before.id, { ...next, updatedAt: now });
    const changes: Record<string, [unknown, unknown]> = {};
    if (before.level !== after.level) changes.level = [levelOf(before.level), levelOf(after.level)];
    if (before.species !== after.species) changes.species = [before.species, after.species];
    if (before.note !== after.note) changes.note = [before.note, after.note];
    await auditStaffChange(tx, ctx, staff, {
      operatorId: area.operatorId,
      action: 'growth.correct',
      targetType: 'growth_observation',
      targetId: after.id,
      changes,
    });
    return after;
  });
  return observationAnswer(row, area, staff.name, { staffId: staff.staffId, now });
}

/** Whether a day may still be recorded (ADR 040): today or up to 13 days back, never ahead. */
export function isRecordableDay(day: string, today: string): boolean {
  return day <= today && day >= addCalendarDays(today, -GROWTH_OBSERVATION_MAX_DAYS_BACK);
}

/**
 * A growth level a ranger recorded on their phone (issue 24, item 6; ADR 047), in the sync's
 * transaction: it becomes the ranger's observation of the area and day, or corrects it when the
 * ranger already has one that day (the phone's second record, or the console's) that is not
 * newer than it. The note of an earlier observation is kept. Audited as the console's writes.
 */
export async function recordFieldObservation(
  tx: Transaction,
  ctx: Pick<ServiceContext, 'ip'>,
  staff: StaffSession,
  record: {
    areaId: number;
    operatorId: number;
    day: string;
    level: GrowthLevel;
    species: string | null;
    at: Date;
    now: Date;
    /** The phone it came from, named in the audit log. */
    deviceId: number;
  },
): Promise<void> {
  const level = GROWTH_LEVELS.indexOf(record.level);
  const written = await insertObservation(tx, {
    areaId: record.areaId,
    observedOn: record.day,
    level,
    species: record.species,
    note: null,
    staffId: staff.staffId,
    role: roleFor(staff, record.operatorId),
    createdAt: record.now,
    updatedAt: record.now,
  });
  if (written) {
    await auditStaffChange(tx, ctx, staff, {
      operatorId: record.operatorId,
      deviceId: record.deviceId,
      action: 'growth.observe',
      targetType: 'growth_observation',
      targetId: written.id,
      changes: {
        area_id: [null, record.areaId],
        date: [null, record.day],
        level: [null, record.level],
        species: [null, written.species],
        note: [null, null],
      },
    });
    return;
  }
  const before = await lockStaffObservation(tx, staff.staffId, record.areaId, record.day);
  // Corrected after this record was made (on the console, or by a record synced before): it stands.
  if (!before || before.updatedAt > record.at) return;
  if (before.level === level && before.species === record.species) return;
  const after = await updateObservation(tx, before.id, {
    level,
    species: record.species,
    note: before.note,
    updatedAt: record.now,
  });
  const changes: Record<string, [unknown, unknown]> = {};
  if (before.level !== after.level) changes.level = [levelOf(before.level), levelOf(after.level)];
  if (before.species !== after.species) changes.species = [before.species, after.species];
  await auditStaffChange(tx, ctx, staff, {
    operatorId: record.operatorId,
    deviceId: record.deviceId,
    action: 'growth.correct',
    targetType: 'growth_observation',
    targetId: after.id,
    changes,
  });
}
