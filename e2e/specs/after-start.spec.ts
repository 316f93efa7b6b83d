import {
  PAGE_NAMES,
  PAGES,
  type PageLink,
  type PageWithParamsName,
  type ServerRenderedPageName,
} from '@sentiero/contract/pages';
import { uniqueEmail } from '../fixtures/accounts.ts';
import { watchProblems } from '../fixtures/problems.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/**
 * Runs first, alone, against the server Playwright has just started (the `after-start` project,
 * on which the others depend): its first page is the first page that server renders. A part the
 * server cannot finish on its first render (a lazily loaded component, a translation) reaches the
 * browser as an empty boundary, which React renders there and reports as error #419.
 */
test.describe.configure({ mode: 'serial' });

/**
 * Every page the server renders, as the table of pages says (contract/pages.ts), home last: each
 * page with parameters opens a record the seed has, the search page a search with results.
 */
async function publicPages(page: Page): Promise<string[]> {
  const areas = await (await page.request.get('/api/app/v2/area/list?lng=en')).json();
  const posts = await (await page.request.get('/api/app/blog/list?lng=en')).json();
  const links: { [Name in ServerRenderedPageName & PageWithParamsName]: PageLink<Name> } & {
    search: PageLink<'search'>;
  } = {
    area: { eventsId: areas.area_list[0].id },
    category: { categoryId: 16 },
    event: { eventId: 1 },
    blogPost: { blogId: posts.post_list[0].sku },
    guide: { slug: 'porcini' },
    search: { q: 'rafting' },
  };
  const paths = PAGE_NAMES.filter((name) => PAGES[name].serverRendered && name !== 'home').map((name) => {
    const path = PAGES[name].path as (link?: object) => string;
    return path(name in links ? links[name as keyof typeof links] : undefined);
  });
  return [...paths, PAGES.home.path()];
}

async function visitAll(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Parts loaded after the page (the footer's newsletter box, ads) hydrate by then.
    await page.waitForLoadState('networkidle');
  }
}

test('no public page logs an error for a visitor, the first one after the server starts included', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { problems } = await watchProblems(page, async () => {
    // Before anything else asks the server for a page.
    await visitAll(page, ['/']);
    await visitAll(page, await publicPages(page));
  });
  expect(problems).toEqual([]);
});

test('no public page logs an error for a signed-in member', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const registered = await page.request.post('/api/app/user/register?lng=en', {
    headers: { origin: baseURL ?? '' },
    data: {
      firstname: 'Marta',
      lastname: 'Bianchi',
      email: uniqueEmail(),
      password: 'Porcini2026',
      country: 'IT',
      is_adult: true,
      policy_accepted: true,
    },
  });
  expect(registered.status()).toBe(200);
  const paths = await publicPages(page);
  const { problems, userFetches } = await watchProblems(page, async () => {
    await page.goto('/?lng=en');
    await expect(page.getByRole('link', { name: 'My account: Marta' })).toBeVisible();
    await visitAll(page, paths);
  });
  expect(userFetches).not.toContain(401);
  expect(problems).toEqual([]);
});
