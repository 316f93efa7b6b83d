import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '../fixtures/test.ts';
import { findDailyTicket, newMember } from '../fixtures/tickets.ts';

/** A transparent 1×1 PNG for map tiles, which this test machine cannot fetch from the tile server. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const SERIOUS = ['serious', 'critical'];
/** What Lighthouse's accessibility score also weighs, such as headings that skip a level. */
const MODERATE_OR_MORE = ['moderate', ...SERIOUS];

/**
 * The problems of the given impacts axe-core finds on the page as it is now (WCAG 2.1 A and AA
 * and best practices), one line each with the elements concerned, so a failure says what to fix.
 */
async function findViolations(page: Page, impacts: string[]): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => impacts.includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

async function expectNoSeriousViolations(page: Page, where: string, impacts = SERIOUS) {
  await page.waitForLoadState('networkidle');
  expect.soft(await findViolations(page, impacts), where).toEqual([]);
}

type Ids = { areaId: number; categoryId: number; ticketId: number; blogSku: string };

async function findIds(request: APIRequestContext): Promise<Ids> {
  const areas = await (await request.get('/api/app/v2/area/list?lng=en')).json();
  const posts = await (await request.get('/api/app/blog/list?lng=en')).json();
  const tickets = await (await request.get('/api/app/v2/search?lng=en&q=rafting')).json();
  return {
    areaId: areas.area_list[0].id,
    categoryId: 16,
    ticketId: tickets.ticket_list[0].id,
    blogSku: posts.post_list[0].sku,
  };
}

let ids: Ids;
test.beforeAll(async ({ request }) => {
  ids = await findIds(request);
});

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
});

/** Each public page, by the name its check reports, and its path once the seed's ids are known. */
const PUBLIC_PAGES: [string, (ids: Ids) => string][] = [
  ['home', (_ids) => '/'],
  ['events', (_ids) => '/events'],
  ['an area', (ids) => `/events/${ids.areaId}`],
  ['a category', (ids) => `/categories/${ids.categoryId}`],
  ['an event', (ids) => `/event/${ids.ticketId}`],
  ['search with results', (_ids) => '/search?q=rafting'],
  ['blog', (_ids) => '/blog'],
  ['a blog post', (ids) => `/blog/${ids.blogSku}`],
  ['guides', (_ids) => '/guides'],
  ['a guide (free sample)', (_ids) => '/guides/death-cap'],
  ['promotions', (_ids) => '/promotions'],
  ['contact', (_ids) => '/contact'],
  ['login', (_ids) => '/login'],
  ['signup', (_ids) => '/signup'],
];

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  // One test a page: each page's check has its own time, and the pages run side by side.
  for (const [name, pathOf] of PUBLIC_PAGES) {
    test(`${name} has no accessibility problem of moderate impact or more (${viewport.name})`, async ({
      page,
    }) => {
      // axe reads the whole page in the browser: seconds of CPU on a shared two-core machine.
      test.setTimeout(45_000);
      await page.setViewportSize(viewport);
      await page.goto(pathOf(ids));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoSeriousViolations(page, name, MODERATE_OR_MORE);
    });
  }
}

test('every step of a purchase has no serious or critical accessibility problem, paid with the sandbox card', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { id, day } = await findDailyTicket(page.request);
  const member = newMember();
  const registered = await page.request.post('/api/app/user/register', {
    multipart: { ...member, country: 'IT', is_adult: 'true', policy_accepted: 'true' },
  });
  expect(registered.ok()).toBe(true);

  await page.goto(`/event/${id}?lng=en`);
  await expectNoSeriousViolations(page, 'event');

  await page.getByRole('link', { name: 'Choose dates and guests' }).click();
  await expect(page.getByRole('heading', { name: 'Guests', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'guests');
  const guest = page.getByRole('group', { name: 'Guest 1' });
  await guest.getByLabel('First and last name').fill('Giulia Rossi');
  await guest.getByLabel('Start date').fill(day);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'payment');

  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await expectNoSeriousViolations(page, 'payment with the card form');
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}/confirmation$`));
  await expect(page.getByText('Purchase successful: your tickets have been sent by email')).toBeVisible();
  await expectNoSeriousViolations(page, 'confirmation');
});

test('the guests step with a refused field has no serious or critical accessibility problem', async ({
  page,
}) => {
  const { id } = await findDailyTicket(page.request);
  await page.goto(`/event/${id}/guests?lng=en`);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Enter a valid first and last name')).toBeVisible();
  await expectNoSeriousViolations(page, 'guests with errors');
});
