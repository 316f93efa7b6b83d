import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { BRAND, HOSTILE, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import {
  ACCOUNT_CHANGES,
  accountChangedMail,
  emailConfirmMail,
  passwordRecoveryMail,
  welcomeMail,
} from './mails.ts';

const SAMPLES = {
  welcome: { firstname: 'Anna', accountUrl: 'https://sentiero.test/user' },
  passwordRecovery: {
    firstname: 'Anna',
    resetUrl: 'https://sentiero.test/reset-password?token=abc%2Fdef&x=1',
    validMinutes: 60,
  },
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
} as const;

describe('the mails of an account', () => {
  itRendersEveryKindInEveryLanguage({
    welcome: (language: Language) => welcomeMail(language, SAMPLES.welcome, BRAND),
    passwordRecovery: (language: Language) => passwordRecoveryMail(language, SAMPLES.passwordRecovery, BRAND),
    emailConfirm: (language: Language) => emailConfirmMail(language, SAMPLES.emailConfirm, BRAND),
    accountChanged: (language: Language) => accountChangedMail(language, SAMPLES.accountChanged, BRAND),
  });

  it.each(LANGUAGES)('words every account change in %s, with the link to secure the account', (language) => {
    const subjects = new Set<string>();
    for (const change of ACCOUNT_CHANGES) {
      const mail = accountChangedMail(language, { ...SAMPLES.accountChanged, change }, BRAND);
      expect(mail.subject, change).not.toContain('{{');
      expect(mail.text).toContain('https://sentiero.test/secure-account?token=s1');
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(ACCOUNT_CHANGES.length);
  });

  it('escapes what users typed in the HTML and keeps it as typed in the text', () => {
    const mail = welcomeMail('it', { ...SAMPLES.welcome, firstname: HOSTILE }, BRAND);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;');
    expect(mail.text).toContain(HOSTILE);
  });

  it('puts the whole recovery link in the text and, escaped, in the HTML', () => {
    const { resetUrl } = SAMPLES.passwordRecovery;
    const mail = passwordRecoveryMail('es', SAMPLES.passwordRecovery, BRAND);
    expect(mail.text).toContain(resetUrl);
    expect(mail.html).toContain(`href="${resetUrl.replaceAll('&', '&amp;')}"`);
  });

  it('tells how long the recovery link lasts, with the plural the language needs', () => {
    const minutes = (validMinutes: number) =>
      passwordRecoveryMail('sl', { ...SAMPLES.passwordRecovery, validMinutes }, BRAND).text;
    expect(minutes(1)).toContain('1 minuto');
    expect(minutes(2)).toContain('2 minuti');
    expect(minutes(3)).toContain('3 minute');
    expect(minutes(60)).toContain('60 minut ');
    expect(passwordRecoveryMail('en', SAMPLES.passwordRecovery, BRAND).text).toContain('60 minutes');
  });
});
