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
