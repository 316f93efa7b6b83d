import { execFileSync } from 'node:child_process';
import { findValidEndDate } from '@sentiero/contract/durations';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { enterStaffCode } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/staff.ts';
import { type APIRequestContext, chromium, request as requests } from '../fixtures/test.ts';
import { newMember } from '../fixtures/tickets.ts';

/*
 * The rangers' phone app (issue 24; ADR 043, 044, 047, 048) on a 390 × 844 phone whose camera is
 * Chromium's fake one, filming the QR code of a ticket bought in the journey: a ranger of every
 * area of the demo park authority enrols the phone, scans the ticket and sees it valid; with the
 * network off the app opens again from its own service worker, scans it again and records a use;
 * a refunded ticket typed by hand is revoked; a basket weighed over the area's daily limit is a
 * violation; with the network back everything is sent, and the console shows the use once and
 * the inspection.
 */

const TEXT = {
  title: 'Enrol this phone',
  email: 'Email',
  password: 'Password',
  next: 'Continue',
  code: 'Authenticator code',
  confirm: 'Confirm',
  label: 'Name of this phone',
  enrol: 'Enrol this phone',
  valid: 'VALID',
  invalid: 'NOT VALID',
  revoked: 'Revoked: the ticket was refunded or cancelled',
  recordUse: 'Record a use',
  useRecorded: 'Use recorded on this phone',
  nextScan: 'Scan the next one',
  typed: 'Or type the code',
  check: 'Check the code',
  inspection: 'Inspection',
  basket: 'Basket weight (kg)',
  over: /^Over the daily limit: /,
  violation: 'Violation',
  addPhoto: 'Take a photo',
  onePhoto: 'Photos (1 of 4)',
  save: 'Save the inspection',
  saved: 'Inspection saved',
  queue: /To send/,
  allSent: 'Everything has been sent',
} as const;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

type TodayTicket = { id: number; start: string; end: string; limitG: number; fishingCard: boolean };

/**
 * A ticket of the manager's park authority that anyone may buy for today, in an area with a
 * daily basket limit (the mushroom areas), with the last day its validity gives. A fishing permit
 * counts (its guest gives a federation card): the Sila's is on sale every day of the year, where the
 * seasons of the other permits close.
 */
async function findTicketForToday(manager: APIRequestContext): Promise<TodayTicket> {
  const { areas } = await (await manager.get('/api/console/orders/choices?lng=en')).json();
  const start = today();
  for (const area of areas as { id: number; tickets: { id: number }[] }[]) {
    const detail = await (await manager.get(`/api/console/catalogue/area?lng=en&id=${area.id}`)).json();
    const limitG = detail?.fields?.daily_limit_g as number | null | undefined;
    if (!limitG) continue;
    for (const { id } of area.tickets) {
      const { ticket } = await (await manager.get(`/api/app/ticket/info?id=${id}&lng=en`)).json();
      if (!ticket.on_sale || ticket.residents_only?.length) continue;
      const calendar = await (
        await manager.get(`/api/app/ticket/calendar?id=${id}&from=${start}&days=1&lng=en`)
      ).json();
      if (!calendar.days?.[0]?.open) continue;
      const validity = findValidEndDate(ticket.duration_type, start, ticket.validity?.season ?? undefined);
      if (validity.ok)
        return { id, start, end: validity.end, limitG, fishingCard: Boolean(ticket.requires_fishing_card) };
    }
  }
  throw new Error('the park authority has no ticket on sale today in an area with a basket limit');
}

