import { addCalendarDays } from '@sentiero/contract/durations';
import {
  MAX_NOTEBOOK_ENTRIES_PER_MEMBER,
  type NotebookEntry,
  type notebookSave,
} from '@sentiero/contract/notebook';
import type { PhotoRef } from '@sentiero/contract/photo-files';
import { findDaysOverLimit, summariseSeason } from '@sentiero/contract/rules/notebook-season';
import { findSpecies } from '@sentiero/contract/species';
import { WEATHER_MAX_SPAN_DAYS } from '@sentiero/contract/weather';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { areaExists, listForagingAreas } from '../areas/index.ts';
import { requireOwnPhotos } from '../photos/index.ts';
import { areaDayKey, findDayWeatherSnapshots } from '../weather/index.ts';
import { writeCsv } from './csv.ts';
import {
  attachDayWeather,
  countMemberEntries,
  type EntryRow,
  findDaysAwaitingWeather,
  findMemberEntries,
  findMemberEntry,
  markEntryDeleted,
  upsertEntry,
} from './repo.ts';
import { isOwnFind, phoneTime, photosOf, readPhotoRefs, releasePhotos, todayInRome } from './service.ts';

/*
 * The mushroom notebook (issue 15, item 5): a member's own entries, a season's totals and the
 * days past an area's legal daily limit. A season is a calendar year.
 */

function toEntry(row: EntryRow, refs: ReadonlyMap<string, PhotoRef>): NotebookEntry {
  return {
    id: row.id,
    day: row.day,
    area_id: row.areaId,
    find_id: row.findId,
    species_code: row.speciesCode,
    weight_g: row.weightG,
    notes: row.notes,
    photos: photosOf(row, refs),
    weather: row.weather ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const seasonOf = (ctx: Pick<ServiceContext, 'clock'>, season: number | undefined) =>
  season ?? Number(todayInRome(ctx.clock.now()).slice(0, 4));

async function readSeason(ctx: ServiceContext, userId: number, season: number) {
  const rows = await findMemberEntries(ctx.db, userId, `${season}-01-01`, `${season}-12-31`);
  const areas = await listForagingAreas(
    ctx,
    rows.flatMap((row) => (row.areaId === null ? [] : [row.areaId])),
  );
  const limits = new Map(
    areas.flatMap((area) => (area.daily_limit_g === null ? [] : [[area.id, area.daily_limit_g]])),
  );
  return { rows, areas, overLimit: findDaysOverLimit(rows, limits) };
}

export async function listNotebook(ctx: ServiceContext, input: { season?: number | undefined }) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const season = seasonOf(ctx, input.season);
  const { rows, areas, overLimit } = await readSeason(ctx, userId, season);
  const refs = await readPhotoRefs(ctx, userId, rows);
  return {
    season,
    entries: rows.map((row) => toEntry(row, refs)),
    summary: summariseSeason(rows),
    over_limit: overLimit,
    areas,
  };
}

export async function saveNotebookEntry(ctx: ServiceContext, input: z.output<typeof notebookSave.input>) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const updatedAt = phoneTime(ctx, input.updated_at, 'updated_at');
  if (input.area_id !== undefined && !(await areaExists(ctx, input.area_id))) {
    throw new AppError('VALIDATION_FAILED', 400, { area_id: 'invalid' });
  }
  // Another member's marker reads like one that does not exist.
  if (input.find_id !== undefined && !(await isOwnFind(ctx, userId, input.find_id))) {
    throw new AppError('VALIDATION_FAILED', 400, { find_id: 'invalid' });
  }
  await requireOwnPhotos(ctx, userId, input.photo_ids);
  const unsafeExisting = await findMemberEntry(ctx.db, userId, input.id);
  if (
    (!unsafeExisting || unsafeExisting.deletedAt) &&
    (await countMemberEntries(ctx.db, userId)) >= MAX_NOTEBOOK_ENTRIES_PER_MEMBER
  ) {
    throw new AppError('STORAGE_LIMIT', 409);
  }
  // The day's weather, when the area's is stored already; otherwise the weather refresh brings it.
  const areaDay = input.area_id === undefined ? undefined : { areaId: input.area_id, day: input.day };
  const weather = areaDay
    ? ((await findDayWeatherSnapshots(ctx.db, [areaDay])).get(areaDayKey(areaDay)) ?? null)
    : null;
  const written = await upsertEntry(ctx.db, {
    id: input.id,
    userId,
    day: input.day,
    areaId: input.area_id ?? null,
    findId: input.find_id ?? null,
    speciesCode: input.species_code,
    weightG: input.weight_g,
    notes: input.notes,
    photoIds: input.photo_ids,
    weather,
    updatedAt,
  });
  if (written && unsafeExisting) {
    await releasePhotos(
      ctx,
      userId,
      unsafeExisting.photoIds.filter((id) => !input.photo_ids.includes(id)),
    );
  }
  const stored = written ?? (await findMemberEntry(ctx.db, userId, input.id));
  if (!stored) throw notFound();
  const { overLimit } = await readSeason(ctx, userId, Number(stored.day.slice(0, 4)));
  return {
    entry: toEntry(stored, await readPhotoRefs(ctx, userId, [stored])),
    applied: written !== undefined,
    deleted: stored.deletedAt !== null,
    over_limit: overLimit,
  };
}

