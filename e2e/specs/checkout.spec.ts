import { readFile } from 'node:fs/promises';
import { fillSignUp, logIn, type Member, TEXT, uniqueEmail } from '../fixtures/accounts.ts';
import { type APIRequestContext, expect, type Page, test } from '../fixtures/test.ts';
import { findAllCards } from '../fixtures/tickets.ts';

/** What the purchase steps say, word for word, in the two languages the journey runs in. */
const CHECKOUT = {
  it: {
    ...TEXT.it,
    choose: 'Scegli date e partecipanti',
    guestsTitle: 'Partecipanti',
    quantity: 'Numero di partecipanti',
    guest: (number: number) => `Partecipante ${number}`,
    fullName: 'Nome e cognome',
    startDate: 'Data di inizio',
    endDate: 'Data di fine',
    birthYear: 'Anno di nascita',
    fishingCard: 'Numero della tessera federale di pesca (FIPSAS)',
    continue: 'Continua al pagamento',
    paymentTitle: 'Pagamento',
    loginRequired: 'Per completare il pagamento devi accedere o registrarti',
    signUpLink: 'Registrati',
    logInLink: 'Accedi',
    estimate: 'Costo stimato',
    couponCode: 'Codice coupon',
    applyCoupon: 'Applica',
    couponValid: 'Il codice coupon è valido!',
    couponDiscount: 'Sconto coupon',
    card: /^Carta/,
    cash: /^Paga sul posto/,
    cardNumber: 'Numero della carta',
    cardExpiry: 'Data di scadenza',
    cardCvc: 'Codice di sicurezza (CVC)',
    testCard: 'Carta di prova 4242 4242 4242 4242',
    pay: /^Paga \d/,
    book: 'Prenota e paga sul posto',
    declined: /^La carta è stata rifiutata e non ti è stato addebitato nulla\. Prova con un'altra carta/,
    success: 'Acquisto riuscito: i tuoi biglietti sono stati inviati via email',
    orderCode: 'Codice ordine',
    summary: "Riepilogo dell'ordine",
    payOnSite: /^Paga sul posto: porta .+ in contanti/,
    myTickets: 'I miei biglietti',
    download: 'Scarica i biglietti (PDF)',
  },
  en: {
    ...TEXT.en,
    choose: 'Choose dates and guests',
    guestsTitle: 'Guests',
    quantity: 'Number of guests',
    guest: (number: number) => `Guest ${number}`,
    fullName: 'First and last name',
    startDate: 'Start date',
    endDate: 'End date',
    birthYear: 'Year of birth',
    fishingCard: 'Fishing federation card number (FIPSAS)',
    continue: 'Continue to payment',
    paymentTitle: 'Payment',
    loginRequired: 'In order to complete the payment you need to be logged in or registered',
    signUpLink: 'Sign up',
    logInLink: 'Log in',
    estimate: 'Estimated cost',
    couponCode: 'Coupon code',
    applyCoupon: 'Apply',
    couponValid: 'Coupon code is valid!',
    couponDiscount: 'Coupon discount',
    card: /^Card/,
    cash: /^Pay on site/,
    cardNumber: 'Card number',
    cardExpiry: 'Expiry date',
    cardCvc: 'Security code (CVC)',
    testCard: 'Test card 4242 4242 4242 4242',
    pay: /^Pay €/,
    book: 'Book and pay on site',
    declined:
      'Your card was declined and nothing was charged. Try another card or choose another payment method; your bank can tell you why it was declined.',
    success: 'Purchase successful: your tickets have been sent by email',
    orderCode: 'Order code',
    summary: 'Order summary',
    payOnSite: /^Pay on site: bring €.+ in cash/,
    myTickets: 'My tickets',
    download: 'Download your tickets (PDF)',
  },
} as const;
type Texts = (typeof CHECKOUT)[keyof typeof CHECKOUT];

