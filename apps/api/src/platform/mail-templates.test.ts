import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHANGES, type MailKind, type MailVariables, renderMail } from './mail-templates.ts';

const BRAND = 'Sentiero';
const HOSTILE = `<script>alert(1)</script> "&'`;

const SAMPLES: { [K in MailKind]: MailVariables[K] } = {
  welcome: { firstname: 'Anna', accountUrl: 'https://sentiero.test/user' },
  passwordRecovery: {
    firstname: 'Anna',
    resetUrl: 'https://sentiero.test/reset-password?token=abc%2Fdef&x=1',
    validMinutes: 60,
  },
  newsletterConfirm: { confirmUrl: 'https://sentiero.test/newsletter/confirm?token=xyz' },
  emailConfirm: {
    firstname: 'Anna',
    confirmUrl: 'https://sentiero.test/confirm-email?token=c1',
    validHours: 24,
  },
  accountChanged: {
    firstname: 'Anna',
    change: 'emailChangeRequested',
    newEmail: 'anna.nuova@example.com',
    secureUrl: 'https://sentiero.test/secure-account?token=s1',
    validDays: 7,
  },
  newsletterIssue: {
    title: 'Porcini season opens',
    body: 'The first porcini are out.\n\nPermits for Val di Sole are on sale.',
    unsubscribeUrl: 'https://sentiero.test/newsletter/unsubscribe?token=u1&lang=it',
  },
  contactReceipt: { fullName: 'Anna Rossi', message: 'Hello,\nis the Soča permit valid on Sundays?' },
  contactOperator: {
    fullName: 'Anna Rossi',
    email: 'anna@example.com',
    message: 'Hello,\nis the Soča permit valid on Sundays?',
    language: 'sl',
  },
  ticketsReady: {
    firstname: 'Anna',
    orderCode: 'ST-K7QX2-M9XPA',
    ticketsUrl: 'https://sentiero.test/user/mytickets',
    payOnSite: true,
  },
};
const KINDS = Object.keys(SAMPLES) as MailKind[];

function render<K extends MailKind>(
  kind: K,
  language: Language,
  variables: MailVariables[K] = SAMPLES[kind],
) {
  return renderMail(kind, language, variables, BRAND);
}

type Tree = { [key: string]: Tree | string | string[] };

