import { expect, test } from '../fixtures/test.ts';

test('goes from home to a category, a region, an event and its area', async ({ page }) => {
  await page.goto('/?lng=en');
  await page.getByRole('link', { name: 'Living nature', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choose a region' })).toBeVisible();
  await page.getByRole('link', { name: 'Emilia-Romagna' }).click();
  const tickets = page.getByRole('region', { name: 'Activities in Emilia-Romagna' });
  await tickets.getByRole('link').first().click();

  await expect(page).toHaveURL(/\/event\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Validity', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Availability' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Area rules', exact: true })).toHaveAttribute(
    'href',
    /\/api\/app\/area\/rules\?id=\d+&lng=en/,
  );

  const areaLink = page.locator('main a[href^="/events/"]').first();
  const areaName = (await areaLink.textContent()) ?? '';
  await areaLink.click();
  await expect(page.getByRole('heading', { name: areaName, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Permits and activities' })).toBeVisible();
});

test('shows the same event in Italian and in English', async ({ page, request }) => {
  const italian = (await (await request.get('/api/app/ticket/info?id=1&lng=it')).json()).ticket;
  const english = (await (await request.get('/api/app/ticket/info?id=1&lng=en')).json()).ticket;
  await page.goto('/event/1');
  await expect(page.getByRole('heading', { name: italian.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Validità', { exact: true })).toBeVisible();
  await page.getByRole('banner').getByRole('combobox').selectOption('en');
  await expect(page.getByRole('heading', { name: english.title, level: 1 })).toBeVisible();
  await expect(page.getByText('Validity', { exact: true })).toBeVisible();
});

test('lists areas by country, and shows one not on sale yet', async ({ page }) => {
  await page.goto('/events?lng=en');
  await page.getByRole('radio', { name: 'Slovenia' }).click();
  await expect(page.getByRole('radio', { name: 'Slovenia' })).toBeChecked();
  await expect(page).toHaveURL(/country=SI/);
  await expect(page.getByText('Not available yet')).toBeVisible();
});

test('opens a blog post with its table of contents', async ({ page }) => {
  await page.goto('/blog?lng=en');
  await page.getByRole('list').getByRole('link').first().click();
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents.getByRole('link')).not.toHaveCount(0);
  const second = contents.getByRole('link').nth(1);
  const target = await second.getAttribute('href');
  await second.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.getByRole('link', { name: 'Search adventure', exact: true })).toBeVisible();
});

test('says No tickets available where a category has nothing in a region', async ({ page }) => {
  await page.goto('/categories/19?lng=en');
  await page.getByRole('link', { name: 'Molise' }).click();
  await expect(page.getByText('No tickets available')).toBeVisible();
});

test('lists promotions with the full price struck through', async ({ page }) => {
  await page.goto('/promotions?lng=en');
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
  await expect(page.locator('main s').first()).toBeVisible();
});

test('shows the error screen for an area that does not exist', async ({ page }) => {
  await page.goto('/events/999999?lng=en');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
  await expect(page.getByText('Not Found')).toBeVisible();
});

test('takes an email to tell when an area opens', async ({ page, request }) => {
  const areas = (await (await request.get('/api/app/v2/area/list?country=SI&lng=en')).json()).area_list;
  const closed = areas.find((area: { available: boolean }) => !area.available);
  await page.goto(`/events/${closed.id}?lng=en`);
  const email = page.getByLabel('Tell me by email when it opens');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email is a mandatory field');
  await email.fill('ana@example');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email');
  await email.fill('ana.novak@example.si');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('status')).toContainText('we will write to you');
});

test('draws the areas on the map and opens one, with the tile server unreachable', async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await page.goto('/events?lng=en&country=SI');
  const map = page.getByRole('region', { name: 'Map of the areas' });
  const areas = map.locator('.leaflet-overlay-pane path.leaflet-interactive');
  await expect(areas.first()).toBeVisible();
  expect(await areas.count()).toBeGreaterThanOrEqual(6);
  await areas.last().click();
  await expect(page).toHaveURL(/\/events\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('draws the countries and their regions with the tile server unreachable, and opens a region from the map', async ({
  page,
}) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await page.goto('/events?lng=en&country=ES');
  const map = page.getByRole('region', { name: 'Map of the areas' });
  const outlines = map.locator('.leaflet-outlines-pane path');
  // Every region Sentiero sells in opens its page; Ceuta and Melilla are drawn without one.
  await expect(outlines.and(page.locator('.leaflet-interactive'))).toHaveCount(75);
  // The land around them and the borders between countries, drawn too.
  expect(await outlines.count()).toBeGreaterThanOrEqual(78);

  const castile = map.locator('path.region-castilla-y-leon');
  await castile.hover();
  await expect(map.getByRole('tooltip')).toHaveText('Castile and León');
  await castile.click();
  await expect(page).toHaveURL(/\/events\?country=ES&region=\d+$/);
  await expect(page.getByText('Areas in Castile and León')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Soria Pine Forests' })).toBeVisible();

  // The keyboard's way to the same pages: the regions as links beside the map.
  await page.getByText('Regions on the map').click();
  await page.getByRole('link', { name: 'Aragon', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Areas in Aragon')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sierra de Guara' })).toBeVisible();
});

test("speaks the reader's language on the map's controls and credits", async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await page.goto('/events?country=SI');
  const map = page.getByRole('region', { name: 'Mappa delle aree' });
  await expect(map.getByRole('button', { name: 'Ingrandisci' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Riduci' })).toBeVisible();
  await expect(map.getByRole('link', { name: 'Leaflet' })).toHaveAttribute(
    'title',
    'Una libreria JavaScript per mappe interattive',
  );
  await expect(map.getByText(/Zoom in|Zoom out|JavaScript library/)).toHaveCount(0);
  await map.getByRole('button', { name: 'Ingrandisci' }).click();
  await expect(map.getByRole('button', { name: 'Riduci' })).toBeEnabled();
});

test('follows the home link to the growth table and reads the levels in German', async ({ page }) => {
  await page.goto('/?lng=de');
  await page.getByRole('link', { name: /Pilzwachstumstabelle/ }).click();
  await expect(page).toHaveURL(/\/growth$/);
  await expect(page.getByRole('heading', { name: 'Pilzwachstumstabelle', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pilzwachstumstabelle' });
  await expect(table.getByRole('rowheader', { name: /Tarotal/ })).toBeVisible();
  await expect(
    table.getByText(/^(Schlecht|Unzureichend|Spärlich|Gut|Reichlich|Sagenhaft)$/).first(),
  ).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sentiero+' })).toBeVisible();
});

test('offers the weekly permit beside the daily one', async ({ page, request }) => {
  const results = (await (await request.get('/api/app/v2/search?q=porcini%20taro&lng=en')).json())
    .ticket_list;
  const daily = results.find((ticket: { duration_type: string }) => ticket.duration_type === 'DAILY');
  await page.goto(`/event/${daily.id}?lng=en`);
  const packages = page.getByRole('region', { name: 'Other durations' });
  await expect(packages.getByText('One day')).toHaveAttribute('aria-current', 'page');
  await packages.getByRole('link', { name: 'One week' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/event/${daily.id}$`));
  await expect(page.getByRole('region', { name: 'Other durations' }).getByText('One week')).toHaveAttribute(
    'aria-current',
    'page',
  );
});
