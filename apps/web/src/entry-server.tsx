/**
 * Server rendering of the public pages (ADR 016). The API imports the build of this file
 * (apps/web/dist-server/entry-server.js) and asks it for the HTML of each page a visitor opens;
 * the browser then hydrates that HTML with the same routes (main.tsx).
 *
 * A page is rendered with React Router's static handler, so its route loaders run as they do in
 * the browser, then rendered until every query its components asked for has its answer: a render
 * that finds queries nobody has fetched fetches them and renders again (at most MAX_RENDERS
 * times). The page is sent whole, not streamed: its data comes from this process in milliseconds,
 * and a whole page can be kept for a few seconds and needs no inline script (ADR 016). The
 * answers, the route data and the translations used go into the page as JSON, so the browser's
 * first render is the server's, with nothing fetched twice.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { isServerRenderedPath } from '@sentiero/contract/pages';
import { dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router';
import { type PageData, pageDataElement } from './app/page-data.ts';
import { routes } from './app/routes.tsx';
import { setApiFetch } from './lib/api-client.ts';
import { recordFormats } from './lib/format.ts';
import { pageScopeContext } from './lib/route-data.ts';
import { Spinner } from './ui/spinner.tsx';

/**
 * The strings each page's render formatted (lib/format.ts), kept per request: renders of several
 * pages interleave while they wait for their data.
 */
const pageFormats = new AsyncLocalStorage<Map<string, string>>();
recordFormats((key, text) => pageFormats.getStore()?.set(key, text));

/**
 * Whether the server renders the page at this path: the public pages of the table of pages
 * (contract/pages.ts). Members' screens and the purchase steps stay in the browser.
 */
export function isServerRendered(path: string): boolean {
  return isServerRenderedPath(path);
}

/** A page rendered, a redirect, or a status for which the browser renders the page itself (a 404, an API failure). */
export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser'; status: number };

export type PageRenderer = (page: { url: string; language: Language }) => Promise<RenderedPage>;

// Enough for a page whose lists depend on an earlier answer (a category's regions, then its tickets).
const MAX_RENDERS = 4;
// A page that cannot be written in this time is left to the browser.
const RENDER_TIMEOUT_MS = 5000;
// A boundary React left pending (`<!--$?-->`) or to the browser (`<!--$!-->`), or a script of its own.
const UNFINISHED = /<!--\$[?!]-->|<script/;

/**
 * Makes the renderer: `localesDir` holds the build's translations (`<language>/<namespace>.json`),
 * `fetch` answers the API calls the pages make (the API passes one that never leaves the process).
 */
export function createPageRenderer({
  localesDir,
  fetch,
}: {
  localesDir: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}): PageRenderer {
  setApiFetch(fetch);
  const translations = loadTranslations(localesDir);
  const handler = createStaticHandler(routes);

  return ({ url, language }) => pageFormats.run(new Map(), () => renderPage(url, language));

  async function renderPage(url: string, language: Language): Promise<RenderedPage> {
    const queryClient = new QueryClient({
      defaultOptions: {
        queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, staleTime: Number.POSITIVE_INFINITY },
      },
    });
    try {
      const context = new RouterContextProvider();
      context.set(pageScopeContext, { queryClient, language });
      const result = await handler.query(new Request(new URL(url, 'http://localhost')), {
        requestContext: context,
      });
      if (result instanceof Response) {
        const location = result.headers.get('location');
        return location
          ? { kind: 'redirect', status: result.status, location }
          : { kind: 'browser', status: result.status };
      }
      if (result.errors || result.statusCode !== 200) return { kind: 'browser', status: result.statusCode };

      const i18n = translations.cloneInstance({ lng: language });
      const router = createStaticRouter(handler.dataRoutes, result);
      // The boundary where the browser's app has its own (start.tsx), inside the providers its
      // fallback reads: the static renderer renders a fallback while the part it stands for loads.
      const page = (
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <Suspense fallback={<Spinner size="large" />}>
              <StaticRouterProvider router={router} context={result} hydrate={false} />
            </Suspense>
          </I18nextProvider>
        </QueryClientProvider>
      );

      for (let render = 1; render <= MAX_RENDERS; render++) {
        const html = await renderToHtml(page);
        const unfetched = queryClient
          .getQueryCache()
          .findAll()
          .filter((query) => query.state.status === 'pending' && isEnabled(query));
        if (unfetched.length === 0) {
          const failed = queryClient
            .getQueryCache()
            .findAll({ predicate: (query) => query.state.status === 'error' });
          // The browser shows a failed answer with its retry button; it renders that page itself.
          if (failed.length > 0) return { kind: 'browser', status: 200 };
          const data: PageData = {
            translations: { language, namespaces: usedTranslations(i18n, language) },
            queries: dehydrate(queryClient),
            router: {
              loaderData: result.loaderData,
              matches: result.matches.map((match) => match.route.id),
              location: addressOf(url),
            },
            formats: Object.fromEntries(pageFormats.getStore() ?? []),
          };
          return { kind: 'page', status: 200, html: `${html}${pageDataElement(data)}` };
        }
        await Promise.all(unfetched.map((query) => query.fetch().catch(() => undefined)));
      }
      return { kind: 'browser', status: 200 };
    } finally {
      queryClient.clear();
    }
  }
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The app's loading screen, `<Spinner size="large" />`, as HTML in each language: a page the
 * browser renders shows it from its first paint until the app replaces it (apps/api's
 * platform/app-shell.ts), the same markup the app shows while a page's code arrives.
 */
