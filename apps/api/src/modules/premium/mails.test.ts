import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { describe, expect, it } from 'vitest';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { BRAND, HOSTILE, itRendersEveryKindInEveryLanguage } from '../../test/mails.ts';
import {
  cancelConfirmedMail,
  membershipEndedMail,
  paymentFailedMail,
  receiptMail,
  suspendedMail,
  trialStartedMail,
  upcomingChargeMail,
} from './mails.ts';

const MANAGE_URL = 'https://sentiero.test/user?tab=subscriptions&from=mail';

const SAMPLES = {
  trialStarted: {
    firstname: 'Anna',
    planType: 'yearly',
    priceCents: 2490,
    trialEndDate: '2026-05-08',
    firstChargeDate: '2026-05-08',
    manageUrl: MANAGE_URL,
  },
  upcomingCharge: {
    firstname: 'Anna',
    planType: 'yearly',
    priceCents: 2490,
    chargeDate: '2026-05-08',
    trialEnding: true,
    manageUrl: MANAGE_URL,
  },
  receipt: {
    firstname: 'Anna',
    planType: 'yearly',
    amountCents: 2490,
    paidAt: '2026-05-08T08:00:00Z',
    periodStart: '2026-05-08',
    periodEnd: '2027-05-08',
    receiptNumber: 'SP-2026-000123',
    paymentLabel: 'Visa •••• 4242',
    manageUrl: MANAGE_URL,
  },
  paymentFailed: {
    firstname: 'Anna',
    amountCents: 299,
    attempt: 1,
    nextRetryDate: '2026-05-10',
    endsOn: '2026-05-15',
    updatePaymentUrl: 'https://sentiero.test/user?tab=subscriptions&pay=1',
  },
  membershipEnded: {
    firstname: 'Anna',
    reason: 'payment_failed',
    rejoinUrl: 'https://sentiero.test/premium',
  },
  cancelConfirmed: {
    firstname: 'Anna',
    endsOn: '2027-05-08',
    undoUrl: 'https://sentiero.test/user?tab=subscriptions&undo=1',
  },
  suspended: { firstname: 'Anna', daysLeft: 5, resumeUrl: 'https://sentiero.test/user?tab=subscriptions' },
} as const;

const KINDS = {
  trialStarted: (language: Language) => trialStartedMail(language, SAMPLES.trialStarted, BRAND),
  trialStartedMonthly: (language: Language) =>
    trialStartedMail(language, { ...SAMPLES.trialStarted, planType: 'monthly', priceCents: 299 }, BRAND),
  trialEndingSoon: (language: Language) => upcomingChargeMail(language, SAMPLES.upcomingCharge, BRAND),
  yearlyRenewalSoon: (language: Language) =>
    upcomingChargeMail(language, { ...SAMPLES.upcomingCharge, trialEnding: false }, BRAND),
  receipt: (language: Language) => receiptMail(language, SAMPLES.receipt, BRAND),
  paymentFailed: (language: Language) => paymentFailedMail(language, SAMPLES.paymentFailed, BRAND),
  paymentFailedForGood: (language: Language) =>
    paymentFailedMail(language, { ...SAMPLES.paymentFailed, attempt: 4, nextRetryDate: null }, BRAND),
  endedUnpaid: (language: Language) => membershipEndedMail(language, SAMPLES.membershipEnded, BRAND),
  endedCanceled: (language: Language) =>
    membershipEndedMail(language, { ...SAMPLES.membershipEnded, reason: 'canceled' }, BRAND),
  cancelConfirmed: (language: Language) => cancelConfirmedMail(language, SAMPLES.cancelConfirmed, BRAND),
  suspended: (language: Language) => suspendedMail(language, SAMPLES.suspended, BRAND),
};

/** Written out by hand, not by the code under test: how each language writes the figures. */
const FIGURES: Record<
  Language,
  { yearly: string; monthly: string; chargeDay: string; receiptDay: string; retryDay: string; endDay: string }
> = {
  it: {
    yearly: '24,90 €',
    monthly: '2,99 €',
    chargeDay: 'venerdì 8 maggio 2026',
    receiptDay: '8 maggio 2026',
    retryDay: 'domenica 10 maggio 2026',
    endDay: 'venerdì 15 maggio 2026',
  },
  en: {
    yearly: '€24.90',
    monthly: '€2.99',
    chargeDay: 'May 8, 2026',
    receiptDay: 'May 8, 2026',
    retryDay: 'May 10, 2026',
    endDay: 'May 15, 2026',
  },
  es: {
    yearly: '24,90 €',
    monthly: '2,99 €',
    chargeDay: '8 de mayo de 2026',
    receiptDay: '8 de mayo de 2026',
    retryDay: '10 de mayo de 2026',
    endDay: '15 de mayo de 2026',
  },
  de: {
    yearly: '24,90 €',
    monthly: '2,99 €',
    chargeDay: '8. Mai 2026',
    receiptDay: '8. Mai 2026',
    retryDay: '10. Mai 2026',
    endDay: '15. Mai 2026',
  },
  sl: {
    yearly: '24,90 €',
    monthly: '2,99 €',
    chargeDay: '8. 5. 2026',
    receiptDay: '8. maj 2026',
    retryDay: '10. 5. 2026',
    endDay: '15. 5. 2026',
  },
};

