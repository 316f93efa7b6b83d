import {
  CATALOGUE_PHOTO_FORMATS,
  CATALOGUE_PHOTO_WIDTHS,
  type CataloguePhotoFormat,
  cataloguePhotoUrl,
  MAX_CATALOGUE_PHOTO_BYTES,
  MAX_CATALOGUE_PHOTO_PIXELS,
  MAX_CATALOGUE_PHOTOS,
} from '@sentiero/contract/catalogue-photo-files';
import type { CataloguePhoto, cataloguePhotoFile } from '@sentiero/contract/catalogue-photos';
import { LANGUAGES, type LocalizedText } from '@sentiero/contract/languages';
import type { CataloguePhotoVariant } from '@sentiero/db/schema';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { ImageRefused, processImage } from '../../platform/image-pipeline.ts';
import {
  type CataloguePhotoRow,
  countSubjectPhotos,
  deleteCataloguePhoto,
  findCataloguePhotoFile,
  findFirstPhotos,
  findSubjectExists,
  findSubjectPhotoIds,
  findSubjectPhotos,
  insertCataloguePhoto,
  type PhotoSubject,
  updatePhotoPositions,
  type WithChange,
} from './repo.ts';

/*
 * Operators' photos of tickets and areas (issue 23, ADR 030), shown by the storefront instead of
 * the drawings. The console calls these with the staff member's access already checked
 * (`catalogue.write` on the ticket's operator, ADR 027): `modules/console-catalogue`.
 */

export type { PhotoSubject, WithChange } from './repo.ts';
export type StaffRef = { staffId: number } | null;

/** Alt text is short: it says what the photo shows, for screen readers and when it does not load. */
const MAX_ALT_LENGTH = 200;
/** The JPEG given to browsers that read no `srcset`: about a card's width at 2×. */
const FALLBACK_WIDTH = 640;

function toCataloguePhoto(row: CataloguePhotoRow): CataloguePhoto {
  const ref = { id: row.id, v: row.version };
  const filesOf = (format: CataloguePhotoFormat) =>
    row.variants
      .filter((variant) => variant.format === format)
      .sort((a, b) => a.width - b.width)
      .map((variant) => ({ width: variant.width, url: cataloguePhotoUrl(ref, variant.width, format) }));
  const jpeg = filesOf('jpeg');
  const fallback = jpeg.findLast((file) => file.width <= FALLBACK_WIDTH) ?? jpeg[0];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    alt: row.alt,
    sources: { avif: filesOf('avif'), webp: filesOf('webp'), jpeg },
    src: fallback?.url ?? '',
  };
}

/** Every language's alt text, trimmed; English or Italian at least, which the others fall back to. */
function requireAltText(alt: Partial<LocalizedText>): LocalizedText {
  const text = Object.fromEntries(LANGUAGES.map((lang) => [lang, (alt[lang] ?? '').trim()])) as LocalizedText;
  if (Object.values(text).some((value) => value.length > MAX_ALT_LENGTH)) {
    throw new AppError('VALIDATION_FAILED', 400, { alt: 'tooLong' });
  }
  if (!text.en && !text.it) throw new AppError('VALIDATION_FAILED', 400, { alt: 'required' });
  return text;
}

async function requireSubject(ctx: Pick<ServiceContext, 'db'>, subject: PhotoSubject) {
  if (!(await findSubjectExists(ctx.db, subject))) throw notFound();
}

/**
 * Adds a photo after the ticket's or area's others: read by its content (JPEG, PNG, WebP or
 * AVIF, whatever its name), turned upright, stripped of every metadata (the camera's EXIF and GPS
 * position included) and written at the storefront's widths as AVIF, WebP and JPEG.
 */
