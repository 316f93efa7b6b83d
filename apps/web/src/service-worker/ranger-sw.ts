/**
 * The rangers' app's own service worker (ADR 048), served as /ranger/sw.js with the scope
 * /ranger/: installed only by the phones that open the app, apart from the storefront's /sw.js,
 * so a storefront visitor never downloads the scanner and a ranger's phone keeps the whole app
 * whatever the storefront's worker does. On install it saves the app shell, the files the ranger
 * app loads (the QR decoder's WebAssembly included), its translations in the five languages and
 * its icons, so after one visit online the app opens and works with the network off. Pages come
 * from the network first and from the saved shell when there is none; hashed files from the
 * cache. API answers are never kept here: the app keeps its bundle and records in IndexedDB.
 */

// A module for the type checker only (its names stay apart from sw.ts's); the build drops the export.
export {};

/** Written before this file by the build: its id, and the files saved on install. */
declare const RANGER_BUILD: { id: string; precache: string[] };

const worker = self as unknown as ServiceWorkerGlobalScope;

// Not `sentiero-`: the storefront's worker clears every cache of that prefix it does not own.
const CACHE_PREFIX = 'ranger-';
const APP_CACHE = `${CACHE_PREFIX}app-${RANGER_BUILD.id}`;
// Translations and icons outlive a build: offline, an older copy beats none.
const LASTING_CACHE = `${CACHE_PREFIX}lasting-v1`;
const SHELL = '/index.html';

const isLasting = (path: string) =>
  path.startsWith('/locales/') || path.startsWith('/icons/') || path === '/ranger/manifest.webmanifest';

worker.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') event.respondWith(pageOrShell(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (isLasting(url.pathname)) event.respondWith(staleWhileRevalidate(event));
});

async function precache() {
  const app = await caches.open(APP_CACHE);
  const lasting = await caches.open(LASTING_CACHE);
  const files = RANGER_BUILD.precache;
  // The shell is revalidated: an older copy in the HTTP cache would name another build's files.
  await app.addAll(
    files
      .filter((path) => !isLasting(new URL(path, worker.location.origin).pathname))
      .map((path) => new Request(path, { cache: path === SHELL ? 'no-cache' : 'default' })),
  );
  await lasting.addAll(files.filter((path) => isLasting(new URL(path, worker.location.origin).pathname)));
  // The new app is there in full: it takes over at once, so a ranger never runs two builds' halves.
  await worker.skipWaiting();
}

async function activate() {
  const current = [APP_CACHE, LASTING_CACHE];
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !current.includes(name))
      .map((name) => caches.delete(name)),
  );
  await worker.registration.navigationPreload?.enable();
  await worker.clients.claim();
}

async function keep(request: Request, response: Response, cacheName: string): Promise<void> {
  if (response.status !== 200) return;
  try {
    await (await caches.open(cacheName)).put(request, response);
  } catch {
    // Storage full or refused: the page still gets its answer.
  }
}

async function pageOrShell(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    // No network: every page of the app is the same shell, and the client router draws it.
    return (await caches.match(SHELL, { cacheName: APP_CACHE })) ?? Response.error();
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: APP_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  await keep(request, response.clone(), APP_CACHE);
  return response;
}

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cached = await caches.match(request, { cacheName: LASTING_CACHE });
  const fresh = fetch(request).then(async (response) => {
    await keep(request, response.clone(), LASTING_CACHE);
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  try {
    return await fresh;
  } catch (error) {
    // Another build's translation (its `?v=` differs) is better than no text at all.
    const older = await caches.match(request, { cacheName: LASTING_CACHE, ignoreSearch: true });
    if (older) return older;
    throw error;
  }
}
