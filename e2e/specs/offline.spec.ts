import { logIn, logOut, signUp } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';
import { buyTicket, newMember, TICKETS, verify } from '../fixtures/tickets.ts';

const text = TICKETS.en;
test.use({ serviceWorkers: 'allow' });

/**
 * Waits until the service worker controls the page and keeps every file and translation the
 * page loaded: from then on the phone may lose its network and still open the page again.
 */
async function waitUntilKeptOffline(page: Page) {
  // Polls what is still missing, so a failure names it.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller) return ['the worker does not control the page yet'];
          const files = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && /^\/(assets|locales)\//.test(url.pathname));
          if (files.length === 0) return ['no files loaded'];
          const kept = await Promise.all(files.map((url) => caches.match(url.href)));
          return files
            .filter((_, index) => !kept[index])
            .map((url) => `not kept: ${url.pathname}${url.search}`);
        }),
      // A first visit on a busy machine: the worker downloads the whole app before it takes over.
      { timeout: 30_000 },
    )
    .toEqual([]);
}

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
  await verify(ranger, text, ticket.signed_code);
  await expect(ranger.getByText(text.valid, { exact: true })).toBeVisible();
  await expect(ranger.getByText(text.validToday)).toBeVisible();
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
