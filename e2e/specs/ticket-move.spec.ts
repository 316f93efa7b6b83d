import { uniqueEmail } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';
import { findAllCards } from '../fixtures/tickets.ts';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** What the move's screens say, word for word (tickets.json's `move`). */
const TEXTS = {
  it: {
    open: (order: string) => `Sposta a un altro giorno (ordine ${order})`,
    title: (order: string) => `Sposta l'ordine ${order} a un altro giorno`,
    confirm: 'Sposta',
    doneTitle: 'Giorno cambiato',
    close: 'Chiudi',
  },
  de: {
    open: (order: string) => `Auf einen anderen Tag verschieben (Bestellung ${order})`,
    title: (order: string) => `Bestellung ${order} auf einen anderen Tag verschieben`,
    confirm: 'Verschieben',
    doneTitle: 'Tag geändert',
    close: 'Schließen',
  },
} as const;

for (const lng of ['it', 'de'] as const) {
  test(`a buyer moves one of two guests to another day and sees the new ticket (${lng})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const text = TEXTS[lng];
    // A new member, signed in on the page's browser (the request shares its cookies).
    const registered = await page.request.post(`/api/app/user/register?lng=${lng}`, {
      headers: { origin: String(baseURL) },
      data: {
        firstname: 'Giulia',
        lastname: 'Rossi',
        email: uniqueEmail(),
        password: 'Sentiero-move-2026',
        country: 'IT',
        is_adult: true,
        policy_accepted: true,
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);

    // Two guests on a DAILY ticket whose cancellation policy lets them change day (ADR 045, 049).
    let order: string | undefined;
    const cards = await findAllCards(page.request);
    for (const card of cards.filter((entry) => entry.duration_type === 'DAILY' && entry.on_sale)) {
      const from = isoDate(new Date(Date.now() + 40 * 24 * 3600 * 1000));
      const calendar = await (
        await page.request.get(`/api/app/ticket/calendar?id=${card.id}&from=${from}&days=60&lng=${lng}`)
      ).json();
      const day = calendar.days.find(
        (entry: { open: boolean; remaining: number | null }) => entry.open && (entry.remaining ?? 9) > 4,
      );
      if (!day) continue;
      const bought = await page.request.post('/api/app/v4/ticket/buy', {
        headers: { origin: baseURL ?? '' },
        data: {
          id_ticket: card.id,
          guests: [
            { full_name: 'Giulia Rossi', start_date: day.date, end_date: day.date, birth_year: 1985 },
            { full_name: 'Marco Rossi', start_date: day.date, end_date: day.date, birth_year: 1987 },
          ],
          payment_method: 'sandbox',
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
          idempotency_key: `e2e-move-${lng}-${Date.now()}-${card.id}`,
        },
      });
      if (!bought.ok()) continue;
      const code = (await bought.json()).order.code as string;
      const preview = await (
        await page.request.get(`/api/app/ticket/move/preview?order=${code}&lng=${lng}`)
      ).json();
      if (preview.allowed && preview.days.length > 0) {
        order = code;
        break;
      }
    }
    expect(order, 'a ticket whose policy allows moving').toBeDefined();
    const before = (await (await page.request.get(`/api/app/ticket/list?lng=${lng}`)).json()).purchase_list
      .flatMap(
        (purchase: { tickets: { holder: string; code: string; order_code: string }[] }) => purchase.tickets,
      )
      .filter((ticket: { order_code: string }) => ticket.order_code === order);
    const giuliaBefore = before.find((ticket: { holder: string }) => ticket.holder === 'Giulia Rossi');
    const marcoBefore = before.find((ticket: { holder: string }) => ticket.holder === 'Marco Rossi');

    await page.goto(`/user/mytickets?lng=${lng}`);
    await page.getByRole('button', { name: text.open(String(order)) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: text.title(String(order)) })).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Marco Rossi/ }).uncheck();
    await dialog.getByRole('radio').first().check({ force: true });
    await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(dialog.getByText(text.doneTitle)).toBeVisible();
    await dialog.getByRole('button', { name: text.close }).click();

    // Giulia has a new ticket with a new code; Marco keeps his.
    const after = (await (await page.request.get(`/api/app/ticket/list?lng=${lng}`)).json()).purchase_list
      .flatMap(
        (purchase: { tickets: { holder: string; code: string; order_code: string }[] }) => purchase.tickets,
      )
      .filter((ticket: { order_code: string }) => ticket.order_code === order);
    const giuliaAfter = after.find((ticket: { holder: string }) => ticket.holder === 'Giulia Rossi');
    expect(giuliaAfter.code).not.toBe(giuliaBefore.code);
    await expect(page.getByText(giuliaAfter.code)).toBeVisible();
    await expect(page.getByText(giuliaBefore.code)).toHaveCount(0);
    await expect(page.getByText(marcoBefore.code)).toBeVisible();
  });
}