export async function deleteNotebookEntry(
  ctx: ServiceContext,
  input: { id: string; deleted_at?: string | undefined },
) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const at = input.deleted_at ? phoneTime(ctx, input.deleted_at, 'deleted_at') : ctx.clock.now();
  const deleted = await markEntryDeleted(ctx.db, userId, input.id, at);
  if (deleted) {
    await releasePhotos(ctx, userId, deleted.photoIds);
    return { id: input.id, deleted: true };
  }
  const stored = await findMemberEntry(ctx.db, userId, input.id);
  if (!stored) throw notFound();
  return { id: input.id, deleted: stored.deletedAt !== null };
}

/** The season as a CSV file in the member's language (see `writeCsv` for its form). */
export async function exportNotebook(ctx: ServiceContext, input: { season?: number | undefined }) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  const season = seasonOf(ctx, input.season);
  const { rows, areas, overLimit } = await readSeason(ctx, userId, season);
  const text = (key: string) => translate(ctx.lang, 'finds', key);
  const areaNames = new Map(areas.map((area) => [area.id, area.name]));
  const over = new Set(overLimit.map((day) => `${day.area_id}|${day.day}`));
  const header = ['day', 'species', 'latin', 'weight', 'area', 'overLimit', 'notes'].map((key) =>
    text(`csv.${key}`),
  );
  // In the order the days came: oldest day first, each day's entries as they were made.
  const inOrder = [...rows].sort(
    (a, b) => a.day.localeCompare(b.day) || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const body = inOrder.map((row) => {
    const species = findSpecies(row.speciesCode);
    return [
      row.day,
      species?.names[ctx.lang] ?? row.speciesCode,
      species?.latin ?? '',
      row.weightG,
      row.areaId === null ? '' : (areaNames.get(row.areaId) ?? ''),
      over.has(`${row.areaId}|${row.day}`) ? text('csv.yes') : '',
      row.notes,
    ];
  });
  return { body: writeCsv(header, body), filename: `${text('csv.filename')}-${season}.csv` };
}

/**
 * After a weather refresh: attaches the stored weather to the entries saved before their day's
 * weather arrived, and replaces a forecast with the measured day. Entries older than the weather
 * the database keeps cannot get it any more and are left alone.
 */
export async function fillNotebookWeather(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
): Promise<{ days: number; entries: number }> {
  const since = addCalendarDays(todayInRome(ctx.clock.now()), -WEATHER_MAX_SPAN_DAYS);
  const waiting = await findDaysAwaitingWeather(ctx.db, since);
  const snapshots = await findDayWeatherSnapshots(ctx.db, waiting);
  let entries = 0;
  let days = 0;
  for (const areaDay of waiting) {
    const weather = snapshots.get(areaDayKey(areaDay));
    if (!weather) continue;
    entries += await attachDayWeather(ctx.db, areaDay.areaId, areaDay.day, weather);
    days++;
  }
  return { days, entries };
}
