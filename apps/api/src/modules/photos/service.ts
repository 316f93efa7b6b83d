import type { PhotoRef } from '@sentiero/contract/photo-files';
import {
  MAX_PHOTO_STORAGE_BYTES,
  MAX_PHOTOS_PER_MEMBER,
  type Photo,
  type photoFile,
  type photoUpload,
} from '@sentiero/contract/photos';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ImageRefused } from '../../platform/image-pipeline.ts';
import { processPhoto } from './process.ts';
import {
  deleteAllMemberPhotos,
  deleteMemberPhotos,
  findMemberPhoto,
  findMemberPhotoFile,
  findMemberPhotos,
  insertPhoto,
  listMemberPhotos,
  measureMemberPhotos,
  type PhotoRow,
} from './repo.ts';

/*
 * Members' photos of their finds and notebook entries (issue 15, item 8; ADR 022). A photo is its
 * owner's only: another member's id, or a visitor's request, is answered as unknown (404).
 */

function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    v: row.version,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    location_kept: row.locationKept,
    created_at: row.createdAt.toISOString(),
  };
}

const toRef = (row: PhotoRow): PhotoRef => ({ id: row.id, v: row.version });

async function requireRoomForPhoto(ctx: ServiceContext, userId: number, size: number) {
  // Checked before the work, with the upload's own size as a bound on what it will add; two
  // uploads at the same moment may pass one photo over, which the limits can afford.
  const used = await measureMemberPhotos(ctx.db, userId);
  if (used.count >= MAX_PHOTOS_PER_MEMBER)
    throw new AppError('PHOTO_LIMIT', 409, { file: 'photoCountLimit' });
  if (used.bytes + size > MAX_PHOTO_STORAGE_BYTES) {
    throw new AppError('PHOTO_LIMIT', 409, { file: 'photoSpaceLimit' });
  }
}

export async function uploadPhoto(ctx: ServiceContext, input: z.output<typeof photoUpload.input>) {
  const { id: userId } = await requireAccess(ctx, 'premium');
  // The same photo sent again (an answer lost on one bar of signal): the stored one, unchanged.
  const stored = await findMemberPhoto(ctx.db, userId, input.id);
  if (stored) return { photo: toPhoto(stored) };
  await requireRoomForPhoto(ctx, userId, input.file.byteLength);
  let processed: Awaited<ReturnType<typeof processPhoto>>;
  try {
    processed = await processPhoto(input.file, { keepLocation: input.keep_location });
  } catch (error) {
    if (error instanceof ImageRefused) throw new AppError('VALIDATION_FAILED', 400, { file: error.problem });
    throw error;
  }
  await insertPhoto(
    ctx.db,
    {
      id: input.id,
      userId,
      width: processed.width,
      height: processed.height,
      bytes: processed.files.reduce((sum, file) => sum + file.body.byteLength, 0),
      version: processed.version,
      locationKept: input.keep_location,
    },
    processed.files,
  );
  // Written now, or by the same member's resend a moment before; another member's id reads as none.
  const row = await findMemberPhoto(ctx.db, userId, input.id);
  if (!row) throw notFound();
  return { photo: toPhoto(row) };
}

/**
 * One file of a photo, for its owner: a login is enough (not Sentiero+), so a member whose
 * membership ran out still sees the photos of their personal-data download.
 */
export async function readPhotoFile(ctx: ServiceContext, input: z.output<typeof photoFile.input>) {
  if (!ctx.user) throw notFound();
  const file = await findMemberPhotoFile(ctx.db, ctx.user.id, {
    id: input.id,
    version: input.v,
    name: `${input.size}.${input.format}`,
  });
  if (!file) throw notFound();
  return file;
}

/**
 * The photos a marker or an entry names, in its order; refused as a whole (400) when one is not
 * the member's: another member's photo reads exactly like one that does not exist.
 */
export async function requireOwnPhotos(
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
  ids: readonly string[],
): Promise<PhotoRef[]> {
  const found = await findPhotoRefs(ctx, userId, ids);
  if (found.size !== new Set(ids).size)
    throw new AppError('VALIDATION_FAILED', 400, { photo_ids: 'invalid' });
  return ids.map((id) => found.get(id) as PhotoRef);
}

/** The member's photos among `ids` by id, for the records that name them (deleted ones are left out). */
export async function findPhotoRefs(
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
  ids: readonly string[],
): Promise<Map<string, PhotoRef>> {
  const rows = await findMemberPhotos(ctx.db, userId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toRef(row)]));
}

/** Photos no record names any more, deleted with their files. */
export async function deletePhotos(ctx: Pick<ServiceContext, 'db'>, userId: number, ids: readonly string[]) {
  await deleteMemberPhotos(ctx.db, userId, ids);
}

/** Account erasure: every photo of the member, for good. */
export async function eraseMemberPhotos(ctx: Pick<ServiceContext, 'db'>, userId: number): Promise<void> {
  await deleteAllMemberPhotos(ctx.db, userId);
}

/** The member's photos for the personal-data download: what is stored, and where to read each. */
export async function listMemberPhotosForExport(ctx: Pick<ServiceContext, 'db'>, userId: number) {
  return (await listMemberPhotos(ctx.db, userId)).map(toPhoto);
}
