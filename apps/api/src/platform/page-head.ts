import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { isWithinPage, PAGES } from '@sentiero/contract/pages';

export type PageHead = {
  title: string;
  description: string;
  type?: 'website' | 'article' | 'product' | 'place';
  /** schema.org data for search engines, serialised into a JSON-LD block. */
  jsonLd?: Record<string, unknown>;
};

const OG_LOCALES: Record<Language, string> = {
  it: 'it_IT',
  en: 'en_GB',
  es: 'es_ES',
  de: 'de_DE',
  sl: 'sl_SI',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The tags a shared link needs: title, description, the canonical address of this language
 * version, its hreflang alternates, Open Graph and JSON-LD.
 */
export function renderHead(
  head: PageHead,
  {
    origin,
    path,
    language,
    siteName,
  }: { origin: string; path: string; language: Language; siteName: string },
): string {
  const url = `${origin}${path}`;
  const canonical = `${url}?lng=${language}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...LANGUAGES.map(
      (code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(`${url}?lng=${code}`)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${head.type === 'article' ? 'article' : 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}" />`,
    ...(head.jsonLd
      ? [
          `<script type="application/ld+json">${safeJson({ '@context': 'https://schema.org', ...head.jsonLd })}</script>`,
        ]
      : []),
  ];
  return tags.join('\n    ');
}

/**
 * The page with its html element in `language`, and its web app manifest too: browsers fetch the
 * manifest without cookies, so the link carries the language (an app installed from an Italian
 * page is named and described in Italian).
 */
export function withLanguage(template: string, language: Language, path = '/'): string {
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(
      '<link rel="manifest" href="/manifest.webmanifest" />',
      `<link rel="manifest" href="${manifestFor(path)}?lng=${language}" />`,
    );
}

/** The rangers' app (`/ranger/`) is an app of its own, installed with its own manifest. */
const manifestFor = (path: string) =>
  isWithinPage('ranger', path) ? `${PAGES.ranger.path()}/manifest.webmanifest` : '/manifest.webmanifest';

/** Puts the page's tags and language into the app shell in place of its defaults. */
export function injectHead(template: string, headHtml: string, language: Language, path = '/'): string {
  return withLanguage(template, language, path)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${headHtml}\n  </head>`);
}
