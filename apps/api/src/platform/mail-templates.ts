import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@sentiero/contract/languages';

export type MailVariables = {
  welcome: { firstname: string; accountUrl: string };
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

// One pass, so a value that itself contains `{{…}}` (a name typed by a user) stays as typed.
function fill(template: string, values: Values): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** The content of a mail, written once and rendered both as plain text and as HTML. */
type Block =
  | { type: 'title'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'button'; label: string; url: string }
  | { type: 'quote'; text: string }
  | { type: 'fields'; rows: [label: string, value: string][] };

type Footer = { text: string; link?: { label: string; url: string } };

type Mail = { subject: string; blocks: Block[]; footer: Footer[] };

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
      const forms = lookup(language, 'passwordRecovery', 'validity');
      const validity = forms[new Intl.PluralRules(language).select(v.validMinutes)] ?? forms.other;
      return {
        subject: t('passwordRecovery', 'subject', values),
        blocks: [
          { type: 'paragraph', text: t('passwordRecovery', 'greeting', values) },
          { type: 'paragraph', text: t('passwordRecovery', 'intro', values) },
          { type: 'button', label: t('passwordRecovery', 'button'), url: v.resetUrl },
          { type: 'paragraph', text: fill(validity, { brand, ...values }) },
          { type: 'paragraph', text: t('passwordRecovery', 'ignore', values) },
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

function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Paragraphs are separated by blank lines, as people type them in a plain text box. */
function paragraphsOf(body: string): string[] {
  return normaliseLineBreaks(body)
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
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

function renderText(mail: Mail): string {
  const parts = mail.blocks.map((block) => {
    switch (block.type) {
      case 'title':
        return `${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`;
      case 'paragraph':
        return block.text;
      case 'list':
        return block.items.map((item) => `- ${item}`).join('\n');
      case 'button':
        return `${block.label}:\n${block.url}`;
      case 'quote':
        return normaliseLineBreaks(block.text)
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n');
      case 'fields':
        return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    }
    return '';
  });
  const footer = mail.footer.map((item) =>
    item.link ? `${item.text}\n${item.link.label}: ${item.link.url}` : item.text,
  );
  return `${[...parts, ...(footer.length ? ['----', ...footer] : [])].join('\n\n')}\n`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function escapeLines(value: string): string {
  return escapeHtml(normaliseLineBreaks(value)).replace(/\n/g, '<br>\n');
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const GREEN = '#2f5d3a';

function renderHtml(mail: Mail, language: Language, brand: string, linkFallback: string): string {
  const blocks = mail.blocks.map((block) => {
    switch (block.type) {
      case 'title':
        return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${GREEN}">${escapeHtml(block.text)}</h1>`;
      case 'paragraph':
        return `<p style="margin:0 0 16px">${escapeLines(block.text)}</p>`;
      case 'list':
        return `<ul style="margin:0 0 16px;padding-left:20px">${block.items
          .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
          .join('')}</ul>`;
      case 'button': {
        const href = escapeHtml(block.url);
        // Some clients strip or block styled links, so the address is also written out.
        return [
          `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 22px;background:${GREEN};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(block.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#5b635b">${escapeHtml(linkFallback)}<br><a href="${href}" style="color:${GREEN};word-break:break-all">${escapeHtml(block.url)}</a></p>`,
        ].join('\n');
      }
      case 'quote':
        return `<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #c9d3c4;background:#f6f8f4;color:#333333">${escapeLines(block.text)}</blockquote>`;
      case 'fields':
        return `<p style="margin:0 0 16px">${block.rows
          .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
          .join('<br>\n')}</p>`;
    }
    return '';
  });
  const footer = mail.footer.map((item) => {
    const link = item.link
      ? ` <a href="${escapeHtml(item.link.url)}" style="color:#5b635b">${escapeHtml(item.link.label)}</a>`
      : '';
    return `<p style="margin:0 0 8px">${escapeHtml(item.text)}${link}</p>`;
  });
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(mail.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1efe8">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;${FONT};font-size:15px;line-height:1.55;color:#1f261f">
<div style="padding:0 4px 16px;font-size:20px;font-weight:700;color:${GREEN}">${escapeHtml(brand)}</div>
<div style="padding:24px;background:#ffffff;border-radius:8px">
${blocks.join('\n')}
</div>
<div style="padding:16px 4px 0;font-size:12px;line-height:1.5;color:#5b635b">
${footer.join('\n')}
</div>
</div>
</body>
</html>
`;
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
