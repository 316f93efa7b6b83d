import { randomUUID } from 'node:crypto';
import {
  type Find,
  type FindExportFormat,
  type findImport,
  type findList,
  type findSave,
  MAX_CLOCK_AHEAD_MS,
  MAX_FINDS_PER_MEMBER,
} from '@sentiero/contract/finds';
import { LANGUAGES } from '@sentiero/contract/languages';
import type { PhotoRef } from '@sentiero/contract/photo-files';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { listForagingAreas } from '../areas/index.ts';
import {
  deletePhotos,
  eraseMemberPhotos,
  findPhotoRefs,
  listMemberPhotosForExport,
  requireOwnPhotos,
} from '../photos/index.ts';
import { type FindFileRow, ImportError, writeGeoJson, writeGpx } from './files.ts';
import { readFindsFileInThread } from './import-thread.ts';
import {
  countMemberFinds,
  deleteMemberRecords,
  type FindRow,
  findMemberEntries,
  findMemberFind,
  findMemberFinds,
  findPhotoIdsInUse,
  insertFinds,
  markFindDeleted,
  upsertFind,
} from './repo.ts';

/*
 * The private finds map (issue 15, item 4). Every function opens with
 * `requireAccess(ctx, 'premium')`, and every query names the member: another member's marker is
 * answered exactly like one that does not exist.
 */

/** A record's photos as its answer names them: the ones still stored, in the record's order. */
export const photosOf = (row: { photoIds: string[] }, refs: ReadonlyMap<string, PhotoRef>): PhotoRef[] =>
  row.photoIds.flatMap((id) => refs.get(id) ?? []);

/** The photo refs of every photo the rows name, in one query. */
export const readPhotoRefs = (
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
  rows: { photoIds: string[] }[],
) =>
  findPhotoRefs(
    ctx,
    userId,
    rows.flatMap((row) => row.photoIds),
  );

/**
 * Deletes photos a record stopped naming (removed from it, or the record deleted) unless another
 * of the member's live records still names them: photos count against the member's space.
 */
export async function releasePhotos(ctx: Pick<ServiceContext, 'db'>, userId: number, ids: readonly string[]) {
  if (ids.length === 0) return;
  const inUse = await findPhotoIdsInUse(ctx.db, userId, ids);
  await deletePhotos(
    ctx,
    userId,
    ids.filter((id) => !inUse.has(id)),
  );
}

export function toFind(row: FindRow, refs: ReadonlyMap<string, PhotoRef>): Find {
  return {
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy_m: row.accuracyM,
    species_code: row.speciesCode,
    found_on: row.foundOn,
    notes: row.notes,
    photos: photosOf(row, refs),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A time from the member's phone, refused when it runs ahead of ours by more than a few minutes:
 * a phone whose clock is a year ahead would otherwise win every later edit, from every phone.
 */
export function phoneTime(ctx: Pick<ServiceContext, 'clock'>, value: string, fieldName: string): Date {
  const time = new Date(value);
  if (time.getTime() > ctx.clock.now().getTime() + MAX_CLOCK_AHEAD_MS) {
    throw new AppError('VALIDATION_FAILED', 400, { [fieldName]: 'inTheFuture' });
  }
  return time;
}

/** Today in Italy: the day a marker without a date is given. */
export const todayInRome = (now: Date) => now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });

export async function listFinds(ctx: ServiceContext, input: z.output<typeof findList.input>) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const { south, west, north, east } = input;
  const box =
    south !== undefined && west !== undefined && north !== undefined && east !== undefined
      ? { south: Math.min(south, north), north: Math.max(south, north), west, east }
      : undefined;
  const [rows, areas] = await Promise.all([findMemberFinds(ctx.db, userId, box), listForagingAreas(ctx)]);
  const refs = await readPhotoRefs(ctx, userId, rows);
  return { finds: rows.map((row) => toFind(row, refs)), areas };
}

async function requireRoomFor(ctx: ServiceContext, userId: number, adding: number) {
  if ((await countMemberFinds(ctx.db, userId)) + adding > MAX_FINDS_PER_MEMBER) {
    throw new AppError('STORAGE_LIMIT', 409);
  }
}

export async function saveFind(ctx: ServiceContext, input: z.output<typeof findSave.input>) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const updatedAt = phoneTime(ctx, input.updated_at, 'updated_at');
  await requireOwnPhotos(ctx, userId, input.photo_ids);
  const unsafeExisting = await findMemberFind(ctx.db, userId, input.id);
  if (!unsafeExisting || unsafeExisting.deletedAt) await requireRoomFor(ctx, userId, 1);
  const written = await upsertFind(ctx.db, {
    id: input.id,
    userId,
    latitude: input.latitude,
    longitude: input.longitude,
    accuracyM: input.accuracy_m === undefined ? null : Math.round(input.accuracy_m),
    speciesCode: input.species_code ?? null,
    foundOn: input.found_on,
    notes: input.notes,
    photoIds: input.photo_ids,
    updatedAt,
  });
  if (written) {
    const removed = unsafeExisting?.photoIds.filter((id) => !input.photo_ids.includes(id)) ?? [];
    await releasePhotos(ctx, userId, removed);
    return {
      find: toFind(written, await readPhotoRefs(ctx, userId, [written])),
      applied: true,
      deleted: false,
    };
  }
  // Kept as stored: the member's newer version (or their delete), or an id that is not theirs.
  const stored = await findMemberFind(ctx.db, userId, input.id);
  if (!stored) throw notFound();
  const refs = await readPhotoRefs(ctx, userId, [stored]);
  return { find: toFind(stored, refs), applied: false, deleted: stored.deletedAt !== null };
}

