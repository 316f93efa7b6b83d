import { uniqueEmail } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/** What the "Work with us" journey reads and presses, word for word, in Italian and English. */
const TEXT = {
  it: {
    footerLink: 'Lavora con noi',
    businessName: 'Ragione sociale',
    businessKind: 'Tipo di ente o attività',
    vatCountry: 'Paese della partita IVA',
    vatNumber: 'Partita IVA',
    contactName: 'Referente',
    email: 'Email',
    phone: 'Telefono',
    activity: 'Pesca',
    areaNames: 'Zone',
    terms: 'Accetto i termini e condizioni',
    featured: /Vetrina · 99,00\s€ all'anno/,
    submit: 'Invia la candidatura',
    activitiesRequired: "Scegli almeno un'attività",
    vatInvalid: 'Numero IVA non valido per il paese scelto',
    termsRequired: 'Accetta i termini e le condizioni',
    received: 'Candidatura ricevuta',
    mailSubject: 'Abbiamo ricevuto la candidatura di',
  },
  en: {
    footerLink: 'Work with us',
    businessName: 'Business name',
    businessKind: 'Kind of business',
    vatCountry: 'Country of the VAT number',
    vatNumber: 'VAT number',
    contactName: 'Contact person',
    email: 'Email',
    phone: 'Phone',
    activity: 'Fishing',
    areaNames: 'Areas',
    terms: 'I accept the terms and conditions',
    featured: /Featured listing · €99\.00 a year/,
    submit: 'Send the application',
    activitiesRequired: 'Choose at least one activity',
    vatInvalid: 'This is not a valid VAT number of the chosen country',
    termsRequired: 'Please accept the terms and conditions',
    received: 'Application received',
    mailSubject: 'We received the application of',
  },
};

type Texts = (typeof TEXT)[keyof typeof TEXT];

async function fillBusiness(
  page: Page,
  text: Texts,
  email: string,
  vat: { country: string; number: string },
) {
  await page.getByLabel(text.businessName, { exact: true }).fill('Consorzio Pesca Alto Adige');
  await page.getByLabel(text.businessKind, { exact: true }).selectOption('consortium');
  await page.getByLabel(text.vatCountry, { exact: true }).selectOption(vat.country);
  await page.getByLabel(text.vatNumber, { exact: true }).fill(vat.number);
  await page.getByLabel(text.contactName, { exact: true }).fill('Giulia Rossi');
  await page.getByLabel(text.email, { exact: true }).fill(email);
  await page.getByLabel(text.phone, { exact: true }).fill('+39 0471 123456');
  await page.getByRole('checkbox', { name: text.activity, exact: true }).check();
  await page.getByLabel(text.areaNames, { exact: true }).fill('Lago di Resia, Adige');
}

async function receiptSubject(page: Page, email: string): Promise<string | undefined> {
  const answer = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const body = (await answer.json()) as { messages: { subject: string }[] };
  return body.messages[0]?.subject;
}

test('a municipality applies from the footer in Italian, after fixing what the form points out', async ({
  page,
}) => {
  const text = TEXT.it;
  const email = uniqueEmail();
  await page.goto('/?lng=it');
  await page.getByRole('contentinfo').getByRole('link', { name: text.footerLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.footerLink })).toBeVisible();
  await expect(page.getByText(text.featured)).toBeVisible();

  await page.getByLabel(text.vatNumber, { exact: true }).fill('00743110158');
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByText(text.activitiesRequired)).toBeVisible();
  await expect(page.getByText(text.vatInvalid)).toBeVisible();
  await expect(page.getByText(text.termsRequired)).toBeVisible();

  await fillBusiness(page, text, email, { country: 'IT', number: '00743110157' });
  await page.getByRole('checkbox', { name: text.terms }).check();
  await page.getByRole('button', { name: text.submit }).click();
  await expect(page.getByRole('heading', { name: text.received })).toBeVisible();
  await expect(page.getByText(/WWU-[0-9A-F]{20}/)).toBeVisible();
  await expect.poll(() => receiptSubject(page, email)).toContain(text.mailSubject);
});

test('a Swiss company applies in English with the featured listing, paid by card', async ({ page }) => {
  const text = TEXT.en;
  const email = uniqueEmail();
  await page.goto('/work-with-us?lng=en');
  await fillBusiness(page, text, email, { country: 'CH', number: 'CHE-116.281.710 MWST' });
  await page.getByRole('radio', { name: text.featured }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('checkbox', { name: text.terms }).check();
  await page.getByRole('button', { name: 'Send and pay €99.00' }).click();
  await expect(page.getByRole('heading', { name: text.received })).toBeVisible();
  await expect(page.getByText('Your featured listing is paid (€99.00).')).toBeVisible();
  await expect.poll(() => receiptSubject(page, email)).toContain(text.mailSubject);
});
