export const LANGUAGES = ['it', 'en', 'es', 'de', 'sl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'it';
export const FALLBACK_LANGUAGE: Language = 'en';

/** Text stored once per interface language. */
export type LocalizedText = Record<Language, string>;

const ALIASES: Record<string, Language> = { si: 'sl' };

/**
 * Turns whatever a client sends (`de`, `de-CH`, `SI`, `sl_SI`) into one of our languages.
 * SPEC writes Slovenian as `si`; the ISO code is `sl`, and both are accepted.
 */
export function findLanguage(input: string | null | undefined): Language | undefined {
  if (!input) return undefined;
  const primary = input.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const code = ALIASES[primary] ?? primary;
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : undefined;
}

/** Picks the first supported language of an `Accept-Language` header, honouring q-values. */
export function findLanguageInAcceptHeader(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = findLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}

/** An Italian domain defaults to Italian and a Spanish one to Spanish (SPEC section 1). */
export function findLanguageForHost(hostname: string): Language | undefined {
  const host = hostname.toLowerCase();
  if (host.endsWith('.it')) return 'it';
  if (host.endsWith('.es')) return 'es';
  return undefined;
}
