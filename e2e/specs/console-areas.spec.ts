import { expect, openConsole, test } from '../fixtures/staff.ts';

/*
 * The console's area editor (issue 23): an operator's manager opens one of its areas from the
 * console's navigation, sees a text left empty flagged on its language's tab as it types, and
 * saves a text in another language, which is there when the page is opened again. The manager is
 * the worker's own, already signed in (fixtures/staff.ts): the sign-in screens are console.spec.ts's.
 */

test.use({ consoleAs: 'manager' });

test('en: a manager edits an area’s texts, the missing ones flagged per language', async ({ page }) => {
  test.setTimeout(90_000);
  await openConsole(page, 'en');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Areas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Areas', exact: true })).toBeVisible();

  const list = page.getByRole('table', { name: 'Areas' });
  const first = list.getByRole('link').first();
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  // Emptying the German summary flags the German tab at once, before anything is saved.
  const german = page.getByRole('tab', { name: /German/ });
  await german.click();
  const germanSummary = page.getByLabel('In short (DE)');
  const kept = await germanSummary.inputValue();
  await germanSummary.fill('');
  await expect(german).toContainText('missing');
  await expect(page.getByText('Missing in German: In short.')).toBeVisible();
  await germanSummary.fill(kept);
  await expect(german).not.toContainText('missing');

  const summary = `Gozdovi in travniki ${Date.now()}`;
  await page.getByRole('tab', { name: /Slovenian/ }).click();
  await page.getByLabel('In short (SL)').fill(summary);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: /Slovenian/ }).click();
  await expect(page.getByLabel('In short (SL)')).toHaveValue(summary);
  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rules document' })).toBeVisible();
});
