import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode } from '@sentiero/contract/errors';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  findLanguage,
  findLanguageForHost,
  findLanguageInAcceptHeader,
  LANGUAGES,
  type Language,
} from '@sentiero/contract/languages';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { API_LOCALES_DIR, WEB_LOCALES_DIR } from './config.ts';

/**
 * Where each namespace the server reads is translated. `errors` and `common` are the web app's
 * own files (ADR 005: one set of translations for both sides); mails, PDF tickets and receipts
 * are written only by the server, so their texts stay beside it and the browser never downloads
 * them.
 */
const NAMESPACE_DIRS = {
  errors: WEB_LOCALES_DIR,
  common: WEB_LOCALES_DIR,
  // The growth levels' names, as the growth table shows them (alert mails and pushes).
  growth: WEB_LOCALES_DIR,
  // A ticket's cancellation rule in words (ADR 045): the event page, the PDF and the mails.
  cancellation: WEB_LOCALES_DIR,
  // The order export's header row and values read as the console's orders screen shows them.
  consoleOrders: WEB_LOCALES_DIR,
  // The inspections export's header row and outcomes as the console's inspections screen words them.
  consoleRecords: WEB_LOCALES_DIR,
  mail: API_LOCALES_DIR,
  ticket: API_LOCALES_DIR,
  receipt: API_LOCALES_DIR,
  // The console's monthly statements as PDF (ADR 036).
  statement: API_LOCALES_DIR,
  finds: API_LOCALES_DIR,
} as const;
export type Namespace = keyof typeof NAMESPACE_DIRS;

export type TextValues = Record<string, string | number>;

/** Every namespace in every language, read once at start-up. */
function readResources(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    const namespaces: ResourceLanguage = {};
    for (const [namespace, dir] of Object.entries(NAMESPACE_DIRS)) {
      const file = join(dir, language, `${namespace}.json`);
      try {
        namespaces[namespace] = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        // Every language falls back to English, so a missing English file must stop the start-up
        // instead of answering and mailing key names; another language's gap is only a fallback.
        if (language === FALLBACK_LANGUAGE) {
          throw new Error(`The English texts are missing or unreadable: ${file}`, { cause: error });
        }
      }
    }
    resources[language] = namespaces;
  }
  if (!(resources[FALLBACK_LANGUAGE]?.errors as Record<string, unknown> | undefined)?.INTERNAL) {
    throw new Error(`The English error messages are missing from ${WEB_LOCALES_DIR}/en/errors.json`);
  }
  return resources;
}

export type Lookup = {
  /** Filled into the text's `{{placeholders}}`, once: a `{{…}}` a user typed into one stays as typed. */
  values?: TextValues;
  /** What a text missing from every language of the chain reads; otherwise its key. */
  defaultValue?: string;
};

/** Lookups over one i18next instance holding `resources`. */
export function createTranslator(resources: Resource) {
  const i18n = i18next.createInstance();
  // Resources given up front and `initAsync: false` make the instance ready when `init` returns,
  // so the very first request and mail are translated.
  void i18n.init({
    resources,
    initAsync: false,
    supportedLngs: [...LANGUAGES],
    // DESIGN: the requested language, then English, then Italian.
    fallbackLng: [FALLBACK_LANGUAGE, DEFAULT_LANGUAGE],
    load: 'currentOnly',
    ns: Object.keys(NAMESPACE_DIRS),
    // Every lookup names its namespace, so a `:` in a key is never read as one.
    nsSeparator: false,
    // JSON answers need no escaping, and mails escape their HTML where they render it
    // (platform/mail/layout.ts): escaping here would show `&amp;` in plain-text mails.
    interpolation: { escapeValue: false },
  });
  const options = (language: Language, namespace: Namespace, { values, defaultValue }: Lookup) => ({
    lng: language,
    ns: namespace,
    ...(values && { replace: values }),
    ...(defaultValue !== undefined && { defaultValue }),
  });
  return {
    /** A text of `namespace` in the first language of `language`'s chain that has it. */
    translate(language: Language, namespace: Namespace, key: string, lookup: Lookup = {}): string {
      return i18n.t(key, options(language, namespace, lookup));
    },
    /**
     * A list or a group of texts (a mail's bullet points, the plural forms of one sentence) as the
     * first language of the chain that has it writes it, every text in it filled in.
     */
    translateGroup<T extends string[] | Record<string, string>>(
      language: Language,
      namespace: Namespace,
      key: string,
      lookup: Lookup = {},
    ): T {
      return i18n.t(key, { ...options(language, namespace, lookup), returnObjects: true }) as unknown as T;
    },
  };
}

export const { translate, translateGroup } = createTranslator(readResources());

export function errorMessage(language: Language, code: ErrorCode): string {
  return translate(language, 'errors', code);
}

/** `kind` is a key of the `field` messages: `invalid`, `required` or a field-specific one. */
export function fieldMessage(language: Language, kind: string): string {
  return translate(language, 'errors', `field.${kind}`, { defaultValue: kind });
}

export type LanguageSources = {
  param?: unknown;
  cookie?: string | undefined;
  /** The host name asked for: an Italian or Spanish domain sets the language when none is chosen. */
  host?: string | undefined;
  acceptLanguage?: string | undefined;
};

/**
 * The request's language, in the browser's order (SPEC section 1): the `lng` parameter, the
 * `i18next` cookie, the host, then Accept-Language. A page the server renders is then in the
 * language the browser would pick.
 */
export function resolveLanguage(sources: LanguageSources): Language {
  return (
    (typeof sources.param === 'string' ? findLanguage(sources.param) : undefined) ??
    findLanguage(sources.cookie) ??
    (sources.host ? findLanguageForHost(sources.host) : undefined) ??
    findLanguageInAcceptHeader(sources.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

const collators = new Map<Language, Intl.Collator>();

/** How names sort for a reader of `language`; one collator per language, built once (they are slow to build). */
export function collatorFor(language: Language): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language);
    collators.set(language, collator);
  }
  return collator;
}
