import { findMailLink, logIn, logOut, signUp, TEXT, totpCode, uniqueEmail } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

const newMember = () => ({
  firstname: 'Sara',
  lastname: 'Galli',
  email: uniqueEmail(),
  password: 'Porcini2025',
});

test('a member chooses activities and regions for recommendations, and finds them again', async ({
  page,
}) => {
  await signUp(page, TEXT.en, newMember());
  await expect(page).toHaveURL(/\/user$/);
  const activities = page.getByRole('group', { name: 'Activities' });
  const firstActivity = activities.getByRole('checkbox').first();
  await firstActivity.check();
  await page.getByRole('group', { name: 'Regions' }).getByText('Italy', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Tuscany' }).check();
  await page.getByRole('button', { name: 'Save preferences', exact: true }).click();
  await expect(page.getByText('Your preferences were saved.')).toBeVisible();

  await page.reload();
  await expect(activities.getByRole('checkbox').first()).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Tuscany' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Liguria' })).not.toBeChecked();
});

test('a member subscribes to the newsletter and confirms it with the link of the mail', async ({
  page,
  request,
}) => {
  const member = newMember();
  await signUp(page, TEXT.en, member);
  await expect(page.getByText('You do not receive our newsletter.')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText('Almost done: check your inbox to confirm your subscription.')).toBeVisible();

  await page.goto(await findMailLink(request, member.email, '/newsletter/confirm?token='));
  await expect(page.getByText('Thank you! Your subscription is confirmed')).toBeVisible();
  await page.goto('/user');
  await expect(page.getByText('You receive our newsletter.')).toBeVisible();
});

test('a visitor subscribes to the newsletter from the footer and is asked to confirm by mail', async ({
  page,
}) => {
  await page.goto('/?lng=en');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Your email address').fill(uniqueEmail());
  // Enter, not a click: the home page's lists are still arriving above and push the footer down.
  await footer.getByLabel('Your email address').press('Enter');
  await expect(footer.getByText('Check your inbox to confirm your subscription.')).toBeVisible();
});

test('an unsubscribe link that is no longer valid says so', async ({ page }) => {
  await page.goto(`/newsletter/unsubscribe?token=${'x'.repeat(32)}&lng=en`);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('This link is no longer valid');
});

test('two-step login: turned on with an authenticator code, used at login, turned off', async ({ page }) => {
  test.setTimeout(40_000);
  const member = newMember();
  await signUp(page, TEXT.en, member);
  await expect(page).toHaveURL(/\/user$/);
  // The recommendation choices load above; wait for them so the button below stays put.
  await expect(page.getByRole('group', { name: 'Activities' })).toBeVisible();
  // Setting up two-step login asks for the password first.
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Turn on two-step login', exact: true }).click();
  const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? '';
  await page.getByLabel('Code from the app', { exact: true }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText('Two-step login is now on.')).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'I have saved them', exact: true }).click();

  await logOut(page, TEXT.en);
  await page.goto('/login');
  await logIn(page, TEXT.en, member.email, member.password);
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  // A mistyped code is said under the field and may be typed again.
  await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
  // The code of the setup was used in this 30-second step; a recovery code works at any time.
  await page.getByLabel('Code', { exact: true }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/user$/);

  await expect(page.getByText('Two-step login is on.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Turn off two-step login', exact: true }).click();
  await expect(page.getByText('Two-step login is off.')).toBeVisible();
});