// Intl puts no-break spaces in prices and dates; what a reader sees is a space.
const seen = (text: string) => text.replace(/\s+/gu, ' ');
const words = (mail: RenderedMail) => seen(`${mail.subject}\n${mail.text}`);

/** Words only English writes: one in an Italian or German mail is a text that was not translated. */
const ENGLISH = /\b(the|your|you|we|will|and|membership|payment|charge|cancel|trial|renews?)\b/i;
/** i18next answers a missing text with its key. */
const TEXT_KEY =
  /\b(membership|trialStarted|upcomingCharge|receipt|paymentFailed|membershipEnded|cancelConfirmed|suspended)\.\w/;

describe('the mails of a Sentiero+ membership', () => {
  itRendersEveryKindInEveryLanguage(KINDS);

  it.each(LANGUAGES)('leaves no text key in any %s mail', (language) => {
    for (const [kind, render] of Object.entries(KINDS)) {
      expect(words(render(language)), kind).not.toMatch(TEXT_KEY);
    }
  });

  it.each(['it', 'de'] as const)('writes the %s mails without a word of English', (language) => {
    for (const [kind, render] of Object.entries(KINDS)) {
      expect(words(render(language)), kind).not.toMatch(ENGLISH);
    }
    // The check itself catches English.
    expect(words(KINDS.trialEndingSoon('en'))).toMatch(ENGLISH);
  });

  it.each(LANGUAGES)(
    'tells in %s what the trial unlocks, the first charge and how to cancel before it',
    (language) => {
      const figures = FIGURES[language];
      const yearly = trialStartedMail(language, SAMPLES.trialStarted, BRAND);
      expect(yearly.subject).toContain(`${BRAND}+`);
      expect(seen(yearly.text)).toContain(figures.yearly);
      expect(seen(yearly.text)).toContain(figures.chargeDay);
      expect(yearly.text.match(/^- /gm)).toHaveLength(6);
      expect(yearly.text).toContain(MANAGE_URL);
      expect(yearly.html).toContain(`href="${MANAGE_URL.replaceAll('&', '&amp;')}"`);

      const monthly = trialStartedMail(
        language,
        { ...SAMPLES.trialStarted, planType: 'monthly', priceCents: 299 },
        BRAND,
      );
      expect(seen(monthly.text)).toContain(figures.monthly);
      expect(seen(monthly.text)).not.toBe(seen(yearly.text).replaceAll(figures.yearly, figures.monthly));
    },
  );

  it.each(LANGUAGES)('puts the price and the day of the coming charge in the %s subject', (language) => {
    const figures = FIGURES[language];
    for (const trialEnding of [true, false]) {
      const mail = upcomingChargeMail(language, { ...SAMPLES.upcomingCharge, trialEnding }, BRAND);
      expect(seen(mail.subject)).toContain(figures.yearly);
      expect(seen(mail.subject)).toContain(figures.chargeDay);
      expect(seen(mail.text)).toContain(figures.yearly);
      expect(mail.text).toContain(MANAGE_URL);
    }
    expect(KINDS.trialEndingSoon(language).subject).not.toBe(KINDS.yearlyRenewalSoon(language).subject);
  });

  it.each(LANGUAGES)('lists in the %s receipt mail what was paid, for which period and how', (language) => {
    const text = seen(receiptMail(language, SAMPLES.receipt, BRAND).text);
    expect(text).toContain('SP-2026-000123');
    expect(text).toContain(FIGURES[language].yearly);
    expect(text).toContain(FIGURES[language].receiptDay);
    expect(text).toMatch(/2027/);
    expect(text).toContain('Visa •••• 4242');
    const withoutLabel = receiptMail('en', { ...SAMPLES.receipt, paymentLabel: null }, BRAND).text;
    if (language === 'en') expect(text).toContain('Payment method: Visa');
    expect(withoutLabel).not.toContain('Payment method');
  });

  it('says the VAT is included in the receipt mail', () => {
    expect(receiptMail('it', SAMPLES.receipt, BRAND).text).toContain('IVA inclusa');
    expect(receiptMail('en', SAMPLES.receipt, BRAND).text).toContain('VAT included');
  });

  it.each(LANGUAGES)(
    'tells in %s what failed, when it is tried again and the deadline to fix it',
    (language) => {
      const figures = FIGURES[language];
      const retrying = seen(paymentFailedMail(language, SAMPLES.paymentFailed, BRAND).text);
      expect(retrying).toContain(figures.monthly);
      expect(retrying).toContain(figures.retryDay);
      expect(retrying).toContain(figures.endDay);
      expect(retrying).toContain(SAMPLES.paymentFailed.updatePaymentUrl);

      const last = paymentFailedMail(
        language,
        { ...SAMPLES.paymentFailed, attempt: 4, nextRetryDate: null },
        BRAND,
      );
      expect(seen(last.text)).not.toContain(figures.retryDay);
      expect(seen(last.text)).toContain(figures.endDay);
      expect(last.text).not.toBe(
        paymentFailedMail(language, { ...SAMPLES.paymentFailed, attempt: 4 }, BRAND).text,
      );

      const again = paymentFailedMail(language, { ...SAMPLES.paymentFailed, attempt: 2 }, BRAND);
      expect(again.subject).not.toBe(paymentFailedMail(language, SAMPLES.paymentFailed, BRAND).subject);
    },
  );

  it('fits the days into the sentence as each language writes them', () => {
    const text = (language: Language) => seen(paymentFailedMail(language, SAMPLES.paymentFailed, BRAND).text);
    expect(text('en')).toContain('on May 10, 2026');
    expect(text('en')).toContain('before May 15, 2026');
    // Italian would need "l'8", "all'11": the weekday takes the article's place.
    expect(text('it')).toContain('prima di venerdì 15 maggio 2026');
    expect(text('de')).toContain('vor dem 15. Mai 2026');
    expect(text('es')).toContain('antes del 15 de mayo de 2026');
    // Slovenian declines the month after "pred": numbers need no case.
    expect(text('sl')).toContain('pred 15. 5. 2026');

    const last = (language: Language) =>
      seen(
        paymentFailedMail(language, { ...SAMPLES.paymentFailed, attempt: 4, nextRetryDate: null }, BRAND)
          .text,
      );
    expect(last('en')).toContain("We won't try again automatically.");
    expect(last('en')).toContain('the membership ends on May 15, 2026 and nothing more will be charged');
    expect(last('it')).toContain('Non faremo altri tentativi automatici.');
  });

  it.each(LANGUAGES)('tells in %s why the membership ended and links back to it', (language) => {
    const unpaid = membershipEndedMail(language, SAMPLES.membershipEnded, BRAND);
    const canceled = membershipEndedMail(language, { ...SAMPLES.membershipEnded, reason: 'canceled' }, BRAND);
    expect(unpaid.subject).not.toBe(canceled.subject);
    expect(unpaid.text).not.toBe(canceled.text);
    for (const mail of [unpaid, canceled]) expect(mail.text).toContain('https://sentiero.test/premium');
  });

  it.each(LANGUAGES)(
    'confirms a cancellation in %s with the last day and the link to undo it',
    (language) => {
      const mail = cancelConfirmedMail(language, SAMPLES.cancelConfirmed, BRAND);
      expect(seen(mail.text)).toContain(
        FIGURES[language].chargeDay.replace('2026', '2027').replace('venerdì', 'sabato'),
      );
      expect(mail.text).toContain(SAMPLES.cancelConfirmed.undoUrl);
    },
  );

  it('counts the days a suspension keeps with the plural each language needs', () => {
    const days = (language: Language, daysLeft: number) =>
      suspendedMail(language, { ...SAMPLES.suspended, daysLeft }, BRAND).text;
    expect(days('sl', 1)).toContain('1 dan ');
    expect(days('sl', 2)).toContain('2 dneva');
    expect(days('sl', 3)).toContain('3 dneve');
    expect(days('sl', 5)).toContain('5 dni');
    expect(days('en', 1)).toContain('1 day ');
    expect(days('en', 12)).toContain('12 days');
    expect(days('de', 12)).toContain('12 Tage');
    expect(days('it', 1)).toContain('1 giorno');
    expect(days('it', 12)).toContain('12 giorni');
    expect(days('es', 12)).toContain('12 días');
    expect(days('en', 5)).toContain(SAMPLES.suspended.resumeUrl);
  });

  it('names the day an instant falls on for the member, in Central European time', () => {
    // 23:30 UTC on 7 May is 01:30 on 8 May in Rome, Madrid and Ljubljana.
    const mail = cancelConfirmedMail(
      'en',
      { ...SAMPLES.cancelConfirmed, endsOn: '2026-05-07T23:30:00Z' },
      BRAND,
    );
    expect(seen(mail.text)).toContain('May 8, 2026');
    expect(seen(mail.text)).not.toContain('May 7');
  });

  it('writes the brand it is given, with its plus', () => {
    const mail = trialStartedMail('it', SAMPLES.trialStarted, 'Bosco');
    expect(mail.subject).toContain('Bosco+');
    expect(mail.text).not.toContain('Sentiero');
  });

  it('escapes the first name in the HTML and keeps it as typed in the text', () => {
    const mail = receiptMail('de', { ...SAMPLES.receipt, firstname: HOSTILE }, BRAND);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;');
    expect(mail.text).toContain(HOSTILE);
  });
});
