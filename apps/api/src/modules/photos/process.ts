import {
  PHOTO_FORMATS,
  PHOTO_SIZES,
  PHOTO_WIDTHS,
  type PhotoFormat,
  type PhotoSize,
} from '@sentiero/contract/photo-files';
import { MAX_PHOTO_PIXELS } from '@sentiero/contract/photos';
import { processImage } from '../../platform/image-pipeline.ts';

/*
 * A member's upload turned into the files we serve (ADR 022), by the shared image pipeline:
 * each size as WebP and JPEG with no metadata at all, except, when the member asks for it, the
 * camera's EXIF (GPS position included) in the large JPEG, the file they would keep. AVIF is left
 * out: it takes seconds a photo on two cores, and WebP is read by every browser of the last years.
 */

export type PhotoFileName = `${PhotoSize}.${PhotoFormat}`;
export type ProcessedPhoto = {
  width: number;
  height: number;
  version: string;
  files: { name: PhotoFileName; contentType: string; body: Buffer }[];
};

const sizeOfWidth = new Map(PHOTO_SIZES.map((size) => [PHOTO_WIDTHS[size], size]));

export async function processPhoto(
  input: Uint8Array,
  options: { keepLocation: boolean },
): Promise<ProcessedPhoto> {
  const image = await processImage(input, {
    widths: PHOTO_SIZES.map((size) => PHOTO_WIDTHS[size]),
    formats: PHOTO_FORMATS,
    maxPixels: MAX_PHOTO_PIXELS,
    keepExif: ({ width, format }) =>
      options.keepLocation && width === PHOTO_WIDTHS.large && format === 'jpeg',
  });
  return {
    width: image.width,
    height: image.height,
    version: image.version,
    files: image.variants.map((variant) => ({
      name: `${sizeOfWidth.get(variant.planWidth) as PhotoSize}.${variant.format as PhotoFormat}`,
      contentType: variant.contentType,
      body: variant.body,
    })),
  };
}
