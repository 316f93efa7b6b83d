import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@sentiero/contract/languages';
import { type Block, type Footer, type Mail, paragraphsOf, renderHtml, renderText } from './mail-layout.ts';

/** The changes the account's address is told of, each with a link to secure the account. */
export const ACCOUNT_CHANGES = [
  'emailChangeRequested',
  'emailChanged',
  'passwordChanged',
  'twoFactorOn',
  'twoFactorChanged',
  'twoFactorOff',
] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

export type MailVariables = {
  welcome: { firstname: string; accountUrl: string };
  emailConfirm: { firstname: string; confirmUrl: string; validHours: number };
  accountChanged: {
    firstname: string;
    change: AccountChange;
    newEmail: string;
    secureUrl: string;
    validDays: number;
  };
  passwordRecovery: { firstname: string; resetUrl: string; validMinutes: number };
  newsletterConfirm: { confirmUrl: string };
  newsletterIssue: { title: string; body: string; unsubscribeUrl: string };
  contactReceipt: { fullName: string; message: string };
  contactOperator: { fullName: string; email: string; message: string; language: string };
  ticketsReady: { firstname: string; orderCode: string; ticketsUrl: string; payOnSite: boolean };
};
export type MailKind = keyof MailVariables;
export type RenderedMail = { subject: string; text: string; html: string };

/** Forms of a text that counts something, chosen with the language's plural rules. */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

type MailTexts = {
  common: { signature: string; footer: string; linkFallback: string };
  welcome: {
    subject: string;
    greeting: string;
    intro: string;
    listIntro: string;
    features: string[];
    button: string;
    outro: string;
  };
  passwordRecovery: {
    subject: string;
    greeting: string;
    intro: string;
    button: string;
    validity: Plural;
    ignore: string;
  };
  newsletterConfirm: { subject: string; greeting: string; intro: string; button: string; ignore: string };
  emailConfirm: {
    subject: string;
    greeting: string;
    intro: string;
    button: string;
    validity: Plural;
    ignore: string;
  };
  accountChanged: {
    subject: Record<AccountChange, string>;
    intro: Record<AccountChange, string>;
    greeting: string;
    ifYou: string;
    ifNotYou: string;
    button: string;
    validity: Plural;
  };
  newsletterIssue: { subject: string; footer: string; unsubscribe: string };
  contactReceipt: { subject: string; greeting: string; intro: string; quoteIntro: string };
  ticketsReady: {
    subject: string;
    greeting: string;
    intro: string;
    payOnSite: string;
    button: string;
    offline: string;
  };
  contactOperator: {
    subject: string;
    intro: string;
    name: string;
    email: string;
    language: string;
    message: string;
    replyHint: string;
  };
};
type Section = keyof MailTexts;

const LOCALES_DIR = join(import.meta.dirname, '../../locales');

function readTexts(language: Language): unknown {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, 'mail.json'), 'utf8'));
}

// English is what every other language falls back to, so a missing English file must stop the
// start-up instead of sending mails made of key names.
const english = readTexts(FALLBACK_LANGUAGE) as MailTexts;
const translations = Object.fromEntries(
  LANGUAGES.map((language) => {
    try {
      return [language, readTexts(language)];
    } catch {
      return [language, {}];
    }
  }),
) as Record<Language, { [S in Section]?: Partial<MailTexts[S]> }>;

function sameShape(value: unknown, reference: unknown): boolean {
  return (
    value !== undefined &&
    value !== null &&
    typeof value === typeof reference &&
    Array.isArray(value) === Array.isArray(reference)
  );
}

function lookup<S extends Section, K extends keyof MailTexts[S]>(
  language: Language,
  section: S,
  key: K,
): MailTexts[S][K] {
  const fallback = english[section][key];
  const own = translations[language][section]?.[key];
  return sameShape(own, fallback) ? (own as MailTexts[S][K]) : fallback;
}

