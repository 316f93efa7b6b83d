import { expect, test } from '../fixtures/test.ts';

test('offers explore, search, my tickets and profile in the mobile navbar', async ({ page }) => {
  await page.goto('/?lng=en');
  const navbar = page.getByRole('navigation', { name: 'Quick navigation' });
  for (const name of ['Explore', 'Search', 'My tickets', 'Profile']) {
    await expect(navbar.getByRole('link', { name })).toBeVisible();
  }
  await navbar.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone, the areas map opens when asked for, in the box it held', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await page.goto('/events?lng=en');
  const open = page.getByRole('button', { name: 'Show the areas on the map' });
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await open.click();
  const map = page.getByRole('region', { name: 'Map of the areas' });
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  // The box the preview held (h-80): nothing below it moves.
  expect((await map.boundingBox())?.height).toBe(320);
});

test("on a phone, an event page's advertisement with a long German title stays inside the screen", async ({
  page,
  request,
}) => {
  const { ticket_list: cards } = await (await request.get('/api/app/v2/search?lng=de&page=1')).json();
  await page.goto(`/event/${cards[0].id}?lng=de`);
  const slot = page.getByRole('complementary', { name: 'Anzeige' });
  await slot.scrollIntoViewIfNeeded();
  // The house ad's title is longer than a phone's column: it is cut, not let widen the page.
  await expect(slot.getByText('Sentiero+: der Wald auf Ihrer Seite')).toBeAttached();
  const viewport = page.viewportSize()?.width ?? 0;
  expect((await slot.boundingBox())?.width).toBeLessThanOrEqual(viewport);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport);
});
