import { expect, test } from '../fixtures/test.ts';

test.describe('home page', () => {
  test('shows the categories and the Italian regions in Italian by default', async ({ page }) => {
    await page.goto('/');
    const categories = page.getByRole('region', { name: 'Categorie' });
    await expect(categories.getByRole('link', { name: 'Avventura', exact: true })).toBeVisible();
    await expect(categories.getByRole('link', { name: 'Corsi e lezioni', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Regioni' }).getByText('Toscana')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test('speaks German with ?lng=de and keeps that choice after a reload', async ({ page }) => {
    await page.goto('/?lng=de');
    await expect(page.getByRole('link', { name: 'Abenteuer', exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Abenteuer', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Lebendige Natur', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('accepts ?lng=si for Slovenian', async ({ page }) => {
    await page.goto('/?lng=si');
    await expect(page.getByRole('link', { name: 'Pustolovščina', exact: true })).toBeVisible();
  });

  test('switches language from the language picker', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Avventura', exact: true })).toBeVisible();
    await page.getByRole('banner').getByRole('combobox').selectOption('en');
    await expect(page.getByRole('link', { name: 'Adventure', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Regions' }).getByText('Tuscany')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Adventure', exact: true })).toBeVisible();
  });

  test('lists the regions of the country chosen', async ({ page }) => {
    await page.goto('/?lng=en');
    const regions = page.getByRole('region', { name: 'Regions' });
    await expect(regions.getByText('Tuscany')).toBeVisible();
    await regions.getByRole('radio', { name: 'Spain' }).click();
    await expect(regions.getByRole('radio', { name: 'Spain' })).toBeChecked();
    await expect(regions.getByText('Catalonia')).toBeVisible();
    await expect(regions.getByText('Tuscany')).toBeHidden();
  });

  test('shows the company data of the configuration in the footer', async ({ page }) => {
    await page.goto('/?lng=en');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Sentiero S.r.l.');
    await expect(footer).toContainText('VAT number IT00000000000');
  });
});

test.describe('browser language', () => {
  test.use({ locale: 'de-DE' });

  test('follows a German browser when nothing was chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Abenteuer', exact: true })).toBeVisible();
  });
});

test.describe('routes', () => {
  test('sends an unknown path to the home page', async ({ page }) => {
    await page.goto('/no/such/trail');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Avventura', exact: true })).toBeVisible();
  });

  test('sends a visitor who opens /user to /login', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('opens a category from the home page, with its regions', async ({ page }) => {
    await page.goto('/?lng=en');
    await page.getByRole('link', { name: 'Living nature', exact: true }).click();
    await expect(page).toHaveURL(/\/categories\/18$/);
    await expect(page.getByRole('heading', { name: 'Living nature', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tuscany' })).toBeVisible();
  });

  test('shows the error screen with the status text when a route fails', async ({ page }) => {
    await page.goto('/categories/999?lng=en');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
    await expect(page.getByText('Not Found')).toBeVisible();
    // The layout stays, so the visitor can go on.
    await page.getByRole('link', { name: 'Back to the home page', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Adventure', exact: true })).toBeVisible();
  });

  test('has the event detail with its four steps, each reached only when the one before is done', async ({
    page,
  }) => {
    await page.goto('/event/1?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Availability' })).toBeVisible();
    await page.goto('/event/1/guests?lng=en');
    await expect(page.getByRole('heading', { name: 'Guests', level: 1 })).toBeVisible();
    const steps = page.getByRole('navigation', { name: 'Purchase steps' });
    await expect(steps.getByRole('listitem')).toHaveText([
      /Information$/,
      /Guests$/,
      /Payment$/,
      /Confirmation$/,
    ]);
    // No guests yet: payment starts at the guests step; nothing bought: no confirmation.
    await page.goto('/event/1/payment?lng=en');
    await expect(page).toHaveURL(/\/event\/1\/guests$/);
    await page.goto('/event/1/confirmation?lng=en');
    await expect(page).toHaveURL(/\/event\/1$/);
  });
});
