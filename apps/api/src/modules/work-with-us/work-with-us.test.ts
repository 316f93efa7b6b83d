import { operatorApplications } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createActivityType, createRegion } from '../../test/catalogue-factories.ts';
import { unique } from '../../test/factories.ts';

let sut: TestApp;
let activity: string;
let region: string;
beforeAll(async () => {
  sut = await createTestApp({ FEATURED_LISTING_CENTS: '12900' });
  activity = (await createActivityType(sut.database.db)).slug;
  region = (await createRegion(sut.database.db)).slug;
});
afterAll(() => sut.close());

const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const DECLINED = { ...CARD, number: '4000000000000002' };

function application(overrides: Record<string, unknown> = {}) {
  return {
    business_name: 'Consorzio Val di Sole',
    business_kind: 'consortium',
    vat_country: 'IT',
    vat_number: 'IT 00743110157',
    contact_name: 'Giulia Rossi',
    email: `${unique('giulia')}@example.it`,
    phone: '+39 0463 901272',
    activities: [activity],
    country: 'IT',
    region,
    area_names: 'Val di Sole, Val di Peio',
    message: 'Vendiamo permessi di pesca e visite guidate.',
    plan: 'commission',
    terms: true,
    idempotency_key: unique('apply'),
    ...overrides,
  };
}

const storedByKey = async (key: unknown) =>
  sut.database.db
    .select()
    .from(operatorApplications)
    .where(eq(operatorApplications.idempotencyKey, String(key)));

describe('app/workwithus/buy', () => {
  it('answers the plans with the featured listing price of the configuration', async () => {
    const response = await createBrowser(sut).post('/api/app/workwithus/plans?lng=en');
    expect(response.json()).toEqual({
      plans: [
        { plan: 'commission', price_cents: 0 },
        { plan: 'featured', price_cents: 12900 },
      ],
      currency: 'EUR',
    });
  });

  it('stores a commission application as submitted and mails a receipt in its language', async () => {
    const sent = application();
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=it', sent);
    expect(response.statusCode).toBe(200);
    expect(response.json().application).toMatchObject({
      state: 'submitted',
      plan: 'commission',
      amount_cents: 0,
    });
    const [row] = await storedByKey(sent.idempotency_key);
    expect(row).toMatchObject({
      state: 'submitted',
      businessKind: 'consortium',
      vatNumber: 'IT00743110157',
      activities: [activity],
      region,
      language: 'it',
      paymentReference: null,
    });
    const [mail] = await waitForMail(sut, sent.email);
    expect(mail?.subject).toBe('Abbiamo ricevuto la candidatura di Consorzio Val di Sole');
    expect(mail?.text).toContain(response.json().application.reference);
  });

  it.each([
    ['business_name', { business_name: ' ' }, 'This field is mandatory'],
    ['business_kind', { business_kind: 'bank' }, 'This field is mandatory'],
    ['vat_country', { vat_country: 'US' }, 'This field is mandatory'],
    ['vat_number', { vat_number: '' }, 'The VAT number is mandatory'],
    ['vat_number', { vat_number: '00743110158' }, 'This is not a valid VAT number of the chosen country'],
    [
      'vat_number',
      { vat_country: 'DE', vat_number: 'IT00743110157' },
      'This is not a valid VAT number of the chosen country',
    ],
    ['contact_name', { contact_name: '' }, 'Full name is a mandatory field'],
    ['email', { email: 'giulia@' }, 'Invalid email'],
    ['phone', { phone: 'call me' }, 'Invalid phone number'],
    ['activities', { activities: [] }, 'Choose at least one activity'],
    ['activities', { activities: ['no-such-activity'] }, 'This value is not valid'],
    ['country', { country: 'FR' }, 'This field is mandatory'],
    ['region', { country: 'SI' }, 'This value is not valid'],
    ['message', { message: 'x'.repeat(5001) }, 'The message can be at most 5,000 characters long'],
    ['plan', { plan: 'gold' }, 'This field is mandatory'],
    ['payment_method', { plan: 'featured' }, 'This field is mandatory'],
    ['terms', { terms: false }, 'Please accept the terms and conditions'],
  ])('refuses a bad %s with its message and stores nothing', async (field, change, message) => {
    const sent = application(change);
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=en', sent);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: message });
    expect(await storedByKey(sent.idempotency_key)).toEqual([]);
  });

  it('reads the activities as the web form sends them: comma-separated', async () => {
    const second = (await createActivityType(sut.database.db)).slug;
    const sent = application({ activities: `${activity}, ${second}`, terms: 'true' });
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=en', sent);
    expect(response.statusCode).toBe(200);
    const [row] = await storedByKey(sent.idempotency_key);
    expect(row?.activities).toEqual([activity, second]);
  });

  it('answers the same application to the same form sent twice', async () => {
    const sent = application();
    const browser = createBrowser(sut);
    const first = await browser.post('/api/app/workwithus/buy?lng=de', sent);
    const again = await browser.post('/api/app/workwithus/buy?lng=de', sent);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await storedByKey(sent.idempotency_key)).toHaveLength(1);
    const reused = await browser.post('/api/app/workwithus/buy?lng=de', {
      ...sent,
      email: 'other@example.de',
    });
    expect(reused.statusCode).toBe(409);
  });

  it('takes the featured listing by the card simulator, then counts it as submitted', async () => {
    const sent = application({
      plan: 'featured',
      payment_method: 'sandbox',
      card: CARD,
      vat_country: 'CH',
      vat_number: 'CHE-116.281.710 MWST',
    });
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=en', sent);
    expect(response.statusCode).toBe(200);
    expect(response.json().application).toMatchObject({
      state: 'submitted',
      plan: 'featured',
      amount_cents: 12900,
    });
    const [row] = await storedByKey(sent.idempotency_key);
    expect(row?.vatNumber).toBe('CHE-116.281.710');
    expect(row?.paymentReference).toMatch(/^sbx_/);
    expect(row?.paidAt).not.toBeNull();
    const [mail] = await waitForMail(sut, sent.email);
    expect(mail?.text).toContain('Yearly featured listing, paid (€129.00)');
    const again = await createBrowser(sut).post('/api/app/workwithus/buy?lng=en', sent);
    expect(again.json()).toEqual(response.json());
    const [same] = await storedByKey(sent.idempotency_key);
    expect(same?.paymentReference).toBe(row?.paymentReference);
  });

  it('leaves nothing behind when the card is declined', async () => {
    const sent = application({ plan: 'featured', payment_method: 'sandbox', card: DECLINED });
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=en', sent);
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('PAYMENT_DECLINED');
    expect(await storedByKey(sent.idempotency_key)).toEqual([]);
  });

  it('refuses a way of paying this server does not offer', async () => {
    const sent = application({ plan: 'featured', payment_method: 'paypal' });
    const response = await createBrowser(sut).post('/api/app/workwithus/buy?lng=en', sent);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect(await storedByKey(sent.idempotency_key)).toEqual([]);
  });

  it('answers an unknown reference on the way back from paying with 404', async () => {
    const response = await createBrowser(sut).post('/api/app/workwithus/buy/complete?lng=en', {
      reference: 'WWU-0000000000000000',
    });
    expect(response.statusCode).toBe(404);
  });
});
