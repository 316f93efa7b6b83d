import { ROUTES } from './routes.ts';

/**
 * Operators' photos of tickets and areas (ADR 030): the widths and formats the server writes and
 * the web names in `srcset`, and where each file is read. No zod here, so the web's bundle can
 * import it (ADR 004).
 */

/**
 * The widths the storefront needs. A card is at most 363 CSS px wide (three columns of the
 * 1152 px page) and a whole phone's width on a phone; the event and area page's picture is the
 * whole width below 1024 px (up to 990 CSS px on a tablet): 320 to 1920 covers both at 1× to 3×.
 */
export const CATALOGUE_PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/** Best first, as `<picture>` lists its sources: AVIF, then WebP, then JPEG for every other browser. */
export const CATALOGUE_PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type CataloguePhotoFormat = (typeof CATALOGUE_PHOTO_FORMATS)[number];

/** An operator's original: a camera's file or a press photo; larger is a print master. */
export const MAX_CATALOGUE_PHOTO_BYTES = 15 * 1024 * 1024;
/** As members' photos: a 50-megapixel camera passes, a decompression bomb does not. */
export const MAX_CATALOGUE_PHOTO_PIXELS = 8192 * 6144;
/** Photos one ticket or one area may show. */
export const MAX_CATALOGUE_PHOTOS = 12;

/**
 * The URL of one file. `v` is a hash of the photo's files: the URL names one version of one
 * file, which never changes, so browsers and proxies keep it a year without asking again.
 */
export function cataloguePhotoUrl(
  photo: { id: number; v: string },
  width: number,
  format: CataloguePhotoFormat,
): string {
  const query = new URLSearchParams({ id: String(photo.id), w: String(width), format, v: photo.v });
  return `/api${ROUTES.cataloguePhotoFile.path}?${query}`;
}
