import { findLanguage, type Language } from '@sentiero/contract/languages';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The app's translations. In the browser `i18n` is the one instance, started by
 * `startTranslations` (i18n-client.ts); on the server each page is rendered with its own copy
 * in the request's language (entry-server.tsx), which components reach through react-i18next's
 * context. Code that runs during rendering therefore asks `useCurrentLanguage`, not `i18n`.
 */
export { i18n };

/** The browser's current language (outside rendering: API calls, loaders, event handlers). */
export function currentLanguage(): Language {
  return findLanguage(i18n.resolvedLanguage) ?? 'it';
}

/** The language being rendered, re-rendering the caller when the visitor switches it. */
export function useCurrentLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return findLanguage(instance.resolvedLanguage ?? instance.language) ?? 'it';
}
