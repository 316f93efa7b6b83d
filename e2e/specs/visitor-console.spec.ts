import { signUp, TEXT } from '../fixtures/accounts.ts';
import { watchProblems } from '../fixtures/problems.ts';
import { expect, test } from '../fixtures/test.ts';
import { newMember } from '../fixtures/tickets.ts';

const VISITOR_PAGES = [
  '/',
  '/events',
  '/categories/16',
  '/event/1',
  '/search?q=rafting',
  '/blog',
  '/promotions',
  '/contact',
  '/login',
  '/signup',
];

test("a visitor's pages log no error and no refused request: nobody asks for a member who is not there", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { problems, userFetches } = await watchProblems(page, async () => {
    for (const path of VISITOR_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
  });
  expect(problems).toEqual([]);
  expect(userFetches).toEqual([]);
});

test('a member is recognised in a new tab from the signed-in hint, and not asked for after logging out', async ({
  page,
  context,
}) => {
  const text = TEXT.en;
  const member = newMember();
  await signUp(page, text, member);
  await expect(page.getByRole('link', { name: text.accountOf(member.firstname) })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'sentiero_signed_in')).toMatchObject({ httpOnly: false });

  const tab = await context.newPage();
  const { problems, userFetches } = await watchProblems(tab, async () => {
    await tab.goto('/?lng=en');
    await expect(tab.getByRole('link', { name: text.accountOf(member.firstname) })).toBeVisible();
  });
  expect(userFetches).toEqual([200]);
  expect(problems).toEqual([]);

  await tab.goto('/user-navbar');
  await tab.getByRole('link', { name: text.logOut, exact: true }).click();
  await expect(tab).toHaveURL(/\/$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sentiero_signed_in');
  const after = await watchProblems(tab, async () => {
    await tab.reload();
    await expect(tab.getByRole('link', { name: text.logIn, exact: true }).first()).toBeVisible();
    await tab.waitForLoadState('networkidle');
  });
  expect(after.userFetches).toEqual([]);
  expect(after.problems).toEqual([]);
});
