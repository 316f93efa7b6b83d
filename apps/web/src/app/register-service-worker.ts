import { isWithinPage } from '@sentiero/contract/pages';
import { KEEP_LOADED_FILES } from '../lib/offline-files.ts';

/**
 * Registers /sw.js, which opens `/verify` and `/user/mytickets` with no network once they were
 * visited. Production builds only: in development Vite serves modules a worker must not keep.
 * A browser without service workers, or a registration that fails, leaves the app as it was.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The rangers' app registers a worker of its own (ADR 048), and a ranger's phone needs no storefront.
  if (isWithinPage('ranger', location.pathname)) return;
  const register = async () => {
    const controlled = navigator.serviceWorker.controller !== null;
    await navigator.serviceWorker.register('/sw.js');
    // A page the worker already serves has had every file kept on its way in.
    if (!controlled) await handOverLoadedFiles();
  };
  const start = () => register().catch((error: unknown) => console.warn('Offline use unavailable', error));
  // After the page's own files, so the worker's downloads do not compete with them.
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

/**
 * On a first visit the page's files and translations are fetched before the worker is there to
 * keep them, and those fetched while it starts up pass it by too: the worker is told of each
 * one, from the first the page loaded to the last before it took the page over, and fetches
 * them again, from the browser's HTTP cache mostly.
 */
async function handOverLoadedFiles() {
  const { active } = await navigator.serviceWorker.ready;
  if (!active) return;
  const handOver = (entries: PerformanceEntryList) => {
    const urls = entries.map((entry) => entry.name).filter(isKeptFile);
    if (urls.length > 0) active.postMessage({ type: KEEP_LOADED_FILES, urls });
  };
  // Buffered: the files loaded so far come first, then each one as it finishes loading.
  const observer = new PerformanceObserver((list) => handOver(list.getEntries()));
  observer.observe({ type: 'resource', buffered: true });
  if (!navigator.serviceWorker.controller) await controllerChange();
  // A fetch that started before the takeover may finish a moment after it.
  setTimeout(() => {
    handOver(observer.takeRecords());
    observer.disconnect();
  }, STRAGGLER_MS);
}

const STRAGGLER_MS = 10_000;

const controllerChange = () =>
  new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );

/** The files the worker keeps: the build's hashed files and the translations, of this origin. */
const isKeptFile = (name: string) => {
  const url = new URL(name);
  return url.origin === location.origin && /^\/(assets|locales)\//.test(url.pathname);
};