type Values = Record<string, string | number>;

/** The form of a counting text for `count`, by the language's plural rules, filled in. */
function plural(language: Language, forms: Plural, count: number, values: Values): string {
  return fill(forms[new Intl.PluralRules(language).select(count)] ?? forms.other, values);
}

// One pass, so a value that itself contains `{{…}}` (a name typed by a user) stays as typed.
function fill(template: string, values: Values): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

function compose<K extends MailKind>(
  kind: K,
  language: Language,
  variables: MailVariables[K],
  brand: string,
): Mail {
  const t = <S extends Section, Key extends keyof MailTexts[S]>(section: S, key: Key, values: Values = {}) =>
    fill(lookup(language, section, key) as string, { brand, ...values });
  const signature: Block = { type: 'paragraph', text: t('common', 'signature') };
  const tagline: Footer = { text: t('common', 'footer') };

  switch (kind) {
    case 'welcome': {
      const v = variables as MailVariables['welcome'];
      const values = { firstname: v.firstname };
      return {
        subject: t('welcome', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('welcome', 'greeting', values) },
          { type: 'paragraph', text: t('welcome', 'intro', values) },
          { type: 'paragraph', text: t('welcome', 'listIntro', values) },
          {
            type: 'list',
            items: lookup(language, 'welcome', 'features').map((item) => fill(item, { brand, ...values })),
          },
          { type: 'button', label: t('welcome', 'button'), url: v.accountUrl },
          { type: 'paragraph', text: t('welcome', 'outro', values) },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'passwordRecovery': {
      const v = variables as MailVariables['passwordRecovery'];
      const values = { firstname: v.firstname, minutes: v.validMinutes };
      const validity = plural(language, lookup(language, 'passwordRecovery', 'validity'), v.validMinutes, {
        brand,
        ...values,
      });
      return {
        subject: t('passwordRecovery', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('passwordRecovery', 'greeting', values) },
          { type: 'paragraph', text: t('passwordRecovery', 'intro', values) },
          { type: 'button', label: t('passwordRecovery', 'button'), url: v.resetUrl },
          { type: 'paragraph', text: validity },
          { type: 'paragraph', text: t('passwordRecovery', 'ignore', values) },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'emailConfirm': {
      const v = variables as MailVariables['emailConfirm'];
      const values = { firstname: v.firstname, hours: v.validHours };
      return {
        subject: t('emailConfirm', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('emailConfirm', 'greeting', values) },
          { type: 'paragraph', text: t('emailConfirm', 'intro', values) },
          { type: 'button', label: t('emailConfirm', 'button'), url: v.confirmUrl },
          {
            type: 'paragraph',
            text: plural(language, lookup(language, 'emailConfirm', 'validity'), v.validHours, {
              brand,
              ...values,
            }),
          },
          { type: 'paragraph', text: t('emailConfirm', 'ignore', values) },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'accountChanged': {
      const v = variables as MailVariables['accountChanged'];
      const values = { brand, firstname: v.firstname, newEmail: v.newEmail, days: v.validDays };
      const subjects = lookup(language, 'accountChanged', 'subject');
      const intros = lookup(language, 'accountChanged', 'intro');
      return {
        subject: fill(subjects[v.change] ?? english.accountChanged.subject[v.change], values),
        blocks: [
          { type: 'paragraph', text: t('accountChanged', 'greeting', values) },
          {
            type: 'paragraph',
            text: fill(intros[v.change] ?? english.accountChanged.intro[v.change], values),
          },
          { type: 'paragraph', text: t('accountChanged', 'ifYou', values) },
          { type: 'paragraph', text: t('accountChanged', 'ifNotYou', values) },
          { type: 'button', label: t('accountChanged', 'button'), url: v.secureUrl },
          {
            type: 'paragraph',
            text: plural(language, lookup(language, 'accountChanged', 'validity'), v.validDays, values),
          },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'newsletterConfirm': {
      const v = variables as MailVariables['newsletterConfirm'];
      return {
        subject: t('newsletterConfirm', 'subject'),
        blocks: [
          { type: 'paragraph', text: t('newsletterConfirm', 'greeting') },
          { type: 'paragraph', text: t('newsletterConfirm', 'intro') },
          { type: 'button', label: t('newsletterConfirm', 'button'), url: v.confirmUrl },
          { type: 'paragraph', text: t('newsletterConfirm', 'ignore') },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'newsletterIssue': {
      const v = variables as MailVariables['newsletterIssue'];
      return {
        subject: t('newsletterIssue', 'subject', { title: v.title }),
        blocks: [
          { type: 'title', text: v.title },
          ...paragraphsOf(v.body).map((text): Block => ({ type: 'paragraph', text })),
          signature,
        ],
        // The way out is in every issue, whatever the body says: the law and the mailbox
        // providers' spam filters both ask for it.
        footer: [
          {
            text: t('newsletterIssue', 'footer'),
            link: { label: t('newsletterIssue', 'unsubscribe'), url: v.unsubscribeUrl },
          },
          tagline,
        ],
      };
    }
    case 'contactReceipt': {
      const v = variables as MailVariables['contactReceipt'];
      const values = { fullName: v.fullName };
      return {
        subject: t('contactReceipt', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('contactReceipt', 'greeting', values) },
          { type: 'paragraph', text: t('contactReceipt', 'intro', values) },
          { type: 'paragraph', text: t('contactReceipt', 'quoteIntro', values) },
          { type: 'quote', text: v.message },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'ticketsReady': {
      const v = variables as MailVariables['ticketsReady'];
      const values = { firstname: v.firstname, orderCode: v.orderCode };
      return {
        subject: t('ticketsReady', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('ticketsReady', 'greeting', values) },
          { type: 'paragraph', text: t('ticketsReady', 'intro', values) },
          ...(v.payOnSite
            ? [{ type: 'paragraph', text: t('ticketsReady', 'payOnSite', values) } as Block]
            : []),
          { type: 'button', label: t('ticketsReady', 'button'), url: v.ticketsUrl },
          { type: 'paragraph', text: t('ticketsReady', 'offline', values) },
          signature,
        ],
        footer: [tagline],
      };
    }
    case 'contactOperator': {
      const v = variables as MailVariables['contactOperator'];
      const values = { fullName: v.fullName };
      return {
        subject: t('contactOperator', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('contactOperator', 'intro', values) },
          {
            type: 'fields',
            rows: [
              [t('contactOperator', 'name'), v.fullName],
              [t('contactOperator', 'email'), v.email],
              [t('contactOperator', 'language'), describeLanguage(v.language, language)],
            ],
          },
          { type: 'paragraph', text: t('contactOperator', 'message') },
          { type: 'quote', text: v.message },
          { type: 'paragraph', text: t('contactOperator', 'replyHint', values) },
        ],
        footer: [],
      };
    }
  }
  throw new Error(`Unknown mail kind: ${String(kind)}`);
}
/** `sl` means little to whoever answers the mail; `Slovenian (sl)` in their own language does. */
function describeLanguage(code: string, inLanguage: Language): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'none' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
/** A transactional mail in the member's language, as subject, plain text and HTML. */
export function renderMail<K extends MailKind>(
  kind: K,
  language: Language,
  variables: MailVariables[K],
  brand: string,
): RenderedMail {
  const mail = compose(kind, language, variables, brand);
  // A line break typed in a name would otherwise end the Subject header early.
  const subject = mail.subject.replace(/\s+/g, ' ').trim();
  const linkFallback = fill(lookup(language, 'common', 'linkFallback'), { brand });
  return {
    subject,
    text: renderText(mail),
    html: renderHtml({ ...mail, subject }, language, brand, linkFallback),
  };
}
