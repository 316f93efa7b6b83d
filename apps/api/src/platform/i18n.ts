import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode } from '@sentiero/contract/errors';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  findLanguage,
  findLanguageInAcceptHeader,
  LANGUAGES,
  type Language,
} from '@sentiero/contract/languages';
import { LOCALES_DIR } from './config.ts';

type ErrorMessages = Record<ErrorCode, string> & { field: Record<string, string> };

/**
 * The API's messages are the web app's `errors` namespace: one set of translations for both,
 * read once at start-up.
 */
function loadErrorMessages(): Record<Language, Partial<ErrorMessages>> {
  const load = (language: Language): Partial<ErrorMessages> => {
    try {
      return JSON.parse(readFileSync(join(LOCALES_DIR, language, 'errors.json'), 'utf8'));
    } catch {
      return {};
    }
  };
  return Object.fromEntries(LANGUAGES.map((language) => [language, load(language)])) as Record<
    Language,
    Partial<ErrorMessages>
  >;
}

const messages = loadErrorMessages();

if (!messages[FALLBACK_LANGUAGE].INTERNAL) {
  throw new Error(`The English error messages are missing from ${LOCALES_DIR}/en/errors.json`);
}

export function errorMessage(language: Language, code: ErrorCode): string {
  return messages[language][code] ?? messages[FALLBACK_LANGUAGE][code] ?? code;
}

/** `kind` is a key of the `field` messages: `invalid`, `required` or a field-specific one. */
export function fieldMessage(language: Language, kind: string): string {
  return messages[language].field?.[kind] ?? messages[FALLBACK_LANGUAGE].field?.[kind] ?? kind;
}

export type LanguageSources = {
  param?: unknown;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
};

/** The request's language: the `lng` parameter, then the `i18next` cookie, then Accept-Language. */
export function resolveLanguage(sources: LanguageSources): Language {
  return (
    (typeof sources.param === 'string' ? findLanguage(sources.param) : undefined) ??
    findLanguage(sources.cookie) ??
    findLanguageInAcceptHeader(sources.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

const localeFiles = new Map<string, Record<string, unknown>>();

/**
 * A text of the web app's locale files (`common.json`, …), for pages the server describes
 * itself (link previews). Falls back to English like the app does.
 */
export function readLocaleText(language: Language, namespace: string, key: string): string {
  for (const candidate of [language, FALLBACK_LANGUAGE]) {
    const cacheKey = `${candidate}/${namespace}`;
    if (!localeFiles.has(cacheKey)) {
      try {
        localeFiles.set(
          cacheKey,
          JSON.parse(readFileSync(join(LOCALES_DIR, candidate, `${namespace}.json`), 'utf8')),
        );
      } catch {
        localeFiles.set(cacheKey, {});
      }
    }
    const value = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        localeFiles.get(cacheKey),
      );
    if (typeof value === 'string') return value;
  }
  return key;
}
