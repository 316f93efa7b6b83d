/**
 * The service worker, served as /sw.js (vite.config.ts builds it with this build's file list).
 * It lets `/verify` and `/user/mytickets` open with no network once visited: pages come from
 * the network first and from the saved app shell when there is none; the app's hashed files
 * from the cache first; translations, illustrations and the installed app's manifest and icons from the
 * cache while a fresh copy is fetched. API answers
 * are never kept here: the app keeps what it needs offline (tickets, verification keys) itself.
 * It also shows Sentiero+ alerts sent by Web Push, and a click on one opens the area it is about.
 */

/** Written before this file by the build: its id, and the files saved on install. */
declare const SW_BUILD: { id: string; precache: string[] };

const sw = self as unknown as ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'sentiero-';
// One cache per build: it holds that build's files only, and the next build starts clean.
const APP_CACHE = `${CACHE_PREFIX}app-${SW_BUILD.id}`;
// Translations outlive a build: offline, the copy an older build fetched beats no text at all.
const LOCALES_CACHE = `${CACHE_PREFIX}locales-v1`;
// The storefront's illustrations and the app's manifest and icons: few, small, and the same from
// one build to the next.
const PICTURES_CACHE = `${CACHE_PREFIX}pictures-v1`;
/** What an installed app opens with, so its name and icon show with no network too. */
const isAppIdentity = (path: string) =>
  path === '/manifest.webmanifest' || path === '/favicon.svg' || path.startsWith('/icons/');
const SHELL = '/index.html';
const KEEP_LOADED_FILES = 'keep-loaded-files';

sw.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') event.respondWith(pageOrShell(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (
    url.pathname.startsWith('/locales/') ||
    url.pathname.startsWith('/illustrations/') ||
    isAppIdentity(url.pathname)
  )
    event.respondWith(staleWhileRevalidate(event));
});

sw.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; urls?: unknown } | null;
  if (message?.type !== KEEP_LOADED_FILES || !Array.isArray(message.urls)) return;
  event.waitUntil(keepLoadedFiles(message.urls));
});

sw.addEventListener('push', (event) => {
  event.waitUntil(showAlert(event.data));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage((event.notification.data as { url?: unknown } | null)?.url));
});

/** What the server pushes (`AlertPushPayload`): shown as it is, in the member's language. */
type AlertPush = { title: string; body: string; url: string; tag: string };

function readPush(data: PushMessageData | null): AlertPush | null {
  try {
    const payload = data?.json() as Partial<AlertPush> | undefined;
    if (typeof payload?.title !== 'string') return null;
    return {
      title: payload.title,
      body: typeof payload.body === 'string' ? payload.body : '',
      url: typeof payload.url === 'string' ? payload.url : '/',
      tag: typeof payload.tag === 'string' ? payload.tag : 'alert',
    };
  } catch {
    return null;
  }
}

async function showAlert(data: PushMessageData | null) {
  const alert = readPush(data);
  // Browsers ask that every push shows something: a push we cannot read still says so plainly.
  await sw.registration.showNotification(alert?.title ?? 'Sentiero', {
    body: alert?.body ?? '',
    tag: alert?.tag ?? 'alert',
    icon: '/icons/icon-192.png',
    badge: '/icons/maskable-192.png',
    data: { url: alert?.url ?? '/' },
  });
}

/** A window of ours already open goes to the page; otherwise a new one opens it. Our pages only. */
async function openPage(path: unknown) {
  const url = new URL(typeof path === 'string' ? path : '/', sw.location.origin);
  if (url.origin !== sw.location.origin) return;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    try {
      // Only a window this worker controls can be sent elsewhere; another gets a new window.
      await (await open.focus()).navigate(url.href);
      return;
    } catch {}
  }
  await sw.clients.openWindow(url.href);
}

async function precache() {
  const cache = await caches.open(APP_CACHE);
  // The shell is revalidated: an older copy in the HTTP cache would name another build's files.
  await cache.addAll(
    SW_BUILD.precache.map((path) => new Request(path, { cache: path === SHELL ? 'no-cache' : 'default' })),
  );
}

async function activate() {
  const current = [APP_CACHE, LOCALES_CACHE, PICTURES_CACHE];
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !current.includes(name))
      .map((name) => caches.delete(name)),
  );
  // The page request starts while the worker boots, so network-first costs no extra wait.
  await sw.registration.navigationPreload?.enable();
  // The page that registered the worker is served by it from now on, without a reload.
  await sw.clients.claim();
}

/** Where a file of this origin is kept, if it is one this worker keeps. */
function cacheNameFor(url: URL): string | null {
  if (url.pathname.startsWith('/assets/')) return APP_CACHE;
  if (url.pathname.startsWith('/locales/')) return LOCALES_CACHE;
  if (url.pathname.startsWith('/illustrations/') || isAppIdentity(url.pathname)) return PICTURES_CACHE;
  return null;
}

/** Keeps a complete, successful answer; a translation replaces the copies of other builds. */
async function keep(request: Request, response: Response): Promise<void> {
  const cacheName = cacheNameFor(new URL(request.url));
  if (!cacheName || response.status !== 200) return;
  try {
    const cache = await caches.open(cacheName);
    if (cacheName === LOCALES_CACHE) {
      const versions = await cache.keys(request, { ignoreSearch: true });
      await Promise.all(versions.filter((old) => old.url !== request.url).map((old) => cache.delete(old)));
    }
    await cache.put(request, response);
  } catch {
    // Storage full or refused: the page still gets its answer.
  }
}

async function pageOrShell(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    // No network: every page is the same app shell, and the client router draws the page.
    return (await caches.match(SHELL, { cacheName: APP_CACHE })) ?? Response.error();
  }
}

/** Hashed file names never change content, so a kept copy is always right. */
async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: APP_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  // Kept before it is handed over, so a page that has loaded is a page that opens offline.
  await keep(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cacheName = cacheNameFor(new URL(request.url)) ?? LOCALES_CACHE;
  const cached = await caches.match(request, { cacheName });
  const fresh = fetch(request).then(async (response) => {
    await keep(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  try {
    return await fresh;
  } catch (error) {
    // No network and no copy of this build: the copy an older build fetched.
    const older = await caches.match(request, { cacheName, ignoreSearch: true });
    if (older) return older;
    throw error;
  }
}

/** The page's own files, fetched before this worker was there; the HTTP cache has most of them. */
async function keepLoadedFiles(urls: unknown[]): Promise<void> {
  await Promise.allSettled(
    urls.map(async (value) => {
      if (typeof value !== 'string') return;
      const url = new URL(value, sw.location.origin);
      const cacheName = url.origin === sw.location.origin ? cacheNameFor(url) : null;
      if (!cacheName || (await caches.match(url.href, { cacheName }))) return;
      const request = new Request(url.href);
      await keep(request, await fetch(request));
    }),
  );
}
