import { createHash } from 'node:crypto';
import {
  PHOTO_FORMATS,
  PHOTO_SIZES,
  PHOTO_WIDTHS,
  type PhotoFormat,
  type PhotoSize,
} from '@sentiero/contract/photo-files';
import { MAX_PHOTO_PIXELS } from '@sentiero/contract/photos';
import sharp, { type Metadata } from 'sharp';
import { BoundedQueue } from '../../platform/bounded-queue.ts';

/*
 * A member's upload turned into the files we serve (ADR 022): read by its content, never by its
 * name or declared type; decoded within a pixel limit; turned upright by its EXIF orientation;
 * resized to the widths the screens need; written as WebP and JPEG with no metadata at all,
 * except, when the member asks for it, the camera's EXIF (GPS position included) in the large
 * JPEG, the file they would keep.
 */

/** Why an upload is not a photo we can store: a key of the `field` messages. */
export type PhotoProblem = 'photoUnreadable' | 'photoHeic' | 'photoTooManyPixels';

export class PhotoRefused extends Error {
  readonly problem: PhotoProblem;

  constructor(problem: PhotoProblem) {
    super(problem);
    this.problem = problem;
  }
}

type Kind = 'jpeg' | 'png' | 'webp' | 'heif';

/**
 * The kind of image the first bytes announce: JPEG's SOI marker, PNG's signature, a RIFF/WEBP
 * container, an ISO-BMFF `ftyp` box of an AVIF or HEIF brand. Anything else (a text file, an SVG,
 * a PDF, a GIF) is refused before any decoder sees it.
 */
export function sniffImageKind(bytes: Uint8Array): Kind | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(8, 12)))
    return 'heif';
  return undefined;
}

export type PhotoFileName = `${PhotoSize}.${PhotoFormat}`;
export type ProcessedPhoto = {
  width: number;
  height: number;
  version: string;
  files: { name: PhotoFileName; contentType: string; body: Buffer }[];
};

// Quality where the difference to the original is hard to see on a phone; AVIF is left out:
// it takes seconds a photo on two cores, and WebP is read by every browser of the last years.
const WEBP = { quality: 78, effort: 3 };
const JPEG = { quality: 80, progressive: true };
const CONTENT_TYPES: Record<PhotoFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** Decoded with the pixel limit; a truncated or corrupt image is refused rather than half shown. */
const decode = (input: Uint8Array) =>
  sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true });

/**
 * sharp decodes and encodes on libuv's thread pool (4 threads by default), which file reads, DNS
 * lookups, compression and password hashing share: two photos at a time leave it half free, so a
 * few large images cannot stall every other request. A phone catching up sends its photos one by
 * one; eight waiting (a few seconds' work) absorb several members at once, and beyond that the
 * upload is refused at once with a 503 the app's outbox tries again (`Retry-After`).
 */
export const photoDecoding = new BoundedQueue({ running: 2, waiting: 8, retryAfterSeconds: 5 });

export async function processPhoto(
  input: Uint8Array,
  options: { keepLocation: boolean },
): Promise<ProcessedPhoto> {
  const kind = sniffImageKind(input);
  if (!kind) throw new PhotoRefused('photoUnreadable');
  return photoDecoding.run(() => decodePhoto(input, kind, options));
}

async function decodePhoto(
  input: Uint8Array,
  kind: Kind,
  options: { keepLocation: boolean },
): Promise<ProcessedPhoto> {
  let metadata: Metadata;
  try {
    // The header only, whatever it announces: the pixel limit is checked below, by name.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('photoUnreadable');
  }
  if (metadata.format !== kind) throw new PhotoRefused('photoUnreadable');
  // The prebuilt libvips decodes AVIF but not HEVC (HEIC), which is patent-encumbered.
  if (kind === 'heif' && metadata.compression !== 'av1') throw new PhotoRefused('photoHeic');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PHOTO_PIXELS) {
    throw new PhotoRefused('photoTooManyPixels');
  }

  try {
    const files: ProcessedPhoto['files'] = [];
    let large = { width: 0, height: 0 };
    for (const size of PHOTO_SIZES) {
      // Upright first, so the width is the width as seen; never enlarged past the original.
      const resized = decode(input).rotate().resize({ width: PHOTO_WIDTHS[size], withoutEnlargement: true });
      for (const format of PHOTO_FORMATS) {
        const pipeline = resized.clone();
        if (format === 'jpeg') pipeline.flatten({ background: '#ffffff' }).jpeg(JPEG);
        else pipeline.webp(WEBP);
        // libvips writes no metadata unless asked: the camera's EXIF goes only where it was chosen.
        if (options.keepLocation && size === 'large' && format === 'jpeg') pipeline.keepExif();
        const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
        if (size === 'large') large = { width: info.width, height: info.height };
        files.push({ name: `${size}.${format}`, contentType: CONTENT_TYPES[format], body: data });
      }
    }
    const hash = createHash('sha256');
    for (const file of files) hash.update(file.body);
    return { ...large, version: hash.digest('hex').slice(0, 12), files };
  } catch {
    // A header that reads well over pixels that do not (a truncated file, a corrupt stream).
    throw new PhotoRefused('photoUnreadable');
  }
}
