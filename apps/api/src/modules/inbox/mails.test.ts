import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import { BRAND, HOSTILE, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import { inboxReplyMail } from './mails.ts';

const SENT_AT = new Date('2026-09-12T08:30:00Z');
const CONTACT = {
  body: 'Yes, dogs on a lead are welcome.\n\nThe hut is open until October.',
  original: {
    kind: 'contact' as const,
    fullName: 'Giulia Rossi',
    message: 'Can I bring my dog?',
    sentAt: SENT_AT,
  },
};
const AREA = {
  body: 'The area opens in May.',
  original: { kind: 'area_activation' as const, areaName: 'Val Grande', sentAt: SENT_AT },
};

describe('the mails of the inbox', () => {
  itRendersEveryKindInEveryLanguage({
    contactReply: (language: Language) => inboxReplyMail(language, CONTACT, BRAND),
    areaRequestReply: (language: Language) => inboxReplyMail(language, AREA, BRAND),
  });

  it('quotes what the requester sent under the answer, in every language', () => {
    for (const language of LANGUAGES) {
      const contact = inboxReplyMail(language, CONTACT, BRAND);
      expect(contact.text.indexOf('Yes, dogs on a lead')).toBeLessThan(
        contact.text.indexOf('Can I bring my dog?'),
      );
      expect(contact.text).toContain('Giulia Rossi');
      expect(inboxReplyMail(language, AREA, BRAND).text).toContain('Val Grande');
    }
  });

  it('escapes what the requester and staff wrote in the HTML', () => {
    const mail = inboxReplyMail(
      'en',
      { body: HOSTILE, original: { ...CONTACT.original, fullName: HOSTILE, message: HOSTILE } },
      BRAND,
    );
    expect(mail.html).not.toContain('<script>');
  });
});
