import { MAX_PHOTO_UPLOAD_BYTES } from '@sentiero/contract/photo-files';
import { photoFile, photoUpload } from '@sentiero/contract/photos';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { readPhotoFile, uploadPhoto } from './service.ts';

/** A phone catching up after a day offline sends its photos at once, each a few seconds' work. */
const UPLOAD_LIMIT = { max: 120, timeWindow: '1 minute' };

export function registerPhotoRoutes(app: FastifyInstance) {
  registerEndpoint(app, photoUpload, (ctx, input) => uploadPhoto(ctx, input), {
    rateLimit: UPLOAD_LIMIT,
    files: { max: 1, maxBytes: MAX_PHOTO_UPLOAD_BYTES },
  });
  registerEndpoint(app, photoFile, async (ctx, input, _request, reply) => {
    const file = await readPhotoFile(ctx, input);
    // A URL names one version of one file, which never changes: kept a year, by this browser only.
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${input.v}-${input.size}-${input.format}"`);
    return file.body;
  });
}
