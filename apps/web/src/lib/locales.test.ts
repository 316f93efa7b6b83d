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
