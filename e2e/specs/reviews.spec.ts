import { findValidEndDate } from '@sentiero/contract/durations';
import { signUp, TEXT } from '../fixtures/accounts.ts';
import { enrolDemoRangerDevice } from '../fixtures/ranger-device.ts';
import { type APIRequestContext, expect, openConsole, test } from '../fixtures/staff.ts';
import { newMember } from '../fixtures/tickets.ts';

/*
 * A buyer reviews a ticket they used (issue 25, item 5; ADR 051): they buy today's place of a
 * ticket of the demo park authority, a ranger checks it at the gate from an enrolled phone, the
 * buyer rates and reviews it from My tickets, and the event page shows the review with the
 * average; the park's manager answers it from the console, and the answer shows under it.
 */

const TEXTS = {
  it: {
    myTickets: 'I miei biglietti',
    writeReview: 'Scrivi una recensione',
    stars: (n: number) => `${n} stelle su 5`,
    howWasIt: "Com'è andata?",
    writtenIn: 'Scritta in',
    publish: 'Pubblica la recensione',
    thanks: 'Grazie!',
    close: 'Chiudi',
    yours: 'La tua recensione',
    reviews: 'Recensioni',
    count: /^\d+ recension[ei]$/,
    text: 'Guida bravissima e sentiero ben tenuto, torneremo in primavera.',
    sections: 'Sezioni della console',
    answerButton: 'Rispondi',
    answerLabel: 'Risposta pubblica',
    publishAnswer: 'Pubblica la risposta',
    answer: 'Grazie a voi, vi aspettiamo!',
    answered: "L'organizzatore ha risposto",
  },
  de: {
    myTickets: 'Meine Tickets',
    writeReview: 'Bewertung schreiben',
    stars: (n: number) => `${n} von 5 Sternen`,
    howWasIt: 'Wie war es?',
    writtenIn: 'Geschrieben auf',
    publish: 'Bewertung veröffentlichen',
    thanks: 'Danke!',
    close: 'Schließen',
    yours: 'Deine Bewertung',
    reviews: 'Bewertungen',
    count: /^\d+ Bewertung(en)?$/,
    text: 'Sehr nette Führung und ein gut gepflegter Weg, wir kommen wieder.',
    sections: 'Sezioni della console',
    answerButton: 'Rispondi',
    answerLabel: 'Risposta pubblica',
    publishAnswer: 'Pubblica la risposta',
    answer: 'Danke, bis bald!',
    answered: 'Der Veranstalter hat geantwortet',
  },
} as const;

test.use({ consoleAs: 'manager' });
test.describe.configure({ timeout: 150_000 });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

/**
 * A ticket of the manager's operator that anyone may buy from today (a DAILY one first: with the
 * seasons of the demo catalogue, a season's last days may offer only a seasonal permit, and between
 * seasons only the Sila's fishing permit, whose guest gives a federation card) and its last valid day.
 */
async function findTicketForToday(
  request: APIRequestContext,
): Promise<{ id: number; end: string; fishingCard: boolean }> {
  const { areas } = await (await request.get('/api/console/orders/choices?lng=en')).json();
  const ids: number[] = areas.flatMap((area: { tickets: { id: number }[] }) => area.tickets.map((t) => t.id));
  const found: { id: number; end: string; daily: boolean; fishingCard: boolean }[] = [];
  for (const id of ids) {
    const { ticket } = await (await request.get(`/api/app/ticket/info?id=${id}&lng=en`)).json();
    if (!ticket.on_sale || ticket.residents_only?.length) continue;
    const calendar = await (
      await request.get(`/api/app/ticket/calendar?id=${id}&from=${today()}&days=1&lng=en`)
    ).json();
    if (!calendar.days[0]?.open) continue;
    const validity = findValidEndDate(ticket.duration_type, today(), ticket.validity.season ?? undefined);
    if (!validity.ok) continue;
    found.push({
      id,
      end: validity.end,
      daily: ticket.duration_type === 'DAILY',
      fishingCard: Boolean(ticket.requires_fishing_card),
    });
  }
  const chosen = found.find((entry) => entry.daily) ?? found.find((entry) => !entry.fishingCard) ?? found[0];
  if (!chosen) throw new Error("the manager's operator has no ticket open to everyone today");
  return chosen;
}

