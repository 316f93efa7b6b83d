import {
  consoleFigures,
  consoleFiguresCsv,
  consoleOperatorCommission,
  consoleStatement,
  consoleStatementCsv,
  consoleStatementPdf,
} from '@sentiero/contract/console-figures';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { setOperatorCommission } from './commission.ts';
import { getFigures, getFiguresCsv } from './figures.ts';
import { getStatement, getStatementCsv, getStatementPdf } from './statements.ts';

/** A file to download: never stored, it is an operator's money. */
function asDownload(reply: FastifyReply, type: string, filename: string) {
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');
}

/** The console's figures and money owed (issue 23, item 4; ADR 036). */
export function registerConsoleFigureRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleFigures, (ctx, input) => getFigures(ctx, input));
  registerEndpoint(app, consoleFiguresCsv, async (ctx, input, _request, reply) => {
    const file = await getFiguresCsv(ctx, input);
    asDownload(reply, 'text/csv; charset=utf-8', file.filename);
    return file.body;
  });
  registerEndpoint(app, consoleStatement, (ctx, input) => getStatement(ctx, input));
  registerEndpoint(app, consoleStatementCsv, async (ctx, input, _request, reply) => {
    const file = await getStatementCsv(ctx, input);
    asDownload(reply, 'text/csv; charset=utf-8', file.filename);
    return file.body;
  });
  registerEndpoint(app, consoleStatementPdf, async (ctx, input, _request, reply) => {
    const file = await getStatementPdf(ctx, input);
    asDownload(reply, 'application/pdf', file.filename);
    // A Buffer is sent as it is: Fastify serialises no bytes.
    return reply.send(file.body) as unknown as string;
  });
  registerEndpoint(app, consoleOperatorCommission, (ctx, input) => setOperatorCommission(ctx, input));
}
