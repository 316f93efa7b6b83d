import { expect, type Page, test } from '../fixtures/test.ts';

/** Holds the app's scripts, as a slow network would, until the function it gives back is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}

/** Console errors and failed page loads of a page, collected while a test drives it. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A visitor's user fetch answers 401; anything else the console reports is a defect.
    // Map tiles come from another host, which this machine cannot reach.
    const expected = ['401', 'ERR_NAME_NOT_RESOLVED'].some((known) => message.text().includes(known));
    if (message.type() === 'error' && !expected) errors.push(message.text());
  });
  return errors;
}

test('public pages arrive written, with their data, before any script runs', async ({ request }) => {
  const ticket = (await (await request.get('/api/app/ticket/info?id=1&lng=it')).json()).ticket;
  const pages: [string, string][] = [
    ['/', 'Sentiero'],
    ['/events', 'Val Taro'],
    ['/event/1', ticket.title],
    ['/promotions', '€'],
    ['/blog', 'href="/blog/'],
    ['/guides', 'href="/guides/death-cap"'],
    ['/guides/porcini', 'Come si riconosce un porcino'],
  ];
  for (const [path, expected] of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main.length, `${path} has its content in the HTML`).toBeGreaterThan(500);
    expect(html, path).toContain(expected.replace(/&/g, '&amp;'));
    expect(html, `${path} carries its data for the browser`).toContain('id="sentiero-page-data"');
    // The Content-Security-Policy allows no inline script: the page must need none.
    expect(html.match(/<script(?![^>]*(?:type="application\/(?:json|ld\+json)"|src=))/g), path).toBeNull();
  }
});

test('a page reads whole with scripts turned off, in the language asked for', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/event/1');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Gültigkeit', { exact: true })).toBeVisible();
  await page.goto('/?lng=en');
  await expect(page.getByRole('link', { name: 'Living nature', exact: true })).toBeVisible();
  await context.close();
});

test("a page the browser renders shows the app's loading screen in its language until the app replaces it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('status', { name: 'Wird geladen' })).toBeVisible();
  await context.close();

  const withScripts = await browser.newContext({ locale: 'de-DE' });
  const app = await withScripts.newPage();
  const errors = watchErrors(app);
  await app.goto('/login');
  await expect(app.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible();
  await expect(app.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await withScripts.close();
});

test('the browser takes over the server page without rendering it again or fetching its data', async ({
  page,
}) => {
  // Five pages, each until its network is idle: that includes the parts below the fold, taken
  // over when the browser is idle (up to 3 s a page, ui/when-seen.tsx).
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  const catalogueCalls: string[] = [];
  page.on('request', (request) => {
    // Pictures are files the page shows (an operator's photos are served under /api/app/), not data.
    if (request.resourceType() === 'image') return;
    const url = new URL(request.url());
    // Advertising is the viewer's own (members get none): its slot asks when it nears the screen.
    // The event page's weather strip too: the days are the browser's, from today in the area.
    const own =
      url.pathname.endsWith('/user/info') ||
      url.pathname.endsWith('/ad/list') ||
      url.pathname.endsWith('/weather/info');
    if (url.pathname.startsWith('/api/app/') && !own) catalogueCalls.push(url.pathname);
  });
  for (const path of [
    '/?lng=en',
    '/events?lng=en',
    '/event/1?lng=en',
    '/search?q=rafting&lng=en',
    '/blog?lng=en',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
  expect(catalogueCalls).toEqual([]);
  // Hydrated: the client router takes the next click.
  await page.getByRole('link', { name: 'Promotions' }).first().click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the language chosen in the browser is the one the server writes next time', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('combobox').selectOption('sl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sl');
  const response = await page.request.get('/events');
  expect(await response.text()).toContain('<html lang="sl">');
});

test('a new page opens at its top; back returns to where the visitor was', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lng=en');
  const link = page
    .getByRole('region', { name: 'Discounted' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first();
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(400);
  await link.click();
  await expect(page).toHaveURL(/\/event\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/\?lng=en$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('every page names itself in the browser tab, in the page’s language', async ({ page }) => {
  await page.goto('/events?lng=en');
  await expect(page).toHaveTitle(/^.+ · Sentiero$/);
  const eventsTitle = await page.title();
  const eventsHeading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await expect(page).toHaveURL(/\/promotions$/);
  // The address changes before the new page has rendered: wait for its own heading.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(eventsHeading);
  const promotions = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expect(page).toHaveTitle(`${promotions} · Sentiero`);
  expect(promotions).not.toBe('');
  expect(await page.title()).not.toBe(eventsTitle);
  await page.goto('/login?lng=de');
  const login = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expect(page).toHaveTitle(`${login} · Sentiero`);
  // Back on the first page, which now follows the language chosen since.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/events\?lng=en$/);
  // The tab's title and the heading are read together until the page under the address has rendered.
  const heading = page.getByRole('heading', { level: 1 });
  await expect
    .poll(async () => `${await page.title()} | ${await heading.textContent()}`)
    .toMatch(/^(.+) · Sentiero \| \1$/);
  expect(await heading.textContent()).not.toBe(login);
});

test('a visitor who goes back before the app has started sees that page, named in its tab', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/events?lng=en');
  const events = page.getByRole('heading', { level: 1 });
  const eventsHeading = (await events.textContent()) ?? '';
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await expect(page).toHaveURL(/\/promotions$/);
  await page.goto('/login?lng=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // A slow phone: the app's scripts have not arrived when the visitor goes back twice, from the
  // server's German promotions page to the English events address it was pushed over.
  const release = await holdScripts(page);
  await page.goBack({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Angebote');
  await expect(page).toHaveTitle('Angebote · Sentiero');
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/events\?lng=en$/);
  release();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventsHeading);
  await expect(page).toHaveTitle(`${eventsHeading} · Sentiero`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
});

test('the app takes over the very elements the server wrote, and the tab keeps the server’s title', async ({
  page,
  baseURL,
}) => {
  const errors = watchErrors(page);
  const release = await holdScripts(page);
  // Not `page.goto`, which waits for the app (fixtures/test.ts): its scripts are held.
  await page.evaluate((address) => window.location.assign(address), new URL('/event/1?lng=en', baseURL).href);
  await page.waitForURL(/\/event\/1\?lng=en$/, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const serverTitle = await page.title();
  expect(serverTitle).toMatch(/ · Sentiero$/);
  await heading.evaluate((element) => {
    Object.assign(element, { writtenByServer: true });
  });
  release();
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  await page.waitForLoadState('networkidle');
  expect(await heading.evaluate((element) => 'writtenByServer' in element)).toBe(true);
  expect(await page.title()).toBe(serverTitle);
  expect(errors).toEqual([]);
});
