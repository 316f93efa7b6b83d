import { ZRulesDownloadRequest } from '@sentiero/contract/downloads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from './context.ts';
import { operationAccess } from './openapi.ts';

type Rules = { slug: string; title: string; rules: string };

/**
 * A rules file: plain UTF-8 text that opens on any phone and prints as it is, named after the
 * area or ticket and written in the request's language.
 */
export function registerRulesDownload(
  app: FastifyInstance,
  url: string,
  load: (ctx: ServiceContext, id: number) => Promise<Rules>,
  /** What the document says the download is. */
  summary: string,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    url,
    {
      schema: {
        querystring: ZRulesDownloadRequest,
        tags: ['downloads'],
        summary,
        ...operationAccess('public'),
        response: {
          200: { description: 'The rules as plain text.', content: { 'text/plain': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { slug, title, rules } = await load(request.ctx, request.query.id);
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${slug}-${request.lang}.txt"`)
        .header('cache-control', 'public, max-age=3600');
      return `${title}\n${'='.repeat(title.length)}\n\n${rules}\n`;
    },
  );
}
