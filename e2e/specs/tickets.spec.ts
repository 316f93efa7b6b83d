import { signUp } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';
import { buyTicket, newMember, TICKETS, verdictOf, verify } from '../fixtures/tickets.ts';

/** The same code with one character of the signature (the last 64 bytes, in both formats) changed. */
function tamper(code: string): string {
  const at = code.length - 10;
  return `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`;
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
  const expected = verdictOf(text, ticket);
  // The compact code the QR shows, and the first-format code every older ticket carries.
  expect(ticket.qr_code).toMatch(/^ST2\.[A-Z2-7]+$/);
  for (const code of [ticket.qr_code, ticket.signed_code]) {
    await verify(page, text, code);
    await expect(page.getByText(expected.headline, { exact: true })).toBeVisible();
    if (expected.line) await expect(page.getByText(expected.line, { exact: true })).toBeVisible();
    await expect(page.getByText('Giulia Rossi').or(page.getByText('GR', { exact: true }))).toBeVisible();
  }
  await verify(page, text, tamper(ticket.qr_code));
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
  await verify(page, text, ticket.qr_code);
  await expect(page.getByText(expected.headline, { exact: true })).toBeVisible();

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
