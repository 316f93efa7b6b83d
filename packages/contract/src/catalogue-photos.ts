import { z } from 'zod';
import { CATALOGUE_PHOTO_FORMATS } from './catalogue-photo-files.ts';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId } from './paging.ts';

/**
 * Operators' photos of tickets and areas (issue 23, ADR 030), as the storefront's answers carry
 * them: every file by format and width, for `<picture>`'s `srcset`, and the size that keeps the
 * page from moving while it loads.
 */

const ZPhotoSource = z.object({ width: z.number().int(), url: z.string() });

export const ZCataloguePhoto = z
  .object({
    id: z.number().int(),
    /** Of the widest file, as shown (turned upright): the ratio of every file. */
    width: z.number().int(),
    height: z.number().int(),
    /** In the request's language. */
    alt: z.string(),
    /** Each format's files, narrowest first; a photo narrower than a width has no file of it. */
    sources: z.object({
      avif: z.array(ZPhotoSource),
      webp: z.array(ZPhotoSource),
      jpeg: z.array(ZPhotoSource),
    }),
    /** A JPEG for browsers that read no `srcset`. */
    src: z.string(),
  })
  .meta({ id: 'CataloguePhoto' });
export type CataloguePhoto = z.infer<typeof ZCataloguePhoto>;

export const cataloguePhotoFile = defineEndpoint({
  path: '/app/catalogue/photo/file',
  kind: 'read',
  access: 'public',
  tag: 'catalogue',
  summary:
    "One file of a ticket's or an area's photo: `w` one of its widths, `format` avif, webp or jpeg, `v` its version. The URL never changes its file: kept by browsers and proxies for a year (immutable); a wrong version is 404.",
  input: z.object({
    lng: ZLanguageParam,
    id: ZId,
    w: z.coerce.number().int().min(1).max(10_000),
    format: z.enum(CATALOGUE_PHOTO_FORMATS, { error: 'field.invalid' }),
    v: z.string().max(64),
  }),
  output: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array)
    .meta({ description: 'The image (image/avif, image/webp or image/jpeg).' }),
});
