import { signUp, TEXT } from '../fixtures/accounts.ts';
import { enrolDemoRangerDevice, type RangerDevice } from '../fixtures/ranger-device.ts';
import { expect, openConsole, test } from '../fixtures/staff.ts';
import { findStaffTicket, newMember } from '../fixtures/tickets.ts';

/*
 * A manager refunds one guest of a two-guest order (issue 23, item 4; ADR 029, 033): a buyer buys
 * on the storefront with the card simulator, a manager of the demo park authority (fixtures/staff.ts) finds the order in the
 * console, refunds one guest with a reason, and that guest's ticket is refused at the gate while
 * the other guest's still passes.
 */

const CONSOLE = {
  it: {
    sections: 'Sezioni della console',
    orders: 'Ordini',
    guestName: "Nome dell'ospite",
    search: 'Cerca',
    found: '1 ordine',
    select: (name: string) => `Seleziona ${name}`,
    reason: "Motivo (l'acquirente non lo vede)",
    refund: /^Rimborsa \d+,\d\d\s€$/,
    refunded: 'Rimborsato: i biglietti sono annullati.',
    valid: 'Valido',
    cancelled: 'Annullato',
    succeeded: 'Riuscito',
    partly: 'Rimborsato in parte',
  },
  en: {
    sections: 'Console sections',
    orders: 'Orders',
    guestName: "Guest's name",
    search: 'Search',
    found: '1 order',
    select: (name: string) => `Select ${name}`,
    reason: 'Reason (the buyer does not see it)',
    refund: /^Refund €\d+\.\d\d$/,
    refunded: 'Refunded: the tickets are cancelled.',
    valid: 'Valid',
    cancelled: 'Cancelled',
    succeeded: 'Succeeded',
    partly: 'Partly refunded',
  },
} as const;

test.use({ consoleAs: 'manager' });
// Set before the fixtures run, so the time they add for making a staff account comes on top.
test.describe.configure({ timeout: 150_000 });

/** What the demo ranger's enrolled phone is told when it scans the code: the use, or why it is refused. */
async function redeem(device: RangerDevice, signedCode: string) {
  const answer = await device.send('POST', '/api/ranger/redeem?lng=en', { code: signedCode });
  return { status: answer.status, code: answer.json.code as string | undefined };
}

for (const lng of ['it', 'en'] as const) {
  test(`a manager refunds one guest of a two-guest order, whose ticket is then refused at the gate while the other's passes (${lng})`, async ({
    page,
    browser,
    baseURL,
    staffOfWorker,
  }) => {
    const text = CONSOLE[lng];
    await openConsole(page, lng);
    // A ranger of every area of the park authority checks the tickets at the gate, from a phone.
    const ranger = await staffOfWorker('fieldRanger');
    const device = await enrolDemoRangerDevice(baseURL ?? '', {
      email: ranger.email,
      password: ranger.password,
      key: ranger.secret,
    });
    const ticket = await findStaffTicket(page.request);

    // The buyer, in a browser of their own, signs up on the storefront and pays by card.
    const shop = await browser.newContext();
    const buyer = await shop.newPage();
    await signUp(buyer, TEXT[lng], newMember());
    await expect(buyer).toHaveURL(/\/user$/);
    // Names only of letters (the guests' rule), new for every run.
    const stamp = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const staying = `Marta Ferri${stamp}`;
    const leaving = `Bruno Ferri${stamp}`;
    const bought = await buyer.request.post('/api/app/v4/ticket/buy', {
      headers: { origin: baseURL ?? '' },
      data: {
        id_ticket: ticket.id,
        guests: [staying, leaving].map((full_name) => ({
          full_name,
          start_date: ticket.day,
          end_date: ticket.day,
          birth_year: 1988,
        })),
        payment_method: 'sandbox',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
        idempotency_key: `e2e-orders-${stamp}-${Date.now()}`,
      },
    });
    expect(bought.ok(), await bought.text()).toBe(true);
    const orderCode: string = (await bought.json()).order.code;

    // The manager finds it by a guest's name and opens it.
    await page
      .getByRole('navigation', { name: text.sections })
      .getByRole('link', { name: text.orders, exact: true })
      .click();
    await page.getByLabel(text.guestName).fill(leaving);
    await page.getByRole('button', { name: text.search, exact: true }).click();
    await expect(page.getByText(text.found, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: orderCode }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderCode);
    const guests = page.getByRole('list', { name: lng === 'it' ? 'Ospiti' : 'Guests' });
    await expect(guests.getByRole('listitem')).toHaveCount(2);

    // One guest, a reason, and the amount it gives back: half of what was paid.
    await page.getByRole('checkbox', { name: text.select(leaving) }).check();
    await page.getByLabel(text.reason).fill('Injured, cannot come');
    const refund = page.getByRole('button', { name: text.refund });
    await expect(refund).toBeVisible();
    await refund.click();
    await expect(page.getByText(text.refunded)).toBeVisible();

    const leavingRow = guests.getByRole('listitem').filter({ hasText: leaving });
    const stayingRow = guests.getByRole('listitem').filter({ hasText: staying });
    await expect(leavingRow.getByText(text.cancelled, { exact: true })).toBeVisible();
    await expect(stayingRow.getByText(text.valid, { exact: true })).toBeVisible();
    await expect(page.getByText(text.succeeded, { exact: true })).toBeVisible();
    await expect(page.getByText(text.partly, { exact: true }).first()).toBeVisible();
    // Refunded once: the guest cannot be ticked again.
    await expect(page.getByRole('checkbox', { name: text.select(leaving) })).toBeDisabled();

    // The day's manifest lists the guest who stays, not the one refunded.
    await page.goto(`/console/manifest?lng=${lng}&ticket_id=${ticket.id}&day=${ticket.day}`);
    await expect(page.getByRole('cell', { name: staying })).toBeVisible();
    await expect(page.getByRole('cell', { name: leaving })).toHaveCount(0);

    // At the gate: the refunded guest's QR code (from the buyer's tickets) is refused as
    // cancelled; the other one is genuine and valid, refused only because its day has not come.
    const list = await (await buyer.request.get('/api/app/ticket/list?lng=en')).json();
    const tickets: { holder: string; signed_code: string; status: string }[] = list.purchase_list.flatMap(
      (purchase: { tickets: unknown[] }) => purchase.tickets,
    );
    const byHolder = (name: string) => tickets.find((each) => each.holder === name);
    expect(byHolder(leaving)?.status).toBe('cancelled');
    const refused = await redeem(device, byHolder(leaving)?.signed_code ?? '');
    expect(refused).toEqual({ status: 409, code: 'TICKET_CANCELLED' });
    const passes = await redeem(device, byHolder(staying)?.signed_code ?? '');
    expect(passes).toEqual({ status: 409, code: 'TICKET_NOT_VALID_TODAY' });
    await shop.close();
  });
}
