import { describe, expect, it } from 'vitest';
import { BRAND, HOSTILE, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import { waitlistOfferMail, waitlistOfferPush } from './mails.ts';

const facts = {
  firstname: 'Giulia',
  ticket: 'Rafting sul Noce',
  day: '2027-06-05',
  places: 3,
  // 18:30 in Rome in summer.
  expiresAt: new Date('2027-06-04T16:30:00Z'),
  timeZone: 'Europe/Rome',
  url: 'https://sentiero.example/waitlist/offer?token=abc',
};

describe('the waiting list offer mail', () => {
  itRendersEveryKindInEveryLanguage({ offer: (language) => waitlistOfferMail(language, facts, BRAND) });

  it('names the places, the day and the hold’s end as the clock of the activity reads it, with the link', () => {
    const mail = waitlistOfferMail('it', facts, BRAND);
    expect(mail.subject).toBe('Posti liberi per Rafting sul Noce il 5 giugno 2027');
    expect(mail.text).toContain('18:30');
    expect(mail.text).toContain(facts.url);
    expect(mail.html).toContain(facts.url);
  });

  it('escapes what members and operators wrote', () => {
    const mail = waitlistOfferMail('en', { ...facts, firstname: HOSTILE, ticket: HOSTILE }, BRAND);
    expect(mail.html).not.toContain('<script>');
  });

  it('says the same on the member’s devices, with the link and one notification per offer', () => {
    const push = waitlistOfferPush(
      'sl',
      { ...facts, places: 2, path: '/waitlist/offer?token=abc', offerId: 7 },
      BRAND,
    );
    expect(push).toMatchObject({ url: '/waitlist/offer?token=abc', tag: 'waitlist-offer-7' });
    expect(push.body).toContain('(2)');
  });
});
