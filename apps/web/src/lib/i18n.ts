import { findLanguage, findLanguageForHost, LANGUAGES, type Language } from '@sentiero/contract/languages';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';

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

const detector = new LanguageDetector();
detector.addDetector({
  name: 'host',
  lookup: () => (typeof window === 'undefined' ? undefined : findLanguageForHost(window.location.hostname)),
});

export const i18nReady = i18n
  .use(HttpBackend)
  .use(detector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    detection: {
      order: DETECTION_ORDER,
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage'],
      // `si` (as SPEC writes Slovenian) and regional tags such as `de-CH` map onto our codes.
      convertDetectedLanguage: (code: string) => findLanguage(code) ?? code,
    },
    backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${__BUILD_ID__}` },
    // SPEC section 7: translation loading retries 5 times at 350 ms with 10 parallel reads.
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    interpolation: { escapeValue: false },
  });

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export function currentLanguage(): Language {
  return findLanguage(i18n.resolvedLanguage) ?? 'it';
}

export { i18n };

/** The current language, re-rendering the caller when the visitor switches it. */
export function useCurrentLanguage(): Language {
  useTranslation();
  return currentLanguage();
}
