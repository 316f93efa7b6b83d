import { logIn, logOut, signUp } from '../fixtures/accounts.ts';
import { waitUntilKeptOffline } from '../fixtures/offline.ts';
import { expect, test } from '../fixtures/test.ts';
import { buyTicket, newMember, TICKETS, verdictOf, verify } from '../fixtures/tickets.ts';

const text = TICKETS.en;
test.use({ serviceWorkers: 'allow' });

test('a ranger reloads the verify page with no network and still checks a ticket (en)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUp(page, text, newMember());
  await expect(page).toHaveURL(/\/user$/);
  const ticket = await buyTicket(page, baseURL ?? '');

  // The ranger's phone has never opened the site: the worker arrives with this first visit.
  const phone = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const ranger = await phone.newPage();
  await ranger.goto(`/verify${text.query}`);
  await expect(ranger.getByRole('heading', { name: text.checkTicket, level: 1 })).toBeVisible();
  // Enabled once the verification keys are saved on the phone.
  await expect(ranger.getByRole('button', { name: text.verify, exact: true })).toBeEnabled();
  await waitUntilKeptOffline(ranger);

  await phone.setOffline(true);
  await ranger.reload();
  await expect(ranger.getByRole('heading', { name: text.checkTicket, level: 1 })).toBeVisible();
  await verify(ranger, text, ticket.qr_code);
  const expected = verdictOf(text, ticket);
  await expect(ranger.getByText(expected.headline, { exact: true })).toBeVisible();
  if (expected.line) await expect(ranger.getByText(expected.line, { exact: true })).toBeVisible();
  await phone.close();
});

test('a member reloads my tickets with no network, and opens them in a new tab too; logging out removes them (en)', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const member = newMember();
  await signUp(page, text, member);
  await expect(page).toHaveURL(/\/user$/);
  const ticket = await buyTicket(page, baseURL ?? '');
  await page.goto(`/user/mytickets${text.query}`);
  await expect(page.getByRole('article', { name: ticket.title }).getByText('Giulia Rossi')).toBeVisible();
  await waitUntilKeptOffline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
  await expect(page.getByText(text.offline)).toBeVisible();
  const card = page.getByRole('article', { name: ticket.title });
  await card.getByRole('button', { name: text.showQr }).click();
  await expect(card.getByRole('img', { name: /^QR code of ticket/ })).toBeVisible();

  // The browser reopened in the valley: a new tab, with a session of its own and no network.
  const tab = await context.newPage();
  await tab.goto(`/user/mytickets${text.query}`);
  await expect(tab.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
  await expect(tab.getByRole('article', { name: ticket.title }).getByText('Giulia Rossi')).toBeVisible();
  await tab.close();

  await context.setOffline(false);
  await logOut(page, text);
  await page.goto(`/login${text.query}`);
  await logIn(page, text, member.email, member.password);
  await expect(page).toHaveURL(/\/user$/);
  await context.setOffline(true);
  await page.goto(`/user/mytickets${text.query}`);
  await expect(page.getByText(text.nothingSaved)).toBeVisible();
  await expect(page.getByRole('article', { name: ticket.title })).toHaveCount(0);
});