export async function renderLoadingScreens(localesDir: string): Promise<Record<Language, string>> {
  const translations = loadTranslations(localesDir);
  const screens: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    screens[language] = await renderToHtml(
      <I18nextProvider i18n={translations.cloneInstance({ lng: language })}>
        <Spinner size="large" />
      </I18nextProvider>,
    );
  }
  return screens as Record<Language, string>;
}

const loadedTranslations = new Map<string, I18n>();

/**
 * Every translation of the build, read once (the pages' renderer and the loading screens share
 * them); each page is rendered with a copy in its language.
 */
function loadTranslations(localesDir: string): I18n {
  const loaded = loadedTranslations.get(localesDir);
  if (loaded) return loaded;
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const language of LANGUAGES) {
    const namespaces: Record<string, Record<string, unknown>> = {};
    for (const file of readdirSync(join(localesDir, language))) {
      if (!file.endsWith('.json')) continue;
      namespaces[file.slice(0, -'.json'.length)] = JSON.parse(
        readFileSync(join(localesDir, language, file), 'utf8'),
      );
    }
    resources[language] = namespaces;
  }
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    load: 'languageOnly',
    ns: Object.keys(resources.it ?? {}),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  loadedTranslations.set(localesDir, instance);
  return instance;
}

/** The namespaces the page used, in its language: what the browser needs for its first render. */
function usedTranslations(i18n: I18n, language: Language): Record<string, Record<string, unknown>> {
  const used = new Set(['common', ...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])]);
  return Object.fromEntries(
    [...used].map((namespace) => [
      namespace,
      i18n.getResourceBundle(language, namespace) as Record<string, unknown>,
    ]),
  );
}

/**
 * The page as HTML, every part of it written. React's static renderer waits for whatever a part
 * suspends on (a lazily loaded component the first time it is met after the server starts, a
 * translation, an answer) before it writes the HTML, so no Suspense boundary is left for the
 * browser to render (React error #419 there, and the part missing from the server's page).
 * `renderToString` cannot wait: it wrote such a part as an empty client-rendered boundary.
 * A part that fails, or a page not written in RENDER_TIMEOUT_MS, leaves the page to the browser.
 */
async function renderToHtml(page: ReactNode): Promise<string> {
  const failures: unknown[] = [];
  const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const { prelude } = await prerender(page, {
    signal,
    // Every boundary in line: React would otherwise send a large one after the rest, with an
    // inline script to put it in place, which the Content-Security-Policy refuses (ADR 016).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failures.push(error);
    },
  });
  const html = await new Response(prelude).text();
  if (signal.aborted) throw new Error('A part of the page did not load in time');
  if (failures.length > 0) throw new AggregateError(failures, 'A part of the page failed on the server');
  if (UNFINISHED.test(html)) throw new Error('The page has a part the browser would have to finish');
  return html;
}

/** The path and query of an address, written as the browser's `location` writes them. */
function addressOf(url: string): string {
  const { pathname, search } = new URL(url, 'http://localhost');
  return `${pathname}${search}`;
}
