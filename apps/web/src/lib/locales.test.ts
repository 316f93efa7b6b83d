import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';

const root = new URL('../../public/locales/', import.meta.url);
const namespaces = readdirSync(new URL('en/', root)).filter((file) => file.endsWith('.json'));

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
      flatten(inner, prefix ? `${prefix}.${key}` : key),
    ),
  );
}

/** Plural forms differ by language (Slovenian has dual and few); compare the keys without them. */
const withoutPlurals = (keys: string[]) =>
  [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

const read = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(new URL(`${language}/${namespace}`, root), 'utf8')));

describe('locale files', () => {
  it.each(namespaces)('%s has the same keys in every language, none of them empty', (namespace) => {
    const english = read('en', namespace);
    for (const language of LANGUAGES) {
      const texts = read(language, namespace);
      expect(withoutPlurals(Object.keys(texts)), `${language}/${namespace}`).toEqual(
        withoutPlurals(Object.keys(english)),
      );
      expect(Object.entries(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it.each(namespaces)('%s is translated, not copied from English', (namespace) => {
    const english = read('en', namespace);
    const longTexts = Object.entries(english).filter(([, text]) => text.length > 24);
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const texts = read(language, namespace);
      const copied = longTexts.filter(([key, text]) => texts[key] === text).map(([key]) => key);
      expect(copied, `${language}/${namespace} copies English`).toEqual([]);
    }
  });
});

/** What a buyer reads from choosing a ticket to the mail with it; the other pages speak of people. */
const PURCHASE_NAMESPACES = [
  'cancellation.json',
  'catalogue.json',
  'checkout.json',
  'common.json',
  'errors.json',
  'tickets.json',
];

/** The purchase's texts of one language, web and API (mails, ticket PDF), as `file: key` → text. */
function readPurchaseTexts(language: string): [string, string][] {
  const apiRoot = new URL('../../../api/locales/', import.meta.url);
  const files = [
    ...PURCHASE_NAMESPACES.map((namespace) => new URL(`${language}/${namespace}`, root)),
    ...readdirSync(new URL('en/', apiRoot))
      .filter((file) => file.endsWith('.json'))
      .map((file) => new URL(`${language}/${file}`, apiRoot)),
  ];
  return files.flatMap((file) =>
    Object.entries(flatten(JSON.parse(readFileSync(file, 'utf8')))).map(
      ([key, text]) => [`${file.pathname.split('/').slice(-2).join('/')}: ${key}`, text] as [string, string],
    ),
  );
}

/**
 * One word for the person a ticket is for, the one the guests form uses, in messages and mails
 * too: a buyer told about an «ospite» after filling in «Partecipante 1» wonders who that is.
 */
const OTHER_WORDS_FOR_A_GUEST: Record<string, RegExp> = {
  it: /\bospit[ei]\b/i,
  es: /\b(persona|personas|huésped|huéspedes)\b/i,
  sl: /\b(oseba|osebo|osebe|oseb|gost|gosta|gostov)\b/i,
};

describe('the person a ticket is for', () => {
  it.each(Object.keys(OTHER_WORDS_FOR_A_GUEST))('has one name in every %s text, web and API', (language) => {
    const pattern = OTHER_WORDS_FOR_A_GUEST[language] as RegExp;
    const others = readPurchaseTexts(language).filter(([, text]) => pattern.test(text));
    expect(others.map(([where]) => where)).toEqual([]);
  });
});
