import type { Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { BRAND, HOSTILE, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import { contactOperatorMail, contactReceiptMail } from './contact-mails.ts';

const RECEIPT = { fullName: 'Anna Rossi', message: 'Hello,\nis the Soča permit valid on Sundays?' };
const OPERATOR = {
  fullName: 'Anna Rossi',
  email: 'anna@example.com',
  message: 'Hello,\nis the Soča permit valid on Sundays?',
  language: 'sl',
};

describe('the mails of the contact form', () => {
  itRendersEveryKindInEveryLanguage({
    contactReceipt: (language: Language) => contactReceiptMail(language, RECEIPT, BRAND),
    contactOperator: (language: Language) => contactOperatorMail(language, OPERATOR, BRAND),
  });

  it('escapes what users typed in the HTML and keeps it as typed in the text', () => {
    const mails = [
      contactReceiptMail('de', { fullName: HOSTILE, message: HOSTILE }, BRAND),
      contactOperatorMail('en', { ...OPERATOR, fullName: HOSTILE, message: HOSTILE }, BRAND),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;');
      expect(mail.text).toContain(HOSTILE);
    }
  });

  it('keeps the line breaks of a contact message as <br>', () => {
    for (const message of ['first line\nsecond line', 'first line\r\nsecond line']) {
      const mail = contactReceiptMail('it', { fullName: 'Anna', message }, BRAND);
      expect(mail.html).toMatch(/first line<br>\s*second line/);
      expect(mail.text).toContain('> first line\n> second line');
    }
  });

  it('gives the operator the sender, their address, their language and their message', () => {
    const mail = contactOperatorMail('en', OPERATOR, BRAND);
    expect(mail.subject).toContain('Anna Rossi');
    expect(mail.text).toContain('anna@example.com');
    expect(mail.text).toContain('Slovenian (sl)');
    expect(mail.html).toMatch(/Hello,<br>\s*is the Soča permit valid on Sundays\?/);
    expect(contactOperatorMail('it', OPERATOR, BRAND).text).toContain('Lingua: sloveno (sl)');
  });

  it('keeps a line break typed in a name out of the subject header', () => {
    const mail = contactOperatorMail('en', { ...OPERATOR, fullName: 'Anna\r\nBcc: x@y.z' }, BRAND);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('leaves placeholders typed by users untouched', () => {
    const mail = contactReceiptMail('en', { fullName: '{{brand}}', message: '{{fullName}}' }, BRAND);
    expect(mail.text).toContain('Hi {{brand}},');
    expect(mail.text).toContain('> {{fullName}}');
  });
});
