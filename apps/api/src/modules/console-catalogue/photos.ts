import type {
  consoleCataloguePhotoDelete,
  consoleCataloguePhotoReorder,
  consoleCataloguePhotoUpload,
} from '@sentiero/contract/console-catalogue';
import { LANGUAGES, type LocalizedText } from '@sentiero/contract/languages';
import type { z } from 'zod';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  addCataloguePhoto,
  listCataloguePhotos,
  removeCataloguePhoto,
  reorderCataloguePhotos,
  type WithChange,
} from '../catalogue-photos/index.ts';
import { requireSubjectInScope, type ScopedSubject } from './subjects.ts';

/*
 * The console's photos of tickets and areas (issue 23, ADR 030): the pipeline of the
 * catalogue-photos module, called once `catalogue.write` is checked on the ticket's or area's
 * operator, each change audited in the transaction that makes it.
 */

function audited(
  ctx: ServiceContext,
  scoped: ScopedSubject,
  action: 'photo.add' | 'photo.remove',
): WithChange {
  return (tx, photoId) =>
    auditStaffChange(tx, ctx, scoped.staff, {
      operatorId: scoped.operatorId,
      action,
      targetType: scoped.target.type,
      targetId: scoped.target.id,
      changes: { photo: action === 'photo.remove' ? [photoId, null] : [null, photoId] },
    });
}

export async function uploadPhoto(
  ctx: ServiceContext,
  input: z.output<typeof consoleCataloguePhotoUpload.input>,
) {
  const scoped = await requireSubjectInScope(ctx, 'catalogue.write', input);
  const given = input as Record<string, unknown>;
  const alt = Object.fromEntries(
    LANGUAGES.map((language) => [language, String(given[`alt_${language}`] ?? '')]),
  ) as LocalizedText;
  // Without a description the ticket's title (or area's name) says what the photo is of.
  const described = alt.it.trim() || alt.en.trim() ? alt : { ...alt, ...scoped.name };
  const photo = await addCataloguePhoto(ctx, {
    ...scoped.subject,
    file: input.file,
    alt: described,
    uploadedBy: { staffId: scoped.staff.staffId },
    withChange: audited(ctx, scoped, 'photo.add'),
  });
  return { photo };
}

export async function listPhotos(ctx: ServiceContext, input: { ticket_id?: number; area_id?: number }) {
  const scoped = await requireSubjectInScope(ctx, 'catalogue.read', input);
  return { photos: await listCataloguePhotos(ctx, scoped.subject) };
}

export async function deletePhoto(
  ctx: ServiceContext,
  input: z.output<typeof consoleCataloguePhotoDelete.input>,
) {
  const scoped = await requireSubjectInScope(ctx, 'catalogue.write', input);
  await removeCataloguePhoto(ctx, {
    ...scoped.subject,
    photoId: input.photo_id,
    withChange: audited(ctx, scoped, 'photo.remove'),
  });
  return { ok: true as const };
}

export async function reorderPhotos(
  ctx: ServiceContext,
  input: z.output<typeof consoleCataloguePhotoReorder.input>,
) {
  const scoped = await requireSubjectInScope(ctx, 'catalogue.write', input);
  await reorderCataloguePhotos(ctx, {
    ...scoped.subject,
    photoIds: input.photo_ids,
    withChange: (tx) =>
      auditStaffChange(tx, ctx, scoped.staff, {
        operatorId: scoped.operatorId,
        action: 'photo.reorder',
        targetType: scoped.target.type,
        targetId: scoped.target.id,
        changes: { photos: [null, input.photo_ids] },
      }),
  });
  return { photos: await listCataloguePhotos(ctx, scoped.subject) };
}
