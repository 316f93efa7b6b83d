import { findMailLink, uniqueEmail } from '../fixtures/accounts.ts';
import { demoAdminRequest } from '../fixtures/staff.ts';
import { type APIRequestContext, expect, test } from '../fixtures/test.ts';
import { findAllCards } from '../fixtures/tickets.ts';

/** What the waiting list's screens say, word for word, in the two languages the journey runs in. */
const TEXTS = {
  it: {
    calendar: 'Disponibilità',
    soldOut: 'Esaurito',
    join: "Mettiti in lista d'attesa",
    party: 'Posti che ti servono',
    joined: "Sei in lista d'attesa: numero 1 in coda.",
    later: 'Giorni successivi',
    offerTitle: 'Posti riservati per te',
    accept: "Prosegui con l'acquisto",
    heldOffer: "1 posto è riservato per te dalla lista d'attesa",
    fullName: 'Nome e cognome',
    continue: 'Continua al pagamento',
    card: /^Carta/,
    cardNumber: 'Numero della carta',
    cardExpiry: 'Data di scadenza',
    cardCvc: 'Codice di sicurezza (CVC)',
    pay: /^Paga \d/,
    success: 'Acquisto riuscito: i tuoi biglietti sono stati inviati via email',
    myWaitlists: "Le tue liste d'attesa",
    bought: 'Acquistati',
  },
  de: {
    calendar: 'Verfügbarkeit',
    soldOut: 'Ausverkauft',
    join: 'Auf die Warteliste',
    party: 'Benötigte Plätze',
    joined: 'Du stehst auf der Warteliste: Nummer 1 in der Reihe.',
    later: 'Spätere Tage',
    offerTitle: 'Für dich reservierte Plätze',
    accept: 'Weiter zum Kauf',
    heldOffer: '1 Platz ist für dich von der Warteliste reserviert',
    fullName: 'Vor- und Nachname',
    continue: 'Weiter zur Zahlung',
    card: /^Karte/,
    cardNumber: 'Kartennummer',
    cardExpiry: 'Ablaufdatum',
    cardCvc: 'Sicherheitscode (CVC)',
    pay: /^\d[\d.,]*\s€\sbezahlen$/,
    success: 'Kauf erfolgreich: Ihre Tickets wurden per E-Mail verschickt',
    myWaitlists: 'Deine Wartelisten',
    bought: 'Gekauft',
  },
} as const;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const PASSWORD = 'Porcini2025';

/** Days since 1 January 1970, to tell even days from odd ones. */
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * A DAILY ticket sold by places that anyone may buy, and an open day of it at least four days
 * ahead whose day number has the `parity` asked for. A day's places and waiting list are shared:
 * the Italian journey takes even days and the German one odd days, so the two never touch the
 * same day when they run at once; a day an earlier run sold out is no longer open, so each run
 * starts on a day of its own.
 */
async function findTicketWithPlaces(
  request: APIRequestContext,
  parity: 0 | 1,
): Promise<{ id: number; day: string }> {
  for (const card of (await findAllCards(request)).filter((each) => each.duration_type === 'DAILY')) {
    if (!card.on_sale || card.min_age > 0) continue;
    const { ticket } = await (await request.get(`/api/app/ticket/info?id=${card.id}&lng=en`)).json();
    if (ticket.requires_fishing_card || ticket.residents_only?.length) continue;
    // Seasons close for months: a window of 90 days at a time, from four days ahead.
    for (let ahead = 4; ahead < 400; ahead += 90) {
      const from = isoDate(new Date(Date.now() + ahead * 86_400_000));
      const calendar = await (
        await request.get(`/api/app/ticket/calendar?id=${card.id}&from=${from}&days=90&lng=en`)
      ).json();
      const day = calendar.days.find(
        (entry: { date: string; open: boolean; capacity: number | null }) =>
          entry.open && entry.capacity !== null && dayNumber(entry.date) % 2 === parity,
      );
      if (day) return { id: card.id, day: day.date };
    }
  }
  throw new Error('the catalogue has no DAILY ticket sold by places with an open day');
}

