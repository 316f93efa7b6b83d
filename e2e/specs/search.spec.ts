import { expect, test } from '../fixtures/test.ts';

test('finds porcini from a typo with two filters', async ({ page }) => {
  await page.goto('/search?lng=en');
  await page.getByText('Ticket filter').click();
  const filter = page.locator('details form');
  await filter.getByLabel('Words').fill('porcni');
  await filter.getByLabel('Place').selectOption({ label: 'Italy' });
  await filter.getByLabel('Ticket type').selectOption({ label: 'One day' });
  await filter.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('heading', { name: 'Results for “porcini”' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Results for “porcini”' });
  await expect(results.getByRole('article').first()).toBeVisible();
  for (const card of await results.getByRole('article').all()) {
    await expect(card).toContainText('One day');
  }
  await expect(page).toHaveURL(/q=porcni/);
});

test('finds a word alone at any place and date, and asks for something when the search is empty', async ({
  page,
}) => {
  await page.goto('/search?lng=en');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('All search inputs are mandatory');
  await page.getByLabel('What').fill('rafting');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Results for “rafting”' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByRole('article').first()).toContainText('Rafting');
  await expect(page).toHaveURL(/[?&]q=rafting$/);
  await expect(page).not.toHaveURL(/country=|start_date=/);
});

test('cerca «porcini» da solo, Dove: Qualsiasi e senza data; una ricerca vuota chiede qualcosa da cercare', async ({
  page,
}) => {
  await page.goto('/search');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Tutti i campi di ricerca sono obbligatori');
  await page.getByLabel('Cosa').fill('porcini');
  await expect(page.getByLabel('Dove')).toHaveValue('any');
  await expect(page.getByLabel('Quando')).toHaveValue('');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Risultati per «porcini»' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page).toHaveURL(/\/search\?q=porcini$/);
});

test('answers a search sent before the page’s script runs the same way', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Tutti i campi di ricerca sono obbligatori');
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByLabel('Cosa').fill('rafting');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('article').first()).toContainText('Rafting');
  await expect(page.getByRole('alert')).toBeHidden();
  await context.close();
});

test('finds by a place alone', async ({ page }) => {
  await page.goto('/search?lng=de');
  await page.getByLabel('Wo').selectOption({ label: 'Slowenien' });
  await page.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page).toHaveURL(/country=SI/);
});

test('takes «Qualsiasi» (any place) as a choice of the simple search, as every choice it offers', async ({
  page,
}) => {
  await page.goto('/search');
  await page.getByLabel('Cosa').fill('rafting');
  await page.getByLabel('Dove').selectOption({ label: 'Qualsiasi' });
  await page.getByLabel('Quando').fill('2027-07-10');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Risultati per «rafting»' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(page.getByRole('article').first()).toContainText('Rafting');
  await expect(page).not.toHaveURL(/country=/);
  await expect(page.getByLabel('Dove')).toHaveValue('any');
});

test('says No tickets available when nothing matches', async ({ page }) => {
  await page.goto('/search?lng=en&q=zzzqqq');
  await expect(page.getByText('No tickets available')).toBeVisible();
});

test('searches from the home page’s box, with the script and before it runs', async ({ page, browser }) => {
  await page.goto('/?lng=en');
  const box = page.getByRole('search').getByRole('form', { name: 'Search for an activity' });
  await box.getByLabel('What do you want to do?').fill('rafting');
  await box.getByLabel('Where').selectOption({ label: 'Slovenia' });
  await box.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=rafting&country=SI/);
  await expect(page.getByRole('heading', { name: 'Results for “rafting”' })).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Rafting');

  // A visitor whose script has not arrived (or is off) still reaches the results.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const still = await context.newPage();
  await still.goto('/?lng=en');
  await still.getByLabel('What do you want to do?').fill('rafting');
  await still.getByLabel('What do you want to do?').press('Enter');
  await expect(still).toHaveURL(/\/search\?q=rafting/);
  await expect(still.getByRole('article').first()).toContainText('Rafting');
  await context.close();
});
