import { cataloguePhotoFile } from '@sentiero/contract/catalogue-photos';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { readCataloguePhotoFile } from './service.ts';

export function registerCataloguePhotoRoutes(app: FastifyInstance) {
  registerEndpoint(app, cataloguePhotoFile, async (ctx, input, request, reply) => {
    const file = await readCataloguePhotoFile(ctx, input);
    const etag = `"${input.v}-${input.w}-${input.format}"`;
    // A URL names one version of one file, which never changes: anyone may keep it a year, and
    // it is the same for every language and session (no Vary).
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .removeHeader('vary');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return file.body;
  });
}