type CheckoutTicket = {
  id: number;
  durationType: string;
  minAge: number;
  fishingCard: boolean;
  days: string[];
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A ticket anyone can buy (not residents-only) with four open days a month from now: a DAILY
 * one without a fishing card, or a fishing permit; the youngest minimum age first.
 */
async function findTicket(request: APIRequestContext, kind: 'daily' | 'fishing'): Promise<CheckoutTicket> {
  const cards = await findAllCards(request);
  const from = isoDate(new Date(Date.now() + 30 * 24 * 3600 * 1000));
  const candidates = cards.filter(
    (card) => card.on_sale && (kind === 'fishing' || card.duration_type === 'DAILY'),
  );
  for (const card of candidates.sort((a, b) => a.min_age - b.min_age)) {
    const { ticket } = await (await request.get(`/api/app/ticket/info?id=${card.id}&lng=en`)).json();
    if (ticket.residents_only || ticket.requires_fishing_card !== (kind === 'fishing')) continue;
    const calendar = await (
      await request.get(`/api/app/ticket/calendar?id=${card.id}&from=${from}&days=60&lng=en`)
    ).json();
    const days = calendar.days
      .filter((day: { open: boolean; remaining: number | null }) => day.open && (day.remaining ?? 99) >= 4)
      .map((day: { date: string }) => day.date);
    if (days.length >= 4) {
      return {
        id: card.id,
        durationType: card.duration_type,
        minAge: ticket.min_age,
        fishingCard: ticket.requires_fishing_card,
        days,
      };
    }
  }
  throw new Error(`The catalogue has no ${kind} ticket with open days a month from now`);
}

const newMember = (): Member => ({
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: uniqueEmail(),
  password: 'Porcini2025',
});

/** An account made through the API: with `page.request` the page is logged in as well. */
async function register(request: APIRequestContext, member: Member) {
  const answer = await request.post('/api/app/user/register', {
    multipart: { ...member, country: 'IT', is_adult: 'true', policy_accepted: 'true' },
  });
  expect(answer.ok()).toBe(true);
}

/** From the event page through the guests step: one block per guest, end dates filled in by the duration. */
async function enterGuests(page: Page, text: Texts, ticket: CheckoutTicket, day: string, names: string[]) {
  await page.goto(`/event/${ticket.id}${text.query}`);
  await page.getByRole('link', { name: text.choose }).click();
  await expect(page.getByRole('heading', { name: text.guestsTitle, level: 1 })).toBeVisible();

  const first = page.getByRole('group', { name: text.guest(1) });
  await first.getByLabel(text.fullName).fill(names[0] ?? '');
  await first.getByLabel(text.startDate).fill(day);
  const end = first.getByLabel(text.endDate);
  if (ticket.durationType === 'DAILY') await expect(end).toHaveValue(day);
  else await expect(end).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel(text.quantity).selectOption(String(names.length));
  for (const [index, name] of names.entries()) {
    const guest = page.getByRole('group', { name: text.guest(index + 1) });
    // Later guests start on the first guest's dates.
    await expect(guest.getByLabel(text.startDate)).toHaveValue(day);
    await guest.getByLabel(text.fullName).fill(name);
    if (ticket.minAge > 0) await guest.getByLabel(text.birthYear).selectOption('1980');
    if (ticket.fishingCard) await guest.getByLabel(text.fishingCard).fill(`FIPSAS ${100200 + index}`);
  }
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page.getByRole('heading', { name: text.paymentTitle, level: 1 })).toBeVisible();
}

async function applyCoupon(page: Page, text: Texts, code: string) {
  await page.getByLabel(text.couponCode).fill(code);
  await page.getByRole('button', { name: text.applyCoupon, exact: true }).click();
  await expect(page.getByRole('status').getByText(text.couponValid)).toBeVisible();
  await expect(page.getByText(text.couponDiscount).first()).toBeVisible();
}

/** The confirmation's download gives one PDF with every ticket of the order, in the buyer's language. */
async function downloadTickets(page: Page, text: Texts) {
  const link = page.getByRole('link', { name: text.download });
  await expect(link).toHaveAttribute('href', new RegExp(`order=ST-.+&lng=${text.query.slice(-2)}$`));
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const path = await download.path();
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

async function payByCard(page: Page, text: Texts, number: string) {
  await page.getByRole('radio', { name: text.card }).check();
  await expect(page.getByText(text.testCard)).toBeVisible();
  await page.getByLabel(text.cardNumber).fill(number);
  await page.getByLabel(text.cardExpiry).fill('12/30');
  await page.getByLabel(text.cardCvc).fill('123');
  await page.getByRole('button', { name: text.pay }).click();
}

async function expectConfirmation(page: Page, text: Texts, ticket: CheckoutTicket) {
  await expect(page).toHaveURL(new RegExp(`/event/${ticket.id}/confirmation$`));
  await expect(page.getByText(text.success)).toBeVisible();
  await expect(page.getByText(text.orderCode)).toBeVisible();
  await expect(page.getByText(/^ST-[A-Z0-9]{5}-[A-Z0-9]{5}$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: text.summary })).toBeVisible();
  await expect(page.getByRole('link', { name: text.myTickets })).toHaveAttribute('href', '/user/mytickets');
}

let ticket: CheckoutTicket;
let fishingPermit: CheckoutTicket;
test.beforeAll(async ({ request }) => {
  ticket = await findTicket(request, 'daily');
  fishingPermit = await findTicket(request, 'fishing');
});

