import { MAX_CATALOGUE_PHOTO_BYTES } from '@sentiero/contract/catalogue-photo-files';
import { consoleCatalogueArea, consoleCatalogueAreaUpdate } from '@sentiero/contract/console-areas';
import {
  catalogueRulesDocument,
  consoleCatalogueAreas,
  consoleCatalogueOptions,
  consoleCataloguePhotoDelete,
  consoleCataloguePhotoReorder,
  consoleCataloguePhotos,
  consoleCataloguePhotoUpload,
  consoleCatalogueRulesDelete,
  consoleCatalogueRulesUpload,
  consoleCatalogueTicket,
  consoleCatalogueTicketCreate,
  consoleCatalogueTicketDay,
  consoleCatalogueTicketDays,
  consoleCatalogueTicketStatus,
  consoleCatalogueTickets,
  consoleCatalogueTicketUpdate,
} from '@sentiero/contract/console-catalogue';
import { MAX_RULES_DOCUMENT_BYTES } from '@sentiero/contract/rules-document-files';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { editArea, readArea } from './area-editor.ts';
import { createTicket, editTicket, setTicketStatus } from './edit-ticket.ts';
import { listCatalogueAreas, listCatalogueTickets, listEditorOptions } from './list-catalogue.ts';
import { deletePhoto, listPhotos, reorderPhotos, uploadPhoto } from './photos.ts';
import { deleteRulesDocument, readRulesDocument, uploadRulesDocument } from './rules-documents.ts';
import { requireTicketInScope } from './ticket-access.ts';
import { listTicketDays, setTicketDay } from './ticket-days.ts';
import { toConsoleTicket } from './ticket-view.ts';

/** An operator uploads a few photos in a row, each a few seconds of the image pipeline. */
const UPLOAD_LIMIT = { max: 60, timeWindow: '1 minute' };

/** The console's catalogue (issue 23, item 4), and the public URL of the rules documents. */
export function registerConsoleCatalogueRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleCatalogueAreas, (ctx, input) => listCatalogueAreas(ctx, input.page));
  registerEndpoint(app, consoleCatalogueArea, (ctx, input) => readArea(ctx, input.id));
  registerEndpoint(app, consoleCatalogueAreaUpdate, (ctx, input) => editArea(ctx, input.id, input.area));
  registerEndpoint(app, consoleCatalogueTickets, (ctx, input) => listCatalogueTickets(ctx, input));
  registerEndpoint(app, consoleCatalogueOptions, (ctx) => listEditorOptions(ctx));
  registerEndpoint(app, consoleCatalogueTicket, async (ctx, input) =>
    toConsoleTicket(ctx, await requireTicketInScope(ctx, 'catalogue.read', input.id)),
  );
  registerEndpoint(app, consoleCatalogueTicketCreate, (ctx, input) => createTicket(ctx, input.ticket));
  registerEndpoint(app, consoleCatalogueTicketUpdate, (ctx, input) =>
    editTicket(ctx, input.id, input.ticket),
  );
  registerEndpoint(app, consoleCatalogueTicketStatus, (ctx, input) =>
    setTicketStatus(ctx, input.id, input.status),
  );
  registerEndpoint(app, consoleCatalogueTicketDays, (ctx, input) => listTicketDays(ctx, input));
  registerEndpoint(app, consoleCatalogueTicketDay, (ctx, input) => setTicketDay(ctx, input));
  registerEndpoint(app, consoleCataloguePhotoUpload, (ctx, input) => uploadPhoto(ctx, input), {
    rateLimit: UPLOAD_LIMIT,
    files: { max: 1, maxBytes: MAX_CATALOGUE_PHOTO_BYTES },
  });
  registerEndpoint(app, consoleCataloguePhotos, (ctx, input) => listPhotos(ctx, input));
  registerEndpoint(app, consoleCataloguePhotoDelete, (ctx, input) => deletePhoto(ctx, input));
  registerEndpoint(app, consoleCataloguePhotoReorder, (ctx, input) => reorderPhotos(ctx, input));
  registerEndpoint(app, consoleCatalogueRulesUpload, (ctx, input) => uploadRulesDocument(ctx, input), {
    rateLimit: UPLOAD_LIMIT,
    files: { max: 1, maxBytes: MAX_RULES_DOCUMENT_BYTES },
  });
  registerEndpoint(app, consoleCatalogueRulesDelete, (ctx, input) => deleteRulesDocument(ctx, input));
  registerEndpoint(app, catalogueRulesDocument, async (ctx, input, request, reply) => {
    const document = await readRulesDocument(ctx, input);
    const etag = `"${input.v}"`;
    // A URL names one version of the file, which never changes: kept a year by anyone.
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${document.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .removeHeader('vary');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return document.body;
  });
}