function readLocale(language: Language): Tree {
  const path = join(import.meta.dirname, '../../locales', language, 'mail.json');
  return JSON.parse(readFileSync(path, 'utf8'));
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && !Array.isArray(value)
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('renderMail', () => {
  it.each(LANGUAGES)('words every account change in %s, with the link to secure the account', (language) => {
    const subjects = new Set<string>();
    for (const change of ACCOUNT_CHANGES) {
      const mail = render('accountChanged', language, { ...SAMPLES.accountChanged, change });
      expect(mail.subject, change).not.toContain('{{');
      expect(mail.text).toContain('https://sentiero.test/secure-account?token=s1');
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(ACCOUNT_CHANGES.length);
  });

  it.each(LANGUAGES)('renders every kind in %s, with every placeholder filled', (language) => {
    for (const kind of KINDS) {
      const mail = render(kind, language);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.trim(), `${kind} in ${language}`).not.toBe('');
        expect(part, `${kind} in ${language}`).not.toContain('{{');
      }
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(BRAND);
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'writes %s, not English, in every kind',
    (language) => {
      for (const kind of KINDS) {
        expect(render(kind, language).text, kind).not.toBe(render(kind, 'en').text);
        // A newsletter's subject is the issue's own title, which the sender writes per language.
        if (kind !== 'newsletterIssue') {
          expect(render(kind, language).subject, kind).not.toBe(render(kind, 'en').subject);
        }
      }
    },
  );

  it.each(LANGUAGES)(
    'finds every English text in the %s file, so the fallback stays a safety net',
    (language) => {
      // Plural forms differ by language (Slovenian has four), so only their parent key must match.
      const texts = (tree: Tree) => keysOf(tree).map((key) => key.replace(/^(\w+\.validity)\..*/, '$1'));
      expect(new Set(texts(readLocale(language)))).toEqual(new Set(texts(readLocale('en'))));
      expect(keysOf(readLocale(language))).toContain('passwordRecovery.validity.other');
    },
  );

  it('escapes what users typed in the HTML and keeps it as typed in the text', () => {
    const mails = [
      render('welcome', 'it', { ...SAMPLES.welcome, firstname: HOSTILE }),
      render('contactReceipt', 'de', { fullName: HOSTILE, message: HOSTILE }),
      render('contactOperator', 'en', { ...SAMPLES.contactOperator, fullName: HOSTILE, message: HOSTILE }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;');
      expect(mail.text).toContain(HOSTILE);
    }
  });

  it('puts the whole recovery link in the text and, escaped, in the HTML', () => {
    const { resetUrl } = SAMPLES.passwordRecovery;
    const mail = render('passwordRecovery', 'es');
    expect(mail.text).toContain(resetUrl);
    expect(mail.html).toContain(`href="${resetUrl.replaceAll('&', '&amp;')}"`);
  });

  it('tells how long the recovery link lasts, with the plural the language needs', () => {
    const minutes = (validMinutes: number) =>
      render('passwordRecovery', 'sl', { ...SAMPLES.passwordRecovery, validMinutes }).text;
    expect(minutes(1)).toContain('1 minuto');
    expect(minutes(2)).toContain('2 minuti');
    expect(minutes(3)).toContain('3 minute');
    expect(minutes(60)).toContain('60 minut ');
    expect(render('passwordRecovery', 'en').text).toContain('60 minutes');
  });

  it('gives every newsletter issue its unsubscribe link, in the text and in the HTML', () => {
    const { unsubscribeUrl } = SAMPLES.newsletterIssue;
    for (const language of LANGUAGES) {
      const mail = render('newsletterIssue', language);
      expect(mail.text).toContain(unsubscribeUrl);
      expect(mail.html).toContain(`href="${unsubscribeUrl.replaceAll('&', '&amp;')}"`);
    }
  });

  it('shows the newsletter body as paragraphs and its title as the subject', () => {
    const mail = render('newsletterIssue', 'it');
    expect(mail.subject).toBe('Porcini season opens');
    expect(mail.html).toContain('<p style="margin:0 0 16px">The first porcini are out.</p>');
    expect(mail.html).toContain('<p style="margin:0 0 16px">Permits for Val di Sole are on sale.</p>');
  });

  it('keeps the line breaks of a contact message as <br>', () => {
    for (const message of ['first line\nsecond line', 'first line\r\nsecond line']) {
      const mail = render('contactReceipt', 'it', { fullName: 'Anna', message });
      expect(mail.html).toMatch(/first line<br>\s*second line/);
      expect(mail.text).toContain('> first line\n> second line');
    }
  });

  it('gives the operator the sender, their address, their language and their message', () => {
    const mail = render('contactOperator', 'en');
    expect(mail.subject).toContain('Anna Rossi');
    expect(mail.text).toContain('anna@example.com');
    expect(mail.text).toContain('Slovenian (sl)');
    expect(mail.html).toMatch(/Hello,<br>\s*is the Soča permit valid on Sundays\?/);
    expect(render('contactOperator', 'it').text).toContain('Lingua: sloveno (sl)');
  });

  it('keeps a line break typed in a name out of the subject header', () => {
    const mail = render('contactOperator', 'en', {
      ...SAMPLES.contactOperator,
      fullName: 'Anna\r\nBcc: x@y.z',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('leaves placeholders typed by users untouched', () => {
    const mail = render('contactReceipt', 'en', { fullName: '{{brand}}', message: '{{fullName}}' });
    expect(mail.text).toContain('Hi {{brand}},');
    expect(mail.text).toContain('> {{fullName}}');
  });
});
