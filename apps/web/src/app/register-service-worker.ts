/** What the page asks of the worker once it is running; src/service-worker/sw.ts reads the same type. */
const KEEP_LOADED_FILES = 'keep-loaded-files';

/**
 * Registers /sw.js, which opens `/verify` and `/user/mytickets` with no network once they were
 * visited. Production builds only: in development Vite serves modules a worker must not keep.
 * A browser without service workers, or a registration that fails, leaves the app as it was.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    await navigator.serviceWorker.register('/sw.js');
    const { active } = await navigator.serviceWorker.ready;
    // On a first visit this page's files and translations were fetched before the worker was
    // there to keep them: it fetches them again, from the browser's HTTP cache mostly.
    active?.postMessage({ type: KEEP_LOADED_FILES, urls: sameOriginFiles() });
  };
  const start = () => register().catch((error: unknown) => console.warn('Offline use unavailable', error));
  // After the page's own files, so the worker's downloads do not compete with them.
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

const sameOriginFiles = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/`));
