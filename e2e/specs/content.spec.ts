import { expect, test } from '../fixtures/test.ts';

test('shows the terms and the company data from configuration', async ({ page }) => {
  await page.goto('/termsconditions?lng=en');
  await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  await page.goto('/society?lng=en');
  await expect(page.getByRole('main')).toContainText('Sentiero S.r.l.');
  await expect(page.getByRole('main')).toContainText('IT00000000000');
});

test('opens about us and the app page from the footer, in German', async ({ page }) => {
  await page.goto('/?lng=de');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Über uns' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await footer.getByRole('link', { name: 'Die App' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
