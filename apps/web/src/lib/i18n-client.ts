import { findLanguage, findLanguageForHost, LANGUAGES, type Language } from '@sentiero/contract/languages';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { i18n } from './i18n.ts';
import { TRANSLATIONS_LOAD_PATH } from './offline-files.ts';

/**
 * SPEC section 1: query `lng`, cookie, local storage, session storage, browser, html tag.
 * "When no language is stored, the host sets the default": the host check sits right after
 * the stored choices. The html tag says `it`, so a browser in an unsupported language gets
 * the default, Italian; a missing translation falls back to English.
 */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'host',
  'navigator',
  'htmlTag',
];

/** The translations a server-rendered page was written with, by namespace. */
export type PageTranslations = { language: Language; namespaces: Record<string, Record<string, unknown>> };

const detector = new LanguageDetector();
detector.addDetector({
  name: 'host',
  lookup: () => (typeof window === 'undefined' ? undefined : findLanguageForHost(window.location.hostname)),
});

/**
 * Starts the browser's translations. A server-rendered page brings its language and the
 * namespaces it used, so the first render in the browser says what the server wrote, without
 * waiting for a translation file; other namespaces load from /locales as screens need them.
 * The choice is kept in local storage and in the `i18next` cookie, which the server reads.
 */
export function startTranslations(page?: PageTranslations) {
  return i18n
    .use(HttpBackend)
    .use(detector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      ...(page && {
        lng: page.language,
        resources: { [page.language]: page.namespaces },
        partialBundledLanguages: true,
      }),
      detection: {
        order: DETECTION_ORDER,
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        // `si` (as SPEC writes Slovenian) and regional tags such as `de-CH` map onto our codes.
        convertDetectedLanguage: (code: string) => findLanguage(code) ?? code,
      },
      backend: { loadPath: TRANSLATIONS_LOAD_PATH },
      // SPEC section 7: translation loading retries 5 times at 350 ms with 10 parallel reads.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
    });
}

/**
 * The language this browser would choose by itself (SPEC's order), for a page the server
 * rendered in another one: a choice stored before the cookie existed, or a `?lng=` of the
 * browser's own.
 */
export function detectedLanguage(): Language | undefined {
  const detected = detector.detect();
  const candidates = Array.isArray(detected) ? detected : [detected];
  return candidates.map((code) => findLanguage(code ?? undefined)).find((language) => language !== undefined);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});