test('a visitor chooses a fishing permit for two guests, signs up when asked, applies a coupon, pays by card and downloads the tickets (it)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const text = CHECKOUT.it;
  await enterGuests(page, text, fishingPermit, fishingPermit.days[0] ?? '', [
    'Giulia Rossi',
    'Marco Bianchi',
  ]);

  const main = page.getByRole('main');
  await expect(main.getByText(text.loginRequired)).toBeVisible();
  // A visitor cannot apply a coupon yet: the cost is an estimate.
  await expect(page.getByRole('heading', { name: text.estimate })).toBeVisible();
  await main.getByRole('link', { name: text.signUpLink, exact: true }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=/);
  await fillSignUp(page, text, newMember());

  await expect(page).toHaveURL(new RegExp(`/event/${fishingPermit.id}/payment$`));
  await expect(main.getByText('Giulia Rossi')).toBeVisible();
  await expect(main.getByText('Marco Bianchi')).toBeVisible();
  // Signed in, the price is the one the buy charges: a summary with its total, no estimate, and
  // no coupon line before a coupon is applied.
  await expect(page.getByRole('heading', { name: text.summary })).toBeVisible();
  await expect(page.getByRole('heading', { name: text.estimate })).toBeHidden();
  await expect(page.getByText(text.couponDiscount)).toBeHidden();
  await applyCoupon(page, text, 'BENVENUTO10');
  await payByCard(page, text, '4242 4242 4242 4242');
  await expectConfirmation(page, text, fishingPermit);
  await expect(page.getByText(text.couponDiscount)).toBeVisible();
  await downloadTickets(page, text);
});

test('a visitor chooses a fishing permit for two guests, logs in when asked, finds them kept after a reload, applies a coupon, pays by card and downloads the tickets (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const text = CHECKOUT.en;
  const member = newMember();
  await register(request, member);
  await enterGuests(page, text, fishingPermit, fishingPermit.days[1] ?? '', ['Anna Verdi', 'Luca Neri']);

  const main = page.getByRole('main');
  await expect(main.getByText(text.loginRequired)).toBeVisible();
  await main.getByRole('link', { name: text.logInLink, exact: true }).click();
  await logIn(page, text, member.email, member.password);

  await expect(page).toHaveURL(new RegExp(`/event/${fishingPermit.id}/payment$`));
  await page.reload();
  await expect(main.getByText('Anna Verdi')).toBeVisible();
  await expect(main.getByText('Luca Neri')).toBeVisible();
  await applyCoupon(page, text, 'BENVENUTO10');
  await payByCard(page, text, '4242 4242 4242 4242');
  await expectConfirmation(page, text, fishingPermit);
  await downloadTickets(page, text);
});

test('a declined card says so and keeps the buyer on the payment step, where another card succeeds', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const text = CHECKOUT.en;
  await register(page.request, newMember());
  await enterGuests(page, text, ticket, ticket.days[2] ?? '', ['Sara Gialli']);

  await payByCard(page, text, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText(text.declined);
  await expect(page).toHaveURL(new RegExp(`/event/${ticket.id}/payment$`));

  await payByCard(page, text, '4242 4242 4242 4242');
  await expectConfirmation(page, text, ticket);
});

test('a cash order is confirmed with a reminder to pay on site', async ({ page }) => {
  test.setTimeout(60_000);
  const text = CHECKOUT.en;
  await register(page.request, newMember());
  await enterGuests(page, text, ticket, ticket.days[3] ?? '', ['Paolo Blu']);

  await page.getByRole('radio', { name: text.cash }).check();
  await expect(page.getByLabel(text.cardNumber)).toBeHidden();
  await page.getByRole('button', { name: text.book }).click();
  await expectConfirmation(page, text, ticket);
  await expect(page.getByRole('status').filter({ hasText: text.payOnSite })).toBeVisible();
});

test("back from the payment provider with the order's code, the confirmation finishes the order and shows its outcome", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const text = CHECKOUT.en;
  await register(page.request, newMember());
  const day = ticket.days.at(-1) ?? '';
  // Paid through the API in this browser's session, as a provider's return finds it (a second tab,
  // or a webhook that came first): the confirmation must not need the purchase to start in this tab.
  const answer = await page.request.post('/api/app/v4/ticket/buy?lng=en', {
    data: {
      id_ticket: ticket.id,
      guests: [
        {
          full_name: 'Elena Viola',
          start_date: day,
          end_date: day,
          ...(ticket.minAge > 0 ? { birth_year: 1980 } : {}),
        },
      ],
      payment_method: 'sandbox',
      idempotency_key: `e2e-return-${Date.now()}`,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    },
  });
  expect(answer.ok()).toBe(true);
  const { order } = await answer.json();

  await page.goto(`/event/${ticket.id}/confirmation${text.query}&order=${order.code}`);
  await expectConfirmation(page, text, ticket);
  await expect(page.getByText(order.code, { exact: true })).toBeVisible();

  // Someone else's code, or none that exists, is no page at all.
  await page.goto(`/event/${ticket.id}/confirmation${text.query}&order=ST-AAAAA-AAAAA`);
  await expect(page.getByText('Not Found')).toBeVisible();
});
