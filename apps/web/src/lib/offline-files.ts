/** What a page asks of the service worker: src/service-worker/sw.ts reads the same message. */
export const KEEP_LOADED_FILES = 'keep-loaded-files';

/** Where the translations are loaded from (i18next's `loadPath`); the build id makes each build's its own. */
export const TRANSLATIONS_LOAD_PATH = `/locales/{{lng}}/{{ns}}.json?v=${__BUILD_ID__}`;

export const translationFileUrl = (language: string, namespace: string) =>
  TRANSLATIONS_LOAD_PATH.replace('{{lng}}', language).replace('{{ns}}', namespace);

/**
 * Asks the service worker to keep files of this origin that the page did not fetch itself: a
 * page the server rendered brings its translations inline, so a screen that must open offline
 * names the translation files it needs. Production builds only, like the worker; a browser
 * without one ignores it.
 */
export function keepFilesOffline(urls: string[]): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.ready
    .then(({ active }) => active?.postMessage({ type: KEEP_LOADED_FILES, urls }))
    .catch(() => undefined);
}
