import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.ts';
import { injectHead } from './page-head.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any non-API path answered with the app shell so the client router can take over.
 * Vite's build writes .br and .gz siblings; they are sent to browsers that accept them.
 */
export type PageHeadRenderer = (request: FastifyRequest, path: string) => Promise<string | undefined>;

export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  renderHead: PageHeadRenderer,
): Promise<boolean> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  // Read once: every page is this shell with its own title, description and links put in.
  const shell = hasBuild ? readFileSync(join(distDir, 'index.html'), 'utf8') : '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes for the files of this build only, so `/` and every other page reach the handler below.
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(distDir, 'assets')}/`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const path = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (!hasBuild || !isPage || isFile || path === '/api' || path.startsWith('/api/')) {
      return sendNotFound(request, reply);
    }
    const head = await renderHead(request, path).catch((err: unknown) => {
      request.log.warn({ err, path }, 'page head not rendered');
      return undefined;
    });
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie');
    return reply.type('text/html; charset=utf-8').send(head ? injectHead(shell, head, request.lang) : shell);
  });
  return hasBuild;
}
