import { uniqueEmail } from '../fixtures/accounts.ts';
import { demoAdminRequest } from '../fixtures/staff.ts';
import { type APIRequestContext, expect, test } from '../fixtures/test.ts';
import { findAllCards } from '../fixtures/tickets.ts';

/*
 * A buyer cancels one of the two guests of an order by the ticket's cancellation rule (issue 25,
 * item 2; ADR 045): in My tickets they untick the other guest, read the exact refund before
 * confirming, confirm with their password (the money goes back to a card), and see one ticket
 * left and the other cancelled; the order's refunded amount is the one they were shown.
 */

/** What the cancellation's screens say, word for word (tickets.json's `cancel`, `card` and `list`). */
const TEXTS = {
  it: {
    myTickets: 'I miei biglietti',
    open: (order: string) => `Annulla (ordine ${order})`,
    title: (order: string) => `Annulla l'ordine ${order}`,
    guests: 'Chi annulli',
    guestRefund: (percent: number, refund: string) => `rimborso del ${percent} %: ${refund}`,
    total: (refund: string, paid: string) => `Ti rimborseremo ${refund} su ${paid}`,
    password: 'Password',
    passwordHint: 'Il rimborso va sulla tua carta: conferma con la password del tuo account.',
    confirm: 'Annulla e rimborsa',
    doneTitle: 'Annullamento confermato',
    doneRefund: (amount: string) =>
      `Ti abbiamo rimborsato ${amount}. Ti abbiamo mandato una mail di conferma.`,
    close: 'Chiudi',
    cancelled: 'Annullato',
    showQr: 'Mostra QR',
  },
  de: {
    myTickets: 'Meine Tickets',
    open: (order: string) => `Stornieren (Bestellung ${order})`,
    title: (order: string) => `Bestellung ${order} stornieren`,
    guests: 'Wen Sie stornieren',
    guestRefund: (percent: number, refund: string) => `${percent} % zurück: ${refund}`,
    total: (refund: string, paid: string) => `Wir erstatten Ihnen ${refund} von ${paid}`,
    password: 'Passwort',
    passwordHint: 'Die Erstattung geht auf Ihre Karte: Bestätigen Sie mit dem Passwort Ihres Kontos.',
    confirm: 'Stornieren und erstatten',
    doneTitle: 'Stornierung bestätigt',
    doneRefund: (amount: string) =>
      `Wir haben Ihnen ${amount} erstattet. Eine Bestätigung ist per E-Mail unterwegs.`,
    close: 'Schließen',
    cancelled: 'Storniert',
    showQr: 'QR anzeigen',
  },
} as const;

