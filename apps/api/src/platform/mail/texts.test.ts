import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { API_LOCALES_DIR } from '../config.ts';
import { mailTexts } from './texts.ts';

type Tree = { [key: string]: Tree | string | string[] };

function readLocale(language: Language): Tree {
  return JSON.parse(readFileSync(join(API_LOCALES_DIR, language, 'mail.json'), 'utf8'));
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && !Array.isArray(value)
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('the texts of mails', () => {
  it.each(LANGUAGES)(
    'finds every English text in the %s file, so the fallback stays a safety net',
    (language) => {
      // Plural forms differ by language (Slovenian has four), so only their parent key must match.
      const texts = (tree: Tree) =>
        keysOf(tree).map((key) => key.replace(/^(\w+\.(?:validity|daysLeft))\..*/, '$1'));
      expect(new Set(texts(readLocale(language)))).toEqual(new Set(texts(readLocale('en'))));
      expect(keysOf(readLocale(language))).toContain('passwordRecovery.validity.other');
      expect(keysOf(readLocale(language))).toContain('suspended.daysLeft.other');
    },
  );

  it('signs every mail with the brand, in the language asked for', () => {
    expect(mailTexts('en', 'Sentiero').signature).toEqual({ type: 'paragraph', text: 'The Sentiero team' });
    expect(mailTexts('it', 'Sentiero').signature).not.toEqual(mailTexts('en', 'Sentiero').signature);
  });

  it('picks the plural form by the language rules, from one language only', () => {
    const slovenian = mailTexts('sl', 'Sentiero');
    const forms = [1, 2, 3, 5].map((count) =>
      slovenian.plural('passwordRecovery.validity', count, { minutes: count }),
    );
    expect(new Set(forms).size).toBe(4);
    expect(mailTexts('en', 'Sentiero').plural('passwordRecovery.validity', 1, { minutes: 1 })).toContain(
      '1 minute ',
    );
  });
});
