import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { BRAND, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import { newsletterConfirmMail, newsletterIssueMail } from './mails.ts';

const CONFIRM = { confirmUrl: 'https://sentiero.test/newsletter/confirm?token=xyz' };
const ISSUE = {
  title: 'Porcini season opens',
  body: 'The first porcini are out.\n\nPermits for Val di Sole are on sale.',
  unsubscribeUrl: 'https://sentiero.test/newsletter/unsubscribe?token=u1&lang=it',
};

describe('the mails of the newsletter', () => {
  itRendersEveryKindInEveryLanguage(
    {
      newsletterConfirm: (language: Language) => newsletterConfirmMail(language, CONFIRM, BRAND),
      newsletterIssue: (language: Language) => newsletterIssueMail(language, ISSUE, BRAND),
    },
    // A newsletter's subject is the issue's own title, which the sender writes per language.
    ['newsletterIssue'],
  );

  it('gives every newsletter issue its unsubscribe link, in the text and in the HTML', () => {
    const { unsubscribeUrl } = ISSUE;
    for (const language of LANGUAGES) {
      const mail = newsletterIssueMail(language, ISSUE, BRAND);
      expect(mail.text).toContain(unsubscribeUrl);
      expect(mail.html).toContain(`href="${unsubscribeUrl.replaceAll('&', '&amp;')}"`);
    }
  });

  it('shows the newsletter body as paragraphs and its title as the subject', () => {
    const mail = newsletterIssueMail('it', ISSUE, BRAND);
    expect(mail.subject).toBe('Porcini season opens');
    expect(mail.html).toContain('<p style="margin:0 0 16px">The first porcini are out.</p>');
    expect(mail.html).toContain('<p style="margin:0 0 16px">Permits for Val di Sole are on sale.</p>');
  });
});