export async function deleteFind(
  ctx: ServiceContext,
  input: { id: string; deleted_at?: string | undefined },
) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const at = input.deleted_at ? phoneTime(ctx, input.deleted_at, 'deleted_at') : ctx.clock.now();
  const deleted = await markFindDeleted(ctx.db, userId, input.id, at);
  if (deleted) {
    await releasePhotos(ctx, userId, deleted.photoIds);
    return { id: input.id, deleted: true };
  }
  const stored = await findMemberFind(ctx.db, userId, input.id);
  if (!stored) throw notFound();
  // Deleted already (the same delete sent again), or edited after this delete was made.
  return { id: input.id, deleted: stored.deletedAt !== null };
}

const toFileRow = (row: FindRow): FindFileRow => ({
  latitude: row.latitude,
  longitude: row.longitude,
  accuracyM: row.accuracyM,
  speciesCode: row.speciesCode,
  foundOn: row.foundOn,
  notes: row.notes,
});

export const EXPORT_TYPES: Record<FindExportFormat, string> = {
  gpx: 'application/gpx+xml; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};

export async function exportFinds(ctx: ServiceContext, format: FindExportFormat) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const rows = (await findMemberFinds(ctx.db, userId)).map(toFileRow);
  const now = ctx.clock.now();
  const text = (key: string) => translate(ctx.lang, 'finds', key);
  const body =
    format === 'gpx'
      ? writeGpx(rows, {
          language: ctx.lang,
          title: text('export.title'),
          fallbackName: text('export.find'),
          now,
        })
      : writeGeoJson(rows, ctx.lang);
  return {
    body,
    filename: `${text('export.filename')}-${todayInRome(now)}.${format}`,
    type: EXPORT_TYPES[format],
  };
}

const samePlace = (row: {
  latitude: number;
  longitude: number;
  foundOn: string;
  speciesCode: string | null;
}) => `${row.latitude.toFixed(6)},${row.longitude.toFixed(6)},${row.foundOn},${row.speciesCode ?? ''}`;

/**
 * Adds a file's points as new markers. Ids are ours, never the file's (a file may be another
 * member's export); a point already on the member's map, or twice in the file, is skipped.
 */
export async function importFinds(ctx: ServiceContext, input: z.output<typeof findImport.input>) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const now = ctx.clock.now();
  let rows: FindFileRow[];
  try {
    const unnamed = new Set(
      LANGUAGES.map((language) => translate(language, 'finds', 'export.find').toLowerCase()),
    );
    rows = await readFindsFileInThread(input.file, { today: todayInRome(now), unnamed });
  } catch (error) {
    if (error instanceof ImportError) throw new AppError('IMPORT_INVALID', 400, { file: error.problem });
    throw error;
  }
  const known = new Set((await findMemberFinds(ctx.db, userId)).map(samePlace));
  const fresh = rows.filter((row) => {
    const key = samePlace(row);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  await requireRoomFor(ctx, userId, fresh.length);
  await insertFinds(
    ctx.db,
    fresh.map((row) => ({ ...row, id: randomUUID(), userId, updatedAt: now })),
  );
  return { imported: fresh.length, skipped: rows.length - fresh.length };
}

/**
 * The member's markers and notebook for the personal-data download: theirs whether or not they
 * still have Sentiero+.
 */
export async function listMemberRecordsForExport(ctx: Pick<ServiceContext, 'db'>, userId: number) {
  const [markers, entries, photos] = await Promise.all([
    findMemberFinds(ctx.db, userId),
    findMemberEntries(ctx.db, userId, '1900-01-01', '2199-12-31'),
    listMemberPhotosForExport(ctx, userId),
  ]);
  const refs = new Map(photos.map((photo) => [photo.id, { id: photo.id, v: photo.v }]));
  return {
    finds: markers.map((row) => toFind(row, refs)),
    notebook_entries: entries.map((entry) => ({
      id: entry.id,
      day: entry.day,
      area_id: entry.areaId,
      find_id: entry.findId,
      species_code: entry.speciesCode,
      weight_g: entry.weightG,
      notes: entry.notes,
      photos: photosOf(entry, refs),
      weather: entry.weather ?? null,
      created_at: entry.createdAt.toISOString(),
      updated_at: entry.updatedAt.toISOString(),
    })),
    // What is stored of each photo; its files are at `app/photo/file` (the member's own session).
    photos,
  };
}

/** Account erasure: the member's markers, notebook and their photos go with the account, for good. */
export async function eraseMemberFindsAndNotebook(
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
): Promise<void> {
  await deleteMemberRecords(ctx.db, userId);
  await eraseMemberPhotos(ctx, userId);
}

/**
 * Whether the member has this marker (deleted ones too: an entry made offline may name a marker
 * deleted since), for a notebook entry that names it; another member's reads as none.
 */
export async function isOwnFind(
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
  id: string,
): Promise<boolean> {
  return (await findMemberFind(ctx.db, userId, id)) !== undefined;
}
