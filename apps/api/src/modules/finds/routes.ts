import { findDelete, findExport, findImport, findList, findSave } from '@sentiero/contract/finds';
import { MAX_IMPORT_BYTES } from '@sentiero/contract/finds-limits';
import { notebookDelete, notebookExport, notebookList, notebookSave } from '@sentiero/contract/notebook';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { deleteNotebookEntry, exportNotebook, listNotebook, saveNotebookEntry } from './notebook.ts';
import { deleteFind, exportFinds, importFinds, listFinds, saveFind } from './service.ts';

/** A phone catching up after a day offline sends its outbox at once: a few hundred writes. */
const SYNC_LIMIT = { max: 600, timeWindow: '1 minute' };
const IMPORT_LIMIT = { max: 10, timeWindow: '1 minute' };

/** A download: the file's type and name; never cached, it is the member's own data. */
function asDownload(reply: FastifyReply, type: string, filename: string) {
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');
}

export function registerFindRoutes(app: FastifyInstance) {
  registerEndpoint(app, findList, (ctx, input) => listFinds(ctx, input));
  registerEndpoint(app, findSave, (ctx, input) => saveFind(ctx, input), { rateLimit: SYNC_LIMIT });
  registerEndpoint(app, findDelete, (ctx, input) => deleteFind(ctx, input), { rateLimit: SYNC_LIMIT });
  registerEndpoint(app, findExport, async (ctx, input, _request, reply) => {
    const file = await exportFinds(ctx, input.format);
    asDownload(reply, file.type, file.filename);
    return file.body;
  });
  registerEndpoint(app, findImport, (ctx, input) => importFinds(ctx, input), {
    rateLimit: IMPORT_LIMIT,
    files: { max: 1, maxBytes: MAX_IMPORT_BYTES },
  });

  registerEndpoint(app, notebookList, (ctx, input) => listNotebook(ctx, input));
  registerEndpoint(app, notebookSave, (ctx, input) => saveNotebookEntry(ctx, input), {
    rateLimit: SYNC_LIMIT,
  });
  registerEndpoint(app, notebookDelete, (ctx, input) => deleteNotebookEntry(ctx, input), {
    rateLimit: SYNC_LIMIT,
  });
  registerEndpoint(app, notebookExport, async (ctx, input, _request, reply) => {
    const file = await exportNotebook(ctx, input);
    asDownload(reply, 'text/csv; charset=utf-8', file.filename);
    return file.body;
  });
}
