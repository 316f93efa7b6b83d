import { ticketList, ticketShare, ticketShared, ticketShareRevoke } from '@sentiero/contract/my-tickets';
import { rangerRedeem } from '@sentiero/contract/ranger';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerEndpoint } from '../../platform/http.ts';
import { operationAccess } from '../../platform/openapi.ts';
import { redeemTicket, type TicketVerifier } from './redeem.ts';
import {
  downloadTickets,
  listMemberTickets,
  revokeTicketShare,
  shareTicket,
  showSharedTicket,
} from './service.ts';

const ZPdfFile = z.string().meta({ contentMediaType: 'application/pdf' });

const REDEEM_LIMIT = { max: 120, timeWindow: '1 minute' };

/** `verifier` checks the signature of the QR codes rangers scan: Sentiero's own ticket key. */
export function registerMyTicketRoutes(app: FastifyInstance, { verifier }: { verifier: TicketVerifier }) {
  registerEndpoint(app, ticketList, (ctx, input) => listMemberTickets(ctx, input));
  registerEndpoint(app, ticketShare, (ctx, input) => shareTicket(ctx, input.code));
  registerEndpoint(app, ticketShareRevoke, (ctx, input) => revokeTicketShare(ctx, input.code));
  registerEndpoint(app, ticketShared, (ctx, input) => showSharedTicket(ctx, input.token));
  // A ranger's device redeems online (ADR 043): the endpoint is the rangers', the tickets are ours.
  registerEndpoint(
    app,
    rangerRedeem,
    (ctx, input) => redeemTicket(ctx, verifier, { text: input.code, typed: input.typed === true }),
    { rateLimit: REDEEM_LIMIT },
  );
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/app/ticket/download',
    {
      schema: {
        tags: ['tickets'],
        summary: 'A ticket (code) or a whole order (order) as PDF.',
        ...operationAccess('member'),
        response: {
          200: {
            description: 'The tickets as a PDF file.',
            content: { 'application/pdf': { schema: ZPdfFile } },
          },
        },
      },
    },
    async (request, reply) => {
      const text = (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : undefined);
      const { pdf, filename } = await downloadTickets(request.ctx, {
        code: text(request.query.code),
        order: text(request.query.order),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
