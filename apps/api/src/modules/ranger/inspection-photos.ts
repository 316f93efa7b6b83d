import { createHash } from 'node:crypto';
import type { InspectionPhoto } from '@sentiero/contract/ranger';
import { requireStaffAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ImageRefused } from '../../platform/image-pipeline.ts';
import { processPhoto } from '../photos/index.ts';
import { findInspectionPhoto, type InspectionPhotoRow, insertInspectionPhoto } from './inspections-repo.ts';
import { findInspectionByClientId } from './records-repo.ts';

export const toInspectionPhoto = (row: InspectionPhotoRow): InspectionPhoto => ({
  hash: row.hash,
  v: row.version,
  width: row.width,
  height: row.height,
});

/**
 * A photo of an inspection the device sent before (issue 24, item 5; ADR 047). The inspection's
 * record, hashed into the device's chain, names each photo by the SHA-256 of its file: a file
 * whose hash it does not name is refused, so no photo can be added or swapped afterwards. Stored
 * by the members' photo pipeline without any metadata; the same file again answers the stored one.
 */
export async function uploadInspectionPhoto(
  ctx: ServiceContext,
  input: { client_id: string; file: Uint8Array },
): Promise<{ photo: InspectionPhoto }> {
  const device = ctx.device;
  if (!device) throw new AppError('UNAUTHENTICATED', 401);
  requireStaffAccess(ctx, 'field');
  const inspection = await findInspectionByClientId(ctx.db, device.deviceId, input.client_id);
  if (!inspection) throw notFound();
  const hash = createHash('sha256').update(input.file).digest('hex');
  if (!inspection.photoHashes.includes(hash)) {
    throw new AppError('INSPECTION_PHOTO_NOT_DECLARED', 400, { file: 'invalid' });
  }
  const stored = await findInspectionPhoto(ctx.db, inspection.id, hash);
  if (stored) return { photo: toInspectionPhoto(stored) };
  let processed: Awaited<ReturnType<typeof processPhoto>>;
  try {
    processed = await processPhoto(input.file, { keepLocation: false });
  } catch (error) {
    if (error instanceof ImageRefused) throw new AppError('VALIDATION_FAILED', 400, { file: error.problem });
    throw error;
  }
  await insertInspectionPhoto(
    ctx.db,
    {
      inspectionId: inspection.id,
      hash,
      width: processed.width,
      height: processed.height,
      bytes: processed.files.reduce((sum, file) => sum + file.body.byteLength, 0),
      version: processed.version,
      createdAt: ctx.clock.now(),
    },
    processed.files,
  );
  // Written now, or by the same file sent a moment before.
  const row = await findInspectionPhoto(ctx.db, inspection.id, hash);
  if (!row) throw notFound();
  return { photo: toInspectionPhoto(row) };
}
