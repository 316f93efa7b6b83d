import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { BoundedQueue } from './bounded-queue.ts';

/*
 * An uploaded image turned into the files we serve, for members' photos (ADR 022) and operators'
 * photos of tickets and areas (ADR 030): read by its content, never by its name or declared type;
 * decoded within a pixel limit; turned upright by its EXIF orientation; resized to the widths the
 * screens need, never enlarged; written with no metadata at all, unless the caller names the one
 * file that keeps the camera's EXIF.
 */

/** Why an upload is not an image we can store: a key of the `field` messages. */
export type ImageProblem = 'photoUnreadable' | 'photoHeic' | 'photoTooManyPixels';

export class ImageRefused extends Error {
  readonly problem: ImageProblem;

  constructor(problem: ImageProblem) {
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

/**
 * sharp decodes and encodes on libuv's thread pool (4 threads by default), which file reads, DNS
 * lookups, compression and password hashing share: two images at a time leave it half free, so a
 * few large images cannot stall every other request. A phone catching up sends its photos one by
 * one; eight waiting (a few seconds' work) absorb several members at once, and beyond that the
 * upload is refused at once with a 503 the app's outbox tries again (`Retry-After`). Members' and
 * operators' uploads share the one queue because they share the one thread pool.
 */
export const imageDecoding = new BoundedQueue({ running: 2, waiting: 8, retryAfterSeconds: 5 });

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

// Quality where the difference to the original is hard to see on a phone. AVIF's effort is low:
// its default takes seconds an image on two cores, for a few per cent of bytes.
const ENCODERS: Record<ImageFormat, (pipeline: Sharp) => Sharp> = {
  avif: (pipeline) => pipeline.avif({ quality: 55, effort: 2 }),
  webp: (pipeline) => pipeline.webp({ quality: 78, effort: 3 }),
  // JPEG has no transparency: put on white, as on the page.
  jpeg: (pipeline) => pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }),
};

export type ImagePlan = {
  /** The widths to write, narrowest first; a file is never wider than the image. */
  widths: readonly number[];
  /**
   * Whether the widths past the image's own are left out (its own width written once, as the
   * widest), rather than each written at the image's width as callers that name sizes need.
   */
  skipWidthsPastImage?: boolean;
  formats: readonly ImageFormat[];
  /** The most pixels the header may announce; decoding stops past it too. */
  maxPixels: number;
  /** The one file, if any, that keeps the camera's EXIF (GPS position included). */
  keepExif?: (variant: { width: number; format: ImageFormat }) => boolean;
};

export type ImageVariant = {
  /** The width asked for in the plan (the file may be narrower: never enlarged). */
  planWidth: number;
  width: number;
  height: number;
  format: ImageFormat;
  contentType: string;
  body: Buffer;
};

export type ProcessedImage = {
  /** Of the widest file, as shown (turned upright). */
  width: number;
  height: number;
  /** A hash of every file: part of their URLs, which browsers keep for a year. */
  version: string;
  variants: ImageVariant[];
};

/** Reads, checks and re-encodes an upload in its turn of the decoding queue; refuses with `ImageRefused`. */
export async function processImage(input: Uint8Array, plan: ImagePlan): Promise<ProcessedImage> {
  const kind = sniffImageKind(input);
  if (!kind) throw new ImageRefused('photoUnreadable');
  return imageDecoding.run(() => encodeImage(input, kind, plan));
}

/** Decoded with the pixel limit; a truncated or corrupt image is refused rather than half shown. */
const decode = (input: Uint8Array, maxPixels: number) =>
  sharp(input, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });

async function readHeader(input: Uint8Array, kind: Kind, maxPixels: number): Promise<Metadata> {
  let metadata: Metadata;
  try {
    // The header only, whatever it announces: the pixel limit is checked below, by name.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('photoUnreadable');
  }
  if (metadata.format !== kind) throw new ImageRefused('photoUnreadable');
  // The prebuilt libvips decodes AVIF but not HEVC (HEIC), which is patent-encumbered.
  if (kind === 'heif' && metadata.compression !== 'av1') throw new ImageRefused('photoHeic');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) {
    throw new ImageRefused('photoTooManyPixels');
  }
  return metadata;
}

async function encodeImage(input: Uint8Array, kind: Kind, plan: ImagePlan): Promise<ProcessedImage> {
  const metadata = await readHeader(input, kind, plan.maxPixels);
  // The width as seen: orientations 5–8 turn the image a quarter.
  const uprightWidth = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  const widths = plan.skipWidthsPastImage
    ? plan.widths.filter((_, index) => index === 0 || (plan.widths[index - 1] ?? 0) < (uprightWidth ?? 0))
    : plan.widths;
  try {
    // Decoded once, upright, at the widest width written and in 8 bits a channel: every file is
    // resized from that copy, instead of decoding the camera's file once for each of them.
    const widest = Math.max(...widths);
    const copy = await decode(input, plan.maxPixels)
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: copy.info.width, height: copy.info.height, channels: copy.info.channels };
    const variants: ImageVariant[] = [];
    for (const planWidth of widths) {
      const resized = sharp(copy.data, { raw }).resize({ width: planWidth, withoutEnlargement: true });
      for (const format of plan.formats) {
        const keepExif = plan.keepExif?.({ width: planWidth, format }) ?? false;
        // The copy has no metadata: the one file that keeps the camera's EXIF is made from the file itself.
        const source = keepExif
          ? decode(input, plan.maxPixels).rotate().resize({ width: planWidth, withoutEnlargement: true })
          : resized.clone();
        const pipeline = ENCODERS[format](source);
        // libvips writes no metadata unless asked: the camera's EXIF goes only where it was chosen.
        if (keepExif) pipeline.keepExif();
        const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
        variants.push({
          planWidth,
          width: info.width,
          height: info.height,
          format,
          contentType: IMAGE_CONTENT_TYPES[format],
          body: data,
        });
      }
    }
    const hash = createHash('sha256');
    for (const variant of variants) hash.update(variant.body);
    const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
    return {
      width: largest.width,
      height: largest.height,
      version: hash.digest('hex').slice(0, 12),
      variants,
    };
  } catch {
    // A header that reads well over pixels that do not (a truncated file, a corrupt stream).
    throw new ImageRefused('photoUnreadable');
  }
}
