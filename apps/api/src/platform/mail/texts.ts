import type { Language } from '@sentiero/contract/languages';
import { type TextValues, translate, translateGroup } from '../i18n.ts';
import type { Block, Footer } from './content.ts';

/** The `mail` namespace's texts in one language, as the modules that compose mails use them. */
export type MailTexts = {
  /** One text, with the brand and `values` filled in. */
  text(key: string, values?: TextValues): string;
  /** A list of texts (bullet points), each filled in. */
  list(key: string, values?: TextValues): string[];
  /** The form of a counting text for `count`, by the language's plural rules, filled in. */
  plural(key: string, count: number, values?: TextValues): string;
  /** The sign-off of every mail to a member. */
  signature: Block;
  /** The line under every mail to a member. */
  tagline: Footer;
};

/** Plural forms are keyed by CLDR category (`one`, `two`, `few`, `other`: Slovenian has four). */
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export function mailTexts(language: Language, brand: string): MailTexts {
  const text = (key: string, values: TextValues = {}) =>
    translate(language, 'mail', key, { values: { brand, ...values } });
  return {
    text,
    list: (key, values = {}) =>
      translateGroup<string[]>(language, 'mail', key, { values: { brand, ...values } }),
    plural(key, count, values = {}) {
      // The forms come from one language as a whole, so a sentence never mixes two languages.
      const forms = translateGroup<PluralForms>(language, 'mail', key, { values: { brand, ...values } });
      return forms[new Intl.PluralRules(language).select(count)] ?? forms.other;
    },
    signature: { type: 'paragraph', text: text('common.signature') },
    tagline: { text: text('common.footer') },
  };
}