/** A member of their own, signed in on `request` (the cookie stays with it). */
async function register(request: APIRequestContext, baseURL: string, firstname: string, lng: string) {
  const email = uniqueEmail();
  const answer = await request.post(`/api/app/user/register?lng=${lng}`, {
    headers: { origin: baseURL },
    data: {
      firstname,
      lastname: 'Rossi',
      email,
      password: PASSWORD,
      country: 'IT',
      is_adult: true,
      policy_accepted: true,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return email;
}

for (const lng of ['it', 'de'] as const) {
  test(`a member waits for a sold-out day, another buyer cancels, and the member buys the place offered by mail (${lng})`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const text = TEXTS[lng];
    test.setTimeout(120_000);
    const origin = String(baseURL);
    const { id, day } = await findTicketWithPlaces(page.request, lng === 'it' ? 0 : 1);

    // The operator leaves one place that day, and another buyer takes it: the day is sold out.
    const admin = await demoAdminRequest(origin);
    const days = await (
      await admin.get(`/api/console/catalogue/ticket/days?id=${id}&from=${day}&days=1&lng=en`)
    ).json();
    const taken = Number(days.days[0]?.taken ?? 0);
    const capacity = await admin.post('/api/console/catalogue/ticket/day?lng=en', {
      form: {
        id: String(id),
        date: day,
        closed: 'false',
        capacity: String(taken + 1),
        reason: 'Una sola guida',
      },
    });
    expect(capacity.ok(), await capacity.text()).toBe(true);
    await admin.dispose();
    const other = await playwright.request.newContext({ baseURL: origin });
    await register(other, origin, 'Bruno', lng);
    const bought = await other.post('/api/app/v4/ticket/buy', {
      headers: { origin },
      data: {
        id_ticket: id,
        guests: [{ full_name: 'Bruno Rossi', start_date: day, end_date: day }],
        payment_method: 'sandbox',
        card: CARD,
        idempotency_key: `e2e-waitlist-${lng}-${Date.now()}`,
      },
    });
    expect(bought.ok(), await bought.text()).toBe(true);
    const order = (await bought.json()).order.code as string;

    // The member finds the day sold out on the event page and joins its waiting list.
    const email = await register(page.request, origin, 'Giulia', lng);
    await page.goto(`/event/${id}?lng=${lng}`);
    const calendar = page.getByRole('region', { name: text.calendar });
    const longDate = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
    const soldOutDay = calendar.getByRole('button', {
      name: new RegExp(`^${escaped(longDate)}, ${text.soldOut}`),
    });
    // The calendar shows four weeks from today (in Rome) and moves four weeks a click.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const weeksAhead = Math.floor((Date.parse(day) - Date.parse(today)) / (28 * 86_400_000));
    await expect(calendar.getByRole('button', { name: text.later })).toBeVisible();
    for (let step = 0; step < weeksAhead; step++) {
      await calendar.getByRole('button', { name: text.later }).click();
    }
    await soldOutDay.click();
    await calendar.getByLabel(text.party).selectOption('1');
    await calendar.getByRole('button', { name: text.join, exact: true }).click();
    await expect(calendar.getByText(text.joined)).toBeVisible();

    // The other buyer cancels their place: it is offered to the member by mail.
    const lines = await (await other.get(`/api/app/ticket/cancel/preview?order=${order}&lng=${lng}`)).json();
    const cancelled = await other.post(`/api/app/ticket/cancel?lng=${lng}`, {
      headers: { origin },
      data: {
        order,
        guests: String(lines.guests[0].id),
        password: PASSWORD,
        idempotency_key: `e2e-waitlist-cancel-${lng}-${Date.now()}`,
      },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await other.dispose();
    const link = await findMailLink(page.request, email, '/waitlist/offer?token=');

    // The link shows the held place and leads into the purchase with it.
    await page.goto(`${link}&lng=${lng}`);
    await expect(page.getByRole('heading', { name: text.offerTitle })).toBeVisible();
    await page.getByRole('link', { name: text.accept }).click();
    await expect(page.getByText(text.heldOffer)).toBeVisible();
    await page.getByLabel(text.fullName).fill('Giulia Rossi');
    await page.getByRole('button', { name: text.continue }).click();
    await page.getByRole('radio', { name: text.card }).check();
    await page.getByLabel(text.cardNumber).fill(CARD.number);
    await page.getByLabel(text.cardExpiry).fill('12/30');
    await page.getByLabel(text.cardCvc).fill('123');
    await page.getByRole('button', { name: text.pay }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${id}/confirmation$`));
    await expect(page.getByText(text.success)).toBeVisible();

    // My tickets shows the list's entry as bought.
    await page.goto(`/user/mytickets?lng=${lng}`);
    const lists = page.getByRole('region', { name: text.myWaitlists });
    await expect(lists.getByText(text.bought, { exact: true })).toBeVisible();
  });
}