for (const lng of ['it', 'de'] as const) {
  test(`a buyer reviews a ticket a ranger checked at the gate, and the event page shows it with the average and the park's answer (${lng})`, async ({
    page,
    browser,
    baseURL,
    staffOfWorker,
  }) => {
    const text = TEXTS[lng];
    await openConsole(page, 'it');
    const ranger = await staffOfWorker('fieldRanger');
    const device = await enrolDemoRangerDevice(baseURL ?? '', {
      email: ranger.email,
      password: ranger.password,
      key: ranger.secret,
    });
    const { id: ticketId, end, fishingCard } = await findTicketForToday(page.request);

    // The buyer signs up (in Italian, the journey's sign-up texts) and pays today's place by card.
    const shop = await browser.newContext();
    const buyer = await shop.newPage();
    await signUp(buyer, TEXT.it, newMember());
    await expect(buyer).toHaveURL(/\/user$/);
    const bought = await buyer.request.post('/api/app/v4/ticket/buy', {
      headers: { origin: baseURL ?? '' },
      data: {
        id_ticket: ticketId,
        guests: [
          {
            full_name: 'Giulia Rossi',
            start_date: today(),
            end_date: end,
            birth_year: 1988,
            ...(fishingCard && { card_number: 'FIPSAS 0412345' }),
          },
        ],
        payment_method: 'sandbox',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
        idempotency_key: `e2e-reviews-${lng}-${Date.now()}`,
      },
    });
    expect(bought.ok(), await bought.text()).toBe(true);
    const list = await (await buyer.request.get('/api/app/ticket/list?lng=en')).json();
    const held = list.purchase_list[0].tickets[0];

    // Not used yet, and its day is not over: nothing to review.
    await buyer.goto(`/user/mytickets?lng=${lng}`);
    await expect(buyer.getByRole('heading', { name: text.myTickets, level: 1 })).toBeVisible();
    await expect(buyer.getByRole('button', { name: text.writeReview })).toHaveCount(0);

    // At the gate, the ranger's phone records the use.
    const redeemed = await device.send('POST', '/api/ranger/redeem?lng=en', { code: held.qr_code });
    expect(redeemed.status, JSON.stringify(redeemed.json)).toBe(200);

    await buyer.reload();
    await buyer.getByRole('button', { name: text.writeReview }).click();
    const dialog = buyer.getByRole('dialog');
    // The fourth star, as a finger taps it.
    await dialog.locator('label', { hasText: text.stars(4) }).click();
    await expect(dialog.getByRole('radio', { name: text.stars(4) })).toBeChecked();
    // Each run's review is its own: the other language's journey, or an earlier run on the same
    // server, may have reviewed the same ticket.
    const review = `${text.text} ${Date.now().toString(36)}`;
    await dialog.getByLabel(text.howWasIt).fill(review);
    await expect(dialog.getByLabel(text.writtenIn)).toHaveValue(lng);
    await dialog.getByRole('button', { name: text.publish }).click();
    await expect(dialog.getByRole('heading', { name: text.thanks })).toBeVisible();
    await dialog.getByRole('button', { name: text.close }).click();
    await expect(dialog).toHaveCount(0);
    await expect(buyer.getByText(text.yours, { exact: true })).toBeVisible();
    await expect(buyer.getByRole('button', { name: text.writeReview })).toHaveCount(0);

    // The event page: the average, the count and the review.
    await buyer.goto(`/event/${ticketId}?lng=${lng}`);
    const section = buyer.getByRole('region', { name: text.reviews });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(review)).toBeVisible();
    // The other journey may review the same ticket meanwhile, with the same stars: the average holds.
    const shown = await (
      await buyer.request.get(`/api/app/ticket/review/list?id=${ticketId}&lng=${lng}`)
    ).json();
    expect(shown.count).toBeGreaterThanOrEqual(1);
    const average = new Intl.NumberFormat(lng, { minimumFractionDigits: 1 }).format(shown.average);
    await expect(section.getByTestId('review-average')).toContainText(average);
    await expect(section.getByText(text.count)).toBeVisible();
    await expect(section.getByRole('img', { name: text.stars(4) }).first()).toBeVisible();

    // The park's manager answers from the console, in public.
    await page
      .getByRole('navigation', { name: text.sections })
      .getByRole('link', { name: 'Recensioni', exact: true })
      .click();
    const card = page.getByRole('article').filter({ hasText: review });
    await card.getByRole('button', { name: text.answerButton }).click();
    await card.getByLabel(text.answerLabel).fill(text.answer);
    await card.getByRole('button', { name: text.publishAnswer }).click();
    await expect(card.getByText(text.answer)).toBeVisible();

    await buyer.reload();
    await section.scrollIntoViewIfNeeded();
    const ours = section.getByRole('listitem').filter({ hasText: review });
    await expect(ours.getByText(text.answered)).toBeVisible();
    await expect(ours.getByText(text.answer)).toBeVisible();
    await shop.close();
  });
}