export async function addCataloguePhoto(
  ctx: Pick<ServiceContext, 'db' | 'lang'>,
  input: PhotoSubject & {
    file: Uint8Array;
    alt: Partial<LocalizedText>;
    uploadedBy: StaffRef;
    withChange?: WithChange;
  },
): Promise<CataloguePhoto> {
  const { file, alt: altInput, uploadedBy, withChange, ...subject } = input;
  const alt = requireAltText(altInput);
  await requireSubject(ctx, subject);
  if (file.byteLength > MAX_CATALOGUE_PHOTO_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, { file: 'fileTooLarge' });
  }
  if ((await countSubjectPhotos(ctx.db, subject)) >= MAX_CATALOGUE_PHOTOS) {
    throw new AppError('PHOTO_LIMIT', 409);
  }
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(file, {
      widths: CATALOGUE_PHOTO_WIDTHS,
      skipWidthsPastImage: true,
      formats: CATALOGUE_PHOTO_FORMATS,
      maxPixels: MAX_CATALOGUE_PHOTO_PIXELS,
    });
  } catch (error) {
    if (error instanceof ImageRefused) throw new AppError('VALIDATION_FAILED', 400, { file: error.problem });
    throw error;
  }
  const variants: CataloguePhotoVariant[] = image.variants.map((variant) => ({
    format: variant.format,
    width: variant.width,
    height: variant.height,
    bytes: variant.body.byteLength,
  }));
  const id = await insertCataloguePhoto(
    ctx.db,
    subject,
    {
      alt,
      width: image.width,
      height: image.height,
      version: image.version,
      variants,
      uploadedByStaffId: uploadedBy?.staffId ?? null,
    },
    image.variants.map((variant) => ({
      format: variant.format,
      width: variant.width,
      contentType: variant.contentType,
      body: variant.body,
    })),
    withChange,
  );
  const photos = await findSubjectPhotos(ctx.db, ctx.lang, subject);
  const added = photos.find((photo) => photo.id === id);
  if (!added) throw notFound();
  return toCataloguePhoto(added);
}

/**
 * Removes a photo of the ticket or area, with its files: their URLs answer 404 from then on. A
 * photo of another ticket or area is unknown (404), so access checked on the subject covers it.
 * The console writes who removed it to the audit log in the same transaction (`withChange`).
 */
export async function removeCataloguePhoto(
  ctx: Pick<ServiceContext, 'db'>,
  input: PhotoSubject & { photoId: number; withChange?: WithChange },
): Promise<void> {
  const { photoId, withChange, ...subject } = input;
  if (!(await deleteCataloguePhoto(ctx.db, subject, photoId, withChange))) throw notFound();
}

/** Puts a ticket's or area's photos in a new order: `photoIds` names each of them once. */
export async function reorderCataloguePhotos(
  ctx: Pick<ServiceContext, 'db'>,
  input: PhotoSubject & { photoIds: readonly number[]; withChange?: WithChange },
): Promise<void> {
  const { photoIds, withChange, ...subject } = input;
  await requireSubject(ctx, subject);
  const stored = await findSubjectPhotoIds(ctx.db, subject);
  const named = new Set(photoIds);
  if (named.size !== photoIds.length || named.size !== stored.length || stored.some((id) => !named.has(id))) {
    throw new AppError('VALIDATION_FAILED', 400, { photo_ids: 'invalid' });
  }
  await updatePhotoPositions(ctx.db, subject, photoIds, withChange);
}

/** The photos of one ticket or area in the request's language, in their order. */
export async function listCataloguePhotos(
  ctx: Pick<ServiceContext, 'db' | 'lang'>,
  subject: PhotoSubject,
): Promise<CataloguePhoto[]> {
  return (await findSubjectPhotos(ctx.db, ctx.lang, subject)).map(toCataloguePhoto);
}

/** The first photo of each ticket or area of a page of cards, by its id; those without have none. */
export async function findCardPhotos(
  ctx: Pick<ServiceContext, 'db' | 'lang'>,
  kind: 'ticket' | 'area',
  ids: readonly number[],
): Promise<Map<number, CataloguePhoto>> {
  const rows = await findFirstPhotos(ctx.db, ctx.lang, kind, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [(kind === 'ticket' ? row.ticketId : row.areaId) as number, toCataloguePhoto(row)]),
  );
}

/** One file of a photo, at the version the URL names; anything else is 404. */
export async function readCataloguePhotoFile(
  ctx: Pick<ServiceContext, 'db'>,
  input: z.output<typeof cataloguePhotoFile.input>,
) {
  const file = await findCataloguePhotoFile(ctx.db, {
    id: input.id,
    version: input.v,
    format: input.format,
    width: input.w,
  });
  if (!file) throw notFound();
  return file;
}
