import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any non-API path answered with the app shell so the client router can take over.
 * Vite's build writes .br and .gz siblings; they are sent to browsers that accept them.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(distDir, 'assets')}/`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const path = request.url.split('?')[0] ?? '';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (!hasBuild || !isPage || isFile || path === '/api' || path.startsWith('/api/')) {
      return sendNotFound(request, reply);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return hasBuild;
}