/** A new member buys one place of `ticket` by card in the sandbox: its order and QR code's text. */
async function buyForToday(
  baseURL: string,
  ticket: TodayTicket,
): Promise<{ order: string; code: string; qr: string }> {
  const member = newMember();
  const buyer = await requests.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const registered = await buyer.post('/api/app/user/register?lng=en', {
    data: { ...member, country: 'IT', is_adult: true, policy_accepted: true },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const bought = await buyer.post('/api/app/v4/ticket/buy', {
    data: {
      id_ticket: ticket.id,
      guests: [
        {
          full_name: 'Giulia Rossi',
          start_date: ticket.start,
          end_date: ticket.end,
          birth_year: 1988,
          ...(ticket.fishingCard && { card_number: 'FIPSAS 0412345' }),
        },
      ],
      payment_method: 'sandbox',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      idempotency_key: `e2e-ranger-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const order = (await bought.json()).order.code as string;
  const list = await (await buyer.get('/api/app/ticket/list?lng=en')).json();
  const issued = list.purchase_list
    .flatMap(
      (purchase: { tickets: { order_code: string; code: string; qr_code: string }[] }) => purchase.tickets,
    )
    .find((entry: { order_code: string }) => entry.order_code === order);
  await buyer.dispose();
  return { order, code: issued.code, qr: issued.qr_code };
}

/**
 * The QR code of `text` filmed for two seconds as Chromium's fake camera plays it (Y4M, looped):
 * drawn as the ticket PDF draws it (level M), on a white 640 × 480 frame, by Debian's ffmpeg.
 */
async function fakeCameraFile(text: string, png: string, y4m: string): Promise<string> {
  await QRCode.toFile(png, text, { errorCorrectionLevel: 'M', margin: 4, width: 420 });
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    png,
    '-vf',
    'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
    '-t',
    '2',
    '-r',
    '10',
    y4m,
  ]);
  return y4m;
}

async function enrolInTheApp(page: Page, ranger: { email: string; password: string; secret: string }) {
  await page.goto('/ranger?lng=en');
  await expect(page.getByRole('heading', { name: TEXT.title })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(TEXT.email).fill(ranger.email);
  await page.getByLabel(TEXT.password).fill(ranger.password);
  await page.getByRole('button', { name: TEXT.next }).click();
  await enterStaffCode(ranger.secret, async (code) => {
    await page.getByLabel(TEXT.code).fill(code);
    // This code's own answer: a refusal of the one before may still be on the screen.
    const answer = page.waitForResponse((response) => response.url().includes('/api/console/login/code'));
    await page.getByRole('button', { name: TEXT.confirm }).click();
    return (await answer).ok();
  });
  await page.getByRole('button', { name: TEXT.enrol }).click();
  // The bundle of the ranger's areas, checked and kept: its freshness shows green.
  await expect(page.locator('[data-freshness="fresh"]')).toBeVisible({ timeout: 15_000 });
}

/** The console's inspection of a ticket code, as the operator's staff read it. */
async function inspectionOf(manager: APIRequestContext, code: string) {
  const { inspections } = await (await manager.get('/api/console/ranger/inspections?lng=en')).json();
  return (inspections as { ticket_code: string | null; photos: unknown[] }[]).find(
    (entry) => entry.ticket_code === code,
  );
}

test.use({ consoleAs: 'manager' });
test.describe.configure({ timeout: 90_000 });

test('a ranger enrols a phone, scans a ticket with the camera online and offline, records a use and an inspection over the basket limit, and the console gets each once', async ({
  page: consolePage,
  baseURL,
  staffOfWorker,
}, testInfo) => {
  const base = baseURL ?? '';
  const ranger = await staffOfWorker('fieldRanger');
  const manager = consolePage.request;

  // Two tickets for today: one the ranger checks, one refunded by the manager before the phone's bundle is made.
  const ticket = await findTicketForToday(manager);
  const kept = await buyForToday(base, ticket);
  const refunded = await buyForToday(base, ticket);
  const refund = await manager.post('/api/console/order/refund?lng=en', {
    headers: { origin: base },
    data: { code: refunded.order, reason: 'Bought twice by mistake', idempotency_key: `e2e-${Date.now()}` },
  });
  expect(refund.ok(), await refund.text()).toBe(true);

  const video = await fakeCameraFile(
    kept.qr,
    testInfo.outputPath('ticket-qr.png'),
    testInfo.outputPath('ticket-qr.y4m'),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const phone = await browser.newContext({
      baseURL: base,
      // Signed in to nothing: the journey's own contexts carry the manager's console session.
      storageState: { cookies: [], origins: [] },
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
      permissions: ['camera'],
    });
    const page = await phone.newPage();
    await enrolInTheApp(page, ranger);

    // The camera reads the ticket at once: valid, with its holder's initials.
    const verdict = page.locator('[data-verdict]');
    await expect(verdict).toHaveAttribute('data-verdict', 'valid', { timeout: 10_000 });
    await expect(verdict).toContainText(TEXT.valid);
    await expect(page.getByText('GR', { exact: true })).toBeVisible();

    // The app's own worker controls the page: it opens with the network off.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), {
        timeout: 15_000,
      })
      .toMatch(/\/ranger\/sw\.js$/);
    await phone.setOffline(true);
    await page.reload();
    await expect(verdict).toHaveAttribute('data-verdict', 'valid', { timeout: 15_000 });
    await page.getByRole('button', { name: TEXT.recordUse }).click();
    await expect(page.getByText(TEXT.useRecorded)).toBeVisible();
    await expect(page.getByTestId('waiting-count')).toHaveText('1');

    // The refunded ticket, typed by hand: the bundle knows it is revoked.
    await page.getByRole('button', { name: TEXT.nextScan }).click();
    await page.getByLabel(TEXT.typed).fill(refunded.qr);
    await page.getByRole('button', { name: TEXT.check }).click();
    await expect(verdict).toHaveAttribute('data-verdict', 'revoked');
    await expect(verdict).toContainText(TEXT.invalid);
    await expect(verdict).toContainText(TEXT.revoked);

    // An inspection of the kept ticket's holder: a basket a kilogram over the area's daily limit.
    await page.getByRole('button', { name: TEXT.nextScan }).click();
    await page.getByLabel(TEXT.typed).fill(kept.qr);
    await page.getByRole('button', { name: TEXT.check }).click();
    await expect(verdict).toHaveAttribute('data-verdict', 'valid');
    await page.getByRole('button', { name: TEXT.inspection, exact: true }).click();
    await page.getByLabel(TEXT.basket).fill(String(ticket.limitG / 1000 + 1));
    await expect(page.locator('[data-basket]')).toHaveAttribute('data-basket', 'over');
    await expect(page.locator('[data-basket]')).toHaveText(TEXT.over);
    await expect(page.getByRole('button', { name: TEXT.violation })).toHaveAttribute('aria-pressed', 'true');
    // A photo of the basket, kept on the phone and sent after the inspection's record.
    const basketPhoto = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#6b4f2a' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(TEXT.addPhoto)
      .setInputFiles({ name: 'basket.jpg', mimeType: 'image/jpeg', buffer: basketPhoto });
    await expect(page.getByText(TEXT.onePhoto)).toBeVisible();
    await page.getByRole('button', { name: TEXT.save }).click();
    await expect(page.getByText(TEXT.saved)).toBeVisible();
    await expect(page.getByTestId('waiting-count')).toHaveText('2');

    // The network comes back: both records are sent, once.
    await phone.setOffline(false);
    await page.getByRole('link', { name: TEXT.queue }).click();
    await expect(page.getByTestId('queue-summary')).toHaveText(TEXT.allSent, { timeout: 20_000 });
    await expect(page.getByTestId('waiting-count')).toHaveCount(0);
    // The photo follows its inspection's record.
    await expect(page.getByTestId('photos-waiting')).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(async () => (await inspectionOf(manager, kept.code))?.photos.length, { timeout: 15_000 })
      .toBe(1);
    await phone.close();
  } finally {
    await browser.close();
  }

  // The console: the order's story shows the one use, and the inspection is the operator's.
  await consolePage.goto(`/console/orders/${kept.order}?lng=en`);
  await expect(consolePage.getByText(/^Ticket T\w+ checked in$/)).toHaveCount(1, { timeout: 15_000 });
  const story = await (await manager.get(`/api/console/order?lng=en&code=${kept.order}`)).json();
  expect(story.story.filter((item: { kind: string }) => item.kind === 'redemption')).toHaveLength(1);
  await consolePage.goto('/console/inspections?lng=en');
  await expect(consolePage.getByText(kept.code, { exact: true })).toHaveCount(1, { timeout: 15_000 });
  const { inspections } = await (await manager.get('/api/console/ranger/inspections?lng=en')).json();
  const mine = inspections.filter((entry: { ticket_code: string | null }) => entry.ticket_code === kept.code);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({
    outcome: 'violation',
    basket_g: ticket.limitG + 1000,
    basket: { limit_g: ticket.limitG, over: true },
    photos_missing: 0,
  });
  expect(mine[0].photos).toHaveLength(1);
});
