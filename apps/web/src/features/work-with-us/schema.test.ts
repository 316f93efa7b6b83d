import { describe, expect, it } from 'vitest';
import {
  type ApplicationFormValues,
  EMPTY_APPLICATION,
  readFeaturedPayment,
  ZApplicationForm,
} from './schema.ts';

const COMPLETE: ApplicationFormValues = {
  ...EMPTY_APPLICATION,
  business_name: 'Parco Naturale Adamello Brenta',
  business_kind: 'park',
  vat_country: 'IT',
  vat_number: '01114601006',
  contact_name: 'Marco Bianchi',
  email: 'marco@example.it',
  phone: '+39 0465 806666',
  activities: ['fishing'],
  country: 'IT',
  terms: true,
};

const problems = (values: ApplicationFormValues) =>
  Object.fromEntries(
    (ZApplicationForm.safeParse(values).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('the application form', () => {
  it('names every missing field at once, the VAT number included', () => {
    expect(problems({ ...EMPTY_APPLICATION, vat_number: '123' })).toEqual({
      business_name: 'field.required',
      business_kind: 'field.required',
      vat_number: 'field.vatNumberInvalid',
      contact_name: 'field.fullNameRequired',
      email: 'field.emailRequired',
      phone: 'field.required',
      activities: 'field.activitiesRequired',
      terms: 'field.termsRequired',
    });
  });

  it('accepts a complete application', () => {
    expect(problems(COMPLETE)).toEqual({});
  });

  it('reads the VAT number by the rule of the country chosen', () => {
    expect(problems({ ...COMPLETE, vat_country: 'CH', vat_number: 'CHE-116.281.710 MWST' })).toEqual({});
    expect(problems({ ...COMPLETE, vat_country: 'AT', vat_number: '01114601006' })).toEqual({
      vat_number: 'field.vatNumberInvalid',
    });
  });

  it('checks the simulator’s card before the featured plan is sent', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    expect(readFeaturedPayment({ choice: 'card', card }, 'sandbox', '2026-11-28')).toEqual({
      ok: true,
      fields: {
        payment_method: 'sandbox',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      },
    });
    expect(
      readFeaturedPayment({ choice: 'card', card: { ...card, expiry: '01/20' } }, 'sandbox', '2026-11-28'),
    ).toEqual({
      ok: false,
      problems: { expiry: 'checkout:problems.cardExpiry' },
    });
    expect(readFeaturedPayment({ choice: 'paypal', card }, 'sandbox', '2026-11-28')).toEqual({
      ok: true,
      fields: { payment_method: 'paypal' },
    });
  });
});
