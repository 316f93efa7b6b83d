import { expect, type Page, test } from '../fixtures/test.ts';

const emptyPage = { page: 1, pages: 1, total: 0 };

/**
 * Opens a list the way a visitor already on the site does, from a link: the browser then asks the
 * API itself (the answers below are stubbed there), where a first visit gets the page written by
 * the server.
 */
async function openFromLink(page: Page, name: string) {
  await page.goto('/login?lng=en');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name, exact: true })
    .click();
}

test('says No posts available when the blog is empty', async ({ page }) => {
  await page.route('**/api/app/blog/list?*', (route) =>
    route.fulfill({ json: { post_list: [], ...emptyPage } }),
  );
  await openFromLink(page, 'Blog');
  await expect(page.getByText('No posts available')).toBeVisible();
});

test('says No place found when no area matches', async ({ page }) => {
  await page.route('**/api/app/v2/area/list?*', (route) =>
    route.fulfill({ json: { area_list: [], ...emptyPage } }),
  );
  await openFromLink(page, 'Activities');
  await expect(page.getByText('No place found')).toBeVisible();
});

test("says Couldn't fetch data when the server keeps failing, and recovers on retry", async ({ page }) => {
  test.setTimeout(30_000);
  let failing = true;
  await page.route('**/api/app/blog/list?*', (route) =>
    failing
      ? route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } })
      : route.fallback(),
  );
  await openFromLink(page, 'Blog');
  // Three retries with backoff (1 s, 2 s, 4 s) come first, as SPEC section 7 sets them.
  await expect(page.getByRole('alert')).toContainText("Couldn't fetch data", { timeout: 15_000 });
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
});
