import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Member, signUp, TEXT, uniqueEmail } from '../fixtures/accounts.ts';

/** What the tickets screens say, word for word. */
const TICKETS = {
  en: {
    ...TEXT.en,
    title: 'My tickets',
    empty: 'No tickets available',
    showQr: 'Show QR',
    downloadAll: /^Download all \(order ST-/,
    share: 'Share',
    offline: 'You are offline: showing the tickets saved on this phone',
    checkTicket: 'Check a ticket',
    code: 'Ticket code (QR content)',
    verify: 'Verify',
    valid: 'VALID',
    validToday: /^(Valid today|Not valid yet)$/,
    invalid: 'INVALID',
    badSignature: 'The signature does not match: the code was altered or forged',
    sharedTitle: 'Shared ticket',
  },
  it: {
    ...TEXT.it,
    title: 'I miei biglietti',
    empty: 'Nessun biglietto disponibile',
    code: 'Codice del biglietto (contenuto del QR)',
    verify: 'Verifica',
    invalid: 'NON VALIDO',
    malformed: 'Questo non è un codice biglietto (formato errato)',
  },
} as const;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A DAILY ticket anyone may buy (no minimum age, no fishing card, not residents-only) and an open day. */
async function findDailyTicket(request: APIRequestContext): Promise<{ id: number; day: string }> {
  type Card = { id: number; duration_type: string; min_age: number; on_sale: boolean };
  const cards: Card[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const body = await (await request.get(`/api/app/v2/search?lng=en&page=${page}`)).json();
    cards.push(...body.ticket_list);
    pages = body.pages;
  }
  for (const card of cards.filter((entry) => entry.duration_type === 'DAILY' && entry.on_sale)) {
    const { ticket } = await (await request.get(`/api/app/ticket/info?id=${card.id}&lng=en`)).json();
    if (ticket.min_age > 0 || ticket.requires_fishing_card || ticket.residents_only?.length) continue;
    // Seasons close for months: look a window of 60 days at a time, from 40 days ahead.
    for (let ahead = 40; ahead < 400; ahead += 60) {
      const from = isoDate(new Date(Date.now() + ahead * 24 * 3600 * 1000));
      const calendar = await (
        await request.get(`/api/app/ticket/calendar?id=${card.id}&from=${from}&days=60&lng=en`)
      ).json();
      const day = calendar.days.find((entry: { open: boolean }) => entry.open);
      if (day) return { id: card.id, day: day.date };
    }
  }
  throw new Error('The catalogue has no DAILY ticket without age limits and with an open day');
}

const newMember = (): Member => ({
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: uniqueEmail(),
  password: 'Porcini2025',
});

/** Buys one ticket as the member signed in on `page`, by card in the sandbox. */
async function buyTicket(page: Page, baseURL: string) {
  const { id, day } = await findDailyTicket(page.request);
  const answer = await page.request.post('/api/app/v4/ticket/buy', {
    headers: { origin: baseURL },
    data: {
      id_ticket: id,
      guests: [{ full_name: 'Giulia Rossi', start_date: day, end_date: day }],
      payment_method: 'sandbox',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      idempotency_key: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const list = await (await page.request.get('/api/app/ticket/list?lng=en')).json();
  return list.purchase_list[0].tickets[0] as { title: string; signed_code: string };
}

/** The same code with one character of the signature changed. */
function tamper(code: string): string {
  const at = code.lastIndexOf('.') + 5;
  return `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`;
}

async function verify(page: Page, text: { code: string; verify: string }, code: string) {
  await page.getByLabel(text.code).fill(code);
  await page.getByRole('button', { name: text.verify, exact: true }).click();
}

test('a member sees a bought ticket with its QR, offline too, and a ranger verifies it online and offline (en)', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const text = TICKETS.en;
  await signUp(page, text, newMember());
  await expect(page).toHaveURL(/\/user$/);
  const ticket = await buyTicket(page, baseURL ?? '');

  await page.goto(`/user/mytickets${text.query}`);
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: ticket.title });
  await expect(card.getByText('Giulia Rossi')).toBeVisible();
  await expect(page.getByRole('link', { name: text.downloadAll })).toHaveAttribute(
    'href',
    /\/api\/app\/ticket\/download\?order=ST-/,
  );
  await card.getByRole('button', { name: text.showQr }).click();
  await expect(card.getByRole('img', { name: /^QR code of ticket/ })).toBeVisible();
  await card.getByRole('button', { name: text.share, exact: true }).click();
  const shareLink = card.getByRole('link', { name: /\/tickets\/shared\// });
  await expect(shareLink).toBeVisible();
  const sharedPath = new URL((await shareLink.getAttribute('href')) ?? '').pathname;

  // Client-side, so this document keeps the list page; the verify page loads the keys.
  await page.getByRole('link', { name: text.checkTicket }).click();
  await verify(page, text, ticket.signed_code);
  await expect(page.getByText(text.valid, { exact: true })).toBeVisible();
  await expect(page.getByText(text.validToday)).toBeVisible();
  await verify(page, text, tamper(ticket.signed_code));
  await expect(page.getByText(text.invalid, { exact: true })).toBeVisible();
  await expect(page.getByText(text.badSignature)).toBeVisible();

  await context.setOffline(true);
  await page.goBack();
  await expect(page.getByText(text.offline)).toBeVisible();
  const savedCard = page.getByRole('article', { name: ticket.title });
  await savedCard.getByRole('button', { name: text.showQr }).click();
  await expect(savedCard.getByRole('img', { name: /^QR code of ticket/ })).toBeVisible();

  // Back on the verify page, mounted afresh with no network: the keys come from the phone.
  await page.goForward();
  await verify(page, text, ticket.signed_code);
  await expect(page.getByText(text.valid, { exact: true })).toBeVisible();

  await context.setOffline(false);
  await page.goto(`${sharedPath}${text.query}`);
  await expect(page.getByRole('heading', { name: text.sharedTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket/ })).toBeVisible();
});

test('a new member has no tickets yet, and a code that is not a ticket is refused (it)', async ({ page }) => {
  const text = TICKETS.it;
  await signUp(page, text, newMember());
  await expect(page).toHaveURL(/\/user$/);
  await page.goto(`/user/mytickets${text.query}`);
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
  await expect(page.getByText(text.empty)).toBeVisible();

  await page.goto(`/verify${text.query}`);
  await verify(page, text, 'ST1.non-un-biglietto.x');
  await expect(page.getByText(text.invalid, { exact: true })).toBeVisible();
  await expect(page.getByText(text.malformed)).toBeVisible();
});
