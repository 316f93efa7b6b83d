import {
  adImage,
  consoleAdActive,
  consoleAdCreate,
  consoleAdImage,
  consoleAds,
  consoleAdUpdate,
  MAX_AD_IMAGE_BYTES,
} from '@sentiero/contract/console-ads';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { readAdImage, uploadAdImage } from './ad-images.ts';
import { createAd, listAdsForConsole, setAdActive, updateAdAsStaff } from './manage-ads.ts';

/** The console's advertisements (issue 23, item 4; ADR 038) and their pictures' files. */
export function registerConsoleAdRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleAds, (ctx, input) => listAdsForConsole(ctx, input));
  registerEndpoint(app, consoleAdCreate, (ctx, input) => createAd(ctx, input));
  registerEndpoint(app, consoleAdUpdate, (ctx, input) => updateAdAsStaff(ctx, input));
  registerEndpoint(app, consoleAdActive, (ctx, input) => setAdActive(ctx, input));
  registerEndpoint(app, consoleAdImage, (ctx, input) => uploadAdImage(ctx, input), {
    files: { max: 1, maxBytes: MAX_AD_IMAGE_BYTES },
  });
  registerEndpoint(app, adImage, async (ctx, input, request, reply) => {
    const file = await readAdImage(ctx, input);
    const etag = `"${input.v}"`;
    // A URL names one version of one file, which never changes: anyone may keep it a year.
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .removeHeader('vary');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return file.body;
  });
}
