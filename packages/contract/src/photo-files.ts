import { ROUTES } from './routes.ts';

/**
 * Where a member's photo is read from, and in which sizes: shared by the server (which makes the
 * sizes) and the web (which writes `srcset`). No zod here, so the web's bundle can import it
 * (ADR 004).
 */

/** A phone's photo as it leaves the camera (12–50 megapixels, 3–12 MB) fits; a raw scan does not. */
export const MAX_PHOTO_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Photos on one marker or notebook entry. */
export const MAX_PHOTOS_PER_RECORD = 6;

/** The widths the screens need: a list's thumbnail (96 CSS px at up to 3×) and the photo viewed large. */
export const PHOTO_SIZES = ['thumb', 'large'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
export const PHOTO_WIDTHS: Record<PhotoSize, number> = { thumb: 320, large: 1600 };

/** WebP for every browser of the last years; JPEG for the others (and as the file a member keeps). */
export const PHOTO_FORMATS = ['webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** A photo as a record names it: its id and the version of its files (part of every URL). */
export type PhotoRef = { id: string; v: string };

/**
 * The URL of one of a photo's files. The version makes the URL change whenever the file could,
 * so browsers keep each URL for a year without asking again.
 */
export function photoUrl(photo: PhotoRef, size: PhotoSize, format: PhotoFormat): string {
  const query = new URLSearchParams({ id: photo.id, size, format, v: photo.v });
  return `/api${ROUTES.photoFile.path}?${query}`;
}

/** `srcset` of a photo in one format, every size with its width. */
export const photoSrcSet = (photo: PhotoRef, format: PhotoFormat) =>
  PHOTO_SIZES.map((size) => `${photoUrl(photo, size, format)} ${PHOTO_WIDTHS[size]}w`).join(', ');