const PASSWORD = 'Porcini2025';
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const GUESTS = ['Giulia Rossi', 'Marco Rossi'] as const;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** A text as a pattern that any white space in it (money's no-break space too) matches. */
const wordsOf = (text: string) =>
  text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .split(/\s+/)
    .join('\\s+');

type PreviewGuest = {
  id: number;
  name: string;
  state: string;
  paid_cents: number;
  refund_cents: number;
  percent: number;
};

/**
 * The member (signed in on `request`) buys two places by card in the sandbox on a DAILY ticket
 * whose rule, kept with the order, gives everything back that far ahead: a day at least 30 days
 * away (the seeded rules refund in full from 7 days or the day before), and the order's own
 * preview says so — a ticket with no refunds, or tiers that want more notice, is passed over.
 */
async function buyRefundableOrder(
  request: APIRequestContext,
  origin: string,
  lng: string,
): Promise<{ order: string; totalCents: number }> {
  for (const card of (await findAllCards(request)).filter((each) => each.duration_type === 'DAILY')) {
    if (!card.on_sale) continue;
    const { ticket } = await (await request.get(`/api/app/ticket/info?id=${card.id}&lng=en`)).json();
    if (ticket.requires_fishing_card || ticket.residents_only?.length || ticket.min_age > 18) continue;
    // Seasons close for months: a window of 60 days at a time, from 30 days ahead.
    let day: string | undefined;
    for (let ahead = 30; ahead < 400 && !day; ahead += 60) {
      const from = isoDate(new Date(Date.now() + ahead * 86_400_000));
      const calendar = await (
        await request.get(`/api/app/ticket/calendar?id=${card.id}&from=${from}&days=60&lng=en`)
      ).json();
      day = calendar.days.find(
        (entry: { open: boolean; remaining: number | null }) => entry.open && (entry.remaining ?? 9) >= 4,
      )?.date;
    }
    if (!day) continue;
    const bought = await request.post('/api/app/v4/ticket/buy', {
      headers: { origin },
      data: {
        id_ticket: card.id,
        guests: GUESTS.map((full_name, index) => ({
          full_name,
          start_date: day,
          end_date: day,
          birth_year: 1985 + index,
        })),
        payment_method: 'sandbox',
        card: CARD,
        idempotency_key: `e2e-cancel-${lng}-${Date.now()}-${card.id}`,
      },
    });
    if (!bought.ok()) continue;
    const { order } = await bought.json();
    if (order.status !== 'issued' || order.summary.total_cents % 2 !== 0) continue;
    const preview = await (
      await request.get(`/api/app/ticket/cancel/preview?order=${order.code}&lng=${lng}`)
    ).json();
    const guests: PreviewGuest[] = preview.guests ?? [];
    const fullRefund =
      guests.length === 2 &&
      guests.every(
        (guest) =>
          guest.state === 'open' &&
          guest.percent === 100 &&
          guest.paid_cents === order.summary.total_cents / 2 &&
          guest.refund_cents === guest.paid_cents,
      );
    if (fullRefund && preview.needs_password && order.summary.total_cents > 0) {
      return { order: order.code, totalCents: order.summary.total_cents };
    }
  }
  throw new Error('the catalogue has no DAILY ticket whose rule refunds everything 30 days ahead');
}

for (const lng of ['it', 'de'] as const) {
  test(`a buyer cancels one of two guests by the ticket's rule, sees the exact refund and keeps one ticket (${lng})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const text = TEXTS[lng];
    const origin = String(baseURL);
    const money = (cents: number) =>
      new Intl.NumberFormat(lng, { style: 'currency', currency: 'EUR' }).format(cents / 100);

    // A new member, signed in on the page's browser (the request shares its cookies).
    const registered = await page.request.post(`/api/app/user/register?lng=${lng}`, {
      headers: { origin },
      data: {
        firstname: 'Giulia',
        lastname: 'Rossi',
        email: uniqueEmail(),
        password: PASSWORD,
        country: 'IT',
        is_adult: true,
        policy_accepted: true,
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { order, totalCents } = await buyRefundableOrder(page.request, origin, lng);
    const half = totalCents / 2;
    const tickets = (await (await page.request.get(`/api/app/ticket/list?lng=${lng}`)).json()).purchase_list
      .flatMap(
        (purchase: { tickets: { holder: string; code: string; order_code: string }[] }) => purchase.tickets,
      )
      .filter((ticket: { order_code: string }) => ticket.order_code === order);
    const codeOf = (holder: string) =>
      tickets.find((ticket: { holder: string }) => ticket.holder === holder)?.code as string;
    const [kept, cancelled] = GUESTS;

    await page.goto(`/user/mytickets?lng=${lng}`);
    await expect(page.getByRole('heading', { name: text.myTickets, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: text.open(order), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text.title(order) });
    const guests = dialog.getByRole('group', { name: text.guests });

    // Every guest who can still be cancelled is ticked at first: the whole order comes back.
    const keptBox = guests.getByRole('checkbox', { name: new RegExp(`^${kept}`) });
    const cancelledBox = guests.getByRole('checkbox', { name: new RegExp(`^${cancelled}`) });
    await expect(keptBox).toBeChecked();
    await expect(cancelledBox).toBeChecked();
    await expect(
      dialog.getByText(text.total(money(totalCents), money(totalCents)), { exact: true }),
    ).toBeVisible();

    // Only Marco goes: his line says his share comes back in full, and so does the total.
    await keptBox.uncheck();
    await expect(keptBox).not.toBeChecked();
    await expect(cancelledBox).toBeChecked();
    await expect(cancelledBox).toHaveAccessibleName(
      new RegExp(`${wordsOf(text.guestRefund(100, money(half)))}$`),
    );
    await expect(dialog.getByText(text.total(money(half), money(half)), { exact: true })).toBeVisible();

    // The money goes back to a card: the password confirms it.
    const password = dialog.getByLabel(text.password, { exact: true });
    await expect(password).toHaveAccessibleDescription(text.passwordHint);
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
    // The dialog is named by its heading, which now confirms the cancellation.
    const done = page.getByRole('dialog', { name: text.doneTitle });
    await expect(done.getByRole('heading', { name: text.doneTitle })).toBeVisible();
    await expect(done.getByRole('status')).toHaveText(text.doneRefund(money(half)));
    await done.getByRole('button', { name: text.close, exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Giulia's ticket is still there to show at the gate; Marco's is marked cancelled.
    const keptCard = page.getByRole('article').filter({ hasText: codeOf(kept) });
    const cancelledCard = page.getByRole('article').filter({ hasText: codeOf(cancelled) });
    await expect(cancelledCard.getByText(text.cancelled, { exact: true })).toBeVisible();
    await expect(cancelledCard.getByRole('button', { name: text.showQr })).toHaveCount(0);
    await expect(keptCard.getByRole('button', { name: text.showQr })).toBeVisible();
    await expect(keptCard.getByText(text.cancelled, { exact: true })).toHaveCount(0);
    // The order can still be cancelled for the guest left.
    await expect(page.getByRole('button', { name: text.open(order), exact: true })).toBeVisible();

    // The order's refunded amount is the one shown, and only Marco's ticket is cancelled.
    const admin = await demoAdminRequest(origin);
    const story = await (await admin.get(`/api/console/order?code=${order}&lng=en`)).json();
    await admin.dispose();
    expect(story.order.refunded_cents).toBe(half);
    expect(story.refunds).toEqual([
      expect.objectContaining({ state: 'succeeded', amount_cents: half, guests: [expect.any(Number)] }),
    ]);
    const states = Object.fromEntries(
      story.guests.map((guest: { name: string; issued: { state: string } | null }) => [
        guest.name,
        guest.issued?.state,
      ]),
    );
    expect(states).toEqual({ [kept]: 'active', [cancelled]: 'cancelled' });
  });
}
