import { expect, test } from '../fixtures/test.ts';

test('retries a translation file that failed to load, as SPEC section 7 asks', async ({ page }) => {
  let failures = 0;
  await page.route('**/locales/it/common.json*', async (route) => {
    if (failures < 2) {
      failures += 1;
      await route.fulfill({ status: 503, body: 'busy' });
      return;
    }
    await route.continue();
  });
  // A page the browser renders itself: public pages arrive with their translations (ADR 016).
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
  expect(failures).toBe(2);
});

test('shows a spinner, not a blank page, while translations arrive', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/locales/it/common.json*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('status')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
});
