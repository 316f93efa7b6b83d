import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Language } from '@sentiero/contract/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { browserRenderedShells } from './app-shell.ts';
import { sendNotFound } from './error-handler.ts';
import { injectHead, withLanguage } from './page-head.ts';
import type { CachedAnswer } from './public-cache.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any non-API path answered with the app shell so the client router can take over.
 * Vite's build writes .br and .gz siblings; they are sent to browsers that accept them.
 */
/** The head of a page: its title, description and links; `heading` is the page's own h1 when the server rendered it. */
export type PageHeadRenderer = (
  request: FastifyRequest,
  path: string,
  heading?: string,
) => Promise<string | undefined>;

export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  renderHead: PageHeadRenderer,
): Promise<boolean> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  // Read once: every page is this shell with its own title, description and links put in.
  const shell = hasBuild ? readFileSync(join(distDir, 'index.html'), 'utf8') : '';
  const pages = hasBuild ? await loadServerRendering(app, distDir) : undefined;
  const browserShells = browserRenderedShells(shell, pages?.loadingScreens);
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
        // Illustrations and app icons keep their names from build to build and rarely change: a day without asking.
        const picture =
          path.includes(`${join(distDir, 'illustrations')}/`) || path.includes(`${join(distDir, 'icons')}/`);
        res.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : picture
              ? 'public, max-age=86400, stale-while-revalidate=604800'
              : 'no-cache',
        );
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
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie');
    if (pages?.isServerRendered(path)) {
      // The same page for every visitor of a language: kept for PUBLIC_CACHE_SECONDS, like the API's public reads.
      const key = `page ${app.publicCache.key(request)}`;
      const cached = app.publicCache.get(key);
      if (cached) return sendPage(reply, 200, cached.body, cached.etag);
      // Visitors who ask while the page is being written wait for that one writing.
      const page = await app.publicCache.once(key, () => renderServerPage(pages, request, path, key)).made;
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      if (page.kind === 'page') return sendPage(reply, page.status, page.answer.body, page.answer.etag);
      return sendPage(reply, page.status, await pageWithHead(request, path, browserShells[request.lang]));
    }
    return sendPage(reply, 200, await pageWithHead(request, path, browserShells[request.lang]));
  });

  /** A page written by the server with its head, and kept; or where the browser must go instead. */
  async function renderServerPage(
    pages: ServerRendering,
    request: FastifyRequest,
    path: string,
    key: string,
  ): Promise<ServerPage> {
    const page = await pages.render({ url: request.url, language: request.lang }).catch((err: unknown) => {
      request.log.error({ err, path }, 'page not rendered on the server');
      return undefined;
    });
    if (page?.kind === 'redirect') return page;
    if (page?.kind !== 'page') return { kind: 'browser', status: page?.status ?? 200 };
    const html = await pageWithHead(
      request,
      path,
      shell.replace(ROOT, `${ROOT_OPEN}${page.html}</div>`),
      firstHeading(page.html),
    );
    return { kind: 'page', status: page.status, answer: app.publicCache.set(key, html) };
  }

  /** The page with its title, description and links put in, or as it is when they cannot be found. */
  async function pageWithHead(
    request: FastifyRequest,
    path: string,
    page: string,
    heading?: string,
  ): Promise<string> {
    const head = await renderHead(request, path, heading).catch((err: unknown) => {
      request.log.warn({ err, path }, 'page head not rendered');
      return undefined;
    });
    return head ? injectHead(page, head, request.lang, path) : withLanguage(page, request.lang, path);
  }
  return hasBuild;
}

const ROOT_OPEN = '<div id="root">';
const ROOT = `${ROOT_OPEN}</div>`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/** The text of the first h1 of rendered HTML, as a reader sees it. */
export function firstHeading(html: string): string | undefined {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  const text = inner
    ?.replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_entity, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

/** A page; `etag`, when the page is kept, saves hashing it again on every request. */
function sendPage(reply: FastifyReply, status: number, html: string, etag?: string) {
  if (etag) reply.header('etag', etag);
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** What the server build of the web app (apps/web/dist-server/entry-server.js, ADR 016) offers. */
type ServerRendering = {
  isServerRendered(path: string): boolean;
  /** The app's loading screen in each language, for the pages the browser renders. */
  loadingScreens: Record<Language, string>;
  render(page: {
    url: string;
    language: Language;
  }): Promise<
    | { kind: 'page'; status: number; html: string }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'browser'; status: number }
  >;
};

type ServerPage =
  | { kind: 'page'; status: number; answer: CachedAnswer }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser'; status: number };

type ServerEntry = {
  isServerRendered: ServerRendering['isServerRendered'];
  renderLoadingScreens(localesDir: string): Promise<Record<Language, string>>;
  createPageRenderer(options: {
    localesDir: string;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
  }): ServerRendering['render'];
};

/**
 * Loads the server build of the public pages, built beside the browser's (`npm run build`).
 * Without it every page is the app shell, rendered in the browser. The pages' API calls are
 * answered by this server in the same process (`inject`), with no socket.
 */
async function loadServerRendering(
  app: FastifyInstance,
  distDir: string,
): Promise<ServerRendering | undefined> {
  const entry = join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'no server build of the web app: pages are rendered in the browser');
    return undefined;
  }
  const server = (await import(pathToFileURL(entry).href)) as ServerEntry;
  const localesDir = join(distDir, 'locales');
  const render = server.createPageRenderer({
    localesDir,
    fetch: async (url, init) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    },
  });
  return {
    isServerRendered: server.isServerRendered,
    render,
    loadingScreens: await server.renderLoadingScreens(localesDir),
  };
}
