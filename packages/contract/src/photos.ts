import { z } from 'zod';
import { formList, ZClientId, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { MAX_PHOTO_UPLOAD_BYTES, MAX_PHOTOS_PER_RECORD, PHOTO_FORMATS, PHOTO_SIZES } from './photo-files.ts';

/**
 * Sentiero+ members' photos of their finds and notebook entries (issue 15, item 8). A photo is
 * uploaded on its own, under an id made by the phone like a marker's, and a marker or an entry
 * names it in `photo_ids`: a photo taken offline is sent before the record that names it, and a
 * resend is the same photo. Photos are their owner's only: anyone else reads them as unknown.
 */

/**
 * The most pixels a photo may have: a 50-megapixel phone camera's full resolution (8160 × 6144;
 * a 48 MP one makes 8064 × 6048). Phones save 12 MP by default; the 108 and 200 MP modes of a
 * few are refused: decoding one holds 300 to 600 MB and seconds of a thread that every other
 * request shares. Larger announces a decompression bomb.
 */
export const MAX_PHOTO_PIXELS = 8192 * 6144;
/** Photos one member may keep: a few per find for many seasons. */
export const MAX_PHOTOS_PER_MEMBER = 2_000;
/** The stored files of all a member's photos (about 0.5 MB a photo in its four files). */
export const MAX_PHOTO_STORAGE_BYTES = 1024 * 1024 * 1024;

/** `photo_ids` of a save: a list in JSON, comma-separated in a form; each id once. */
export const ZPhotoIds = formList(ZClientId, MAX_PHOTOS_PER_RECORD).transform((ids) => [...new Set(ids)]);

/** A photo as a record carries it: the id and the version in the URLs of its files. */
export const ZPhotoRef = z.object({ id: z.string(), v: z.string() }).meta({ id: 'PhotoRef' });

export const ZPhoto = z
  .object({
    id: z.string(),
    v: z.string(),
    /** Of the large size, as shown (turned upright). */
    width: z.number().int(),
    height: z.number().int(),
    /** The stored files together. */
    bytes: z.number().int(),
    /** Whether the large JPEG keeps the camera's EXIF data, GPS position included. */
    location_kept: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof ZPhoto>;

export const photoUpload = defineEndpoint({
  path: '/app/photo/upload',
  kind: 'write',
  access: 'premium',
  tag: 'premium',
  summary: `Stores a photo under its phone-made id (Sentiero+), as a multipart file of at most ${MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB: read by its content (JPEG, PNG, WebP or AVIF, whatever its name or declared type), turned upright, and kept 320 and 1600 px wide, each as WebP and JPEG. Its EXIF data, GPS position included, is removed unless \`keep_location\` is set: then the large JPEG keeps it, and only that file. Sending the same id again answers the stored photo.`,
  input: z.object({
    lng: ZLanguageParam,
    id: ZClientId,
    file: z.instanceof(Uint8Array, { error: 'field.photoUnreadable' }),
    keep_location: ZFormBoolean.default(false),
  }),
  output: z.object({ photo: ZPhoto }),
});

export const photoFile = defineEndpoint({
  path: '/app/photo/file',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'premium',
  summary:
    "One file of the member's own photo: `size` thumb (320 px wide) or large (1600 px), `format` webp or jpeg, `v` its version. Cached by the browser for a year (the URL changes with the file); another member's photo, or a wrong version, is 404.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZClientId,
    size: z.enum(PHOTO_SIZES, { error: 'field.invalid' }),
    format: z.enum(PHOTO_FORMATS, { error: 'field.invalid' }).default('webp'),
    v: z.string().max(64),
  }),
  output: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ description: 'The image (image/webp or image/jpeg).' }),
});
