import { Readable } from 'node:stream';
import {
  type consoleRangerInspectionPhotoFile,
  type consoleRangerInspections,
  type consoleRangerInspectionsExport,
  INSPECTIONS_PAGE_SIZE,
  type RangerInspection,
} from '@sentiero/contract/console-ranger';
import type { Language } from '@sentiero/contract/languages';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { CSV_BOM, csvRows } from '../console-orders/index.ts';
import { toInspectionPhoto } from './inspection-photos.ts';
import {
  eachInspection,
  findAreaOwner,
  findInspectionPage,
  findInspectionPhotoFile,
  findInspectionPhotos,
  type InspectionFilter,
  type InspectionListRow,
} from './inspections-repo.ts';

/*
 * The console's inspections (issue 24, item 5): those of the operator's rangers, per area and
 * day, for the owner and managers who hold `devices.manage` (ADR 043, 047). An area outside the
 * staff member's grants answers 404, as one that does not exist.
 */

async function filterOf(
  ctx: ServiceContext,
  input: { area_id?: number | undefined; date?: string | undefined },
) {
  requireStaffAccess(ctx, 'devices.manage');
  if (input.area_id !== undefined) {
    const area = await findAreaOwner(ctx.db, input.area_id);
    if (!area) throw notFound();
    try {
      requireStaffAccess(ctx, 'devices.manage', { operatorId: area.operatorId, areaId: area.id });
    } catch {
      throw notFound();
    }
  }
  const filter: InspectionFilter = { areaId: input.area_id, date: input.date };
  return { filter, scope: staffListScope(ctx, 'devices.manage') };
}

function toInspection(row: InspectionListRow, photos: RangerInspection['photos']): RangerInspection {
  const { inspection } = row;
  return {
    id: inspection.id,
    client_id: inspection.clientId,
    area: { id: inspection.areaId, name: row.areaName },
    date: inspection.observedOn,
    device_time: inspection.deviceTime.toISOString(),
    received_at: inspection.receivedAt.toISOString(),
    outcome: inspection.outcome,
    note: inspection.note,
    ticket_code: inspection.ticketCode,
    ticket: row.holder === null ? null : { holder: row.holder, title: row.title ?? '' },
    basket_g: inspection.basketG,
    basket:
      inspection.basketG === null
        ? null
        : {
            limit_g: inspection.limitG,
            declared_today_g: inspection.declaredTodayG ?? inspection.basketG,
            over: inspection.over ?? false,
          },
    ranger: row.ranger,
    device: row.device,
    latitude: inspection.latitude,
    longitude: inspection.longitude,
    photos,
    photos_missing: inspection.photoHashes.length - photos.length,
    chain: row.chain ?? 'ok',
  };
}

export async function listInspections(
  ctx: ServiceContext,
  input: z.output<typeof consoleRangerInspections.input>,
) {
  const { filter, scope } = await filterOf(ctx, input);
  const { rows, total } = await findInspectionPage(ctx.db, ctx.lang, scope, filter, {
    limit: INSPECTIONS_PAGE_SIZE,
    offset: (input.page - 1) * INSPECTIONS_PAGE_SIZE,
  });
  const photos = await findInspectionPhotos(
    ctx.db,
    rows.map((row) => row.inspection.id),
  );
  return {
    inspections: rows.map((row) => {
      const order = row.inspection.photoHashes;
      const own = photos
        .filter((photo) => photo.inspectionId === row.inspection.id)
        .sort((a, b) => order.indexOf(a.hash) - order.indexOf(b.hash))
        .map(toInspectionPhoto);
      return toInspection(row, own);
    }),
    page: input.page,
    pages: pageCount(total, INSPECTIONS_PAGE_SIZE),
    total,
  };
}

const COLUMNS = [
  'date',
  'time',
  'area',
  'outcome',
  'ticket',
  'holder',
  'basket',
  'declared',
  'limit',
  'over',
  'note',
  'ranger',
  'device',
  'latitude',
  'longitude',
  'photos',
  'chain',
  'received',
] as const;

function exportPieces(language: Language, rows: AsyncGenerator<InspectionListRow[]>) {
  const text = (key: string) => translate(language, 'consoleRecords', `inspections.${key}`);
  const time = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const kg = (grams: number | null) =>
    grams === null
      ? ''
      : new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false }).format(
          grams / 1000,
        );
  async function* pieces() {
    yield CSV_BOM + csvRows([COLUMNS.map((column) => text(`columns.${column}`))]);
    for await (const batch of rows) {
      if (batch.length === 0) continue;
      yield csvRows(
        batch.map(({ inspection, ...row }) => [
          inspection.observedOn,
          time.format(inspection.deviceTime),
          row.areaName,
          text(`outcome.${inspection.outcome}`),
          inspection.ticketCode ?? text('noPermit'),
          row.holder ?? '',
          kg(inspection.basketG),
          kg(inspection.declaredTodayG),
          kg(inspection.limitG),
          inspection.over === null ? '' : text(inspection.over ? 'yes' : 'no'),
          inspection.note,
          row.ranger,
          row.device,
          inspection.latitude ?? '',
          inspection.longitude ?? '',
          inspection.photoHashes.length,
          text(`chain.${row.chain ?? 'ok'}`),
          time.format(inspection.receivedAt),
        ]),
      );
    }
  }
  return Readable.from(pieces(), { highWaterMark: 1 });
}

/** The same inspections as CSV, every one; written to the audit log before the first byte goes out. */
export async function exportInspections(
  ctx: ServiceContext,
  input: z.output<typeof consoleRangerInspectionsExport.input>,
) {
  const { filter, scope } = await filterOf(ctx, input);
  const staff = requireStaffAccess(ctx, 'devices.manage');
  const operatorIds = staff.grants.some((grant) => grant.scope === 'everywhere')
    ? [null]
    : [
        ...new Set(
          staff.grants.flatMap((grant) => (typeof grant.scope === 'object' ? [grant.scope.operatorId] : [])),
        ),
      ];
  const filters = Object.fromEntries(
    Object.entries({ area_id: input.area_id, date: input.date }).filter(([, value]) => value !== undefined),
  );
  for (const operatorId of operatorIds) {
    await auditStaffChange(ctx.db, ctx, staff, {
      operatorId,
      action: 'inspections.export',
      targetType: 'ranger_inspections',
      targetId: 'csv',
      changes: { filters: [null, filters] },
    });
  }
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(ctx.clock.now());
  return {
    filename: `${translate(ctx.lang, 'consoleRecords', 'inspections.filename')}-${input.date ?? day}.csv`,
    body: exportPieces(ctx.lang, eachInspection(ctx.db, ctx.lang, scope, filter)),
  };
}

/** One file of an inspection's photo, for staff whose grants cover its area. */
export async function readInspectionPhotoFile(
  ctx: ServiceContext,
  input: z.output<typeof consoleRangerInspectionPhotoFile.input>,
) {
  requireStaffAccess(ctx, 'devices.manage');
  const file = await findInspectionPhotoFile(ctx.db, {
    inspectionId: input.id,
    hash: input.hash,
    version: input.v,
    name: `${input.size}.${input.format}`,
  });
  if (!file) throw notFound();
  try {
    requireStaffAccess(ctx, 'devices.manage', { operatorId: file.operatorId, areaId: file.areaId });
  } catch {
    throw notFound();
  }
  return file;
}
