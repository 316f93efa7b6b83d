import { findMailLink, logIn, logOut, signUp, TEXT, uniqueEmail } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

for (const language of ['it', 'en'] as const) {
  test(`a member signs up, logs in, edits the account, changes the password and deletes the account (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const text = TEXT[language];
    const member = { firstname: 'Giulia', lastname: 'Rossi', email: uniqueEmail(), password: 'Porcini2025' };

    await signUp(page, text, member);
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('heading', { name: text.accountTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: text.accountOf('Giulia') })).toBeVisible();

    await logOut(page, text);
    await page.getByRole('banner').getByRole('link', { name: text.logIn, exact: true }).click();
    await logIn(page, text, member.email, member.password);
    await expect(page).toHaveURL(/\/user$/);

    await page.getByLabel(text.firstname, { exact: true }).fill('Chiara');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    await expect(page.getByRole('link', { name: text.accountOf('Chiara') })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(text.firstname, { exact: true })).toHaveValue('Chiara');

    const newPassword = 'Finferli2026';
    await page.getByLabel(text.oldPassword, { exact: true }).fill(member.password);
    await page.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(text.repeatPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text.changePassword, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(text.passwordChanged)).toBeVisible();
    // Every session ended on the server: the account screen now asks to log in.
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, text, member.email, member.password);
    await expect(page.getByRole('alert')).toContainText(text.loginFailed);
    await logIn(page, text, member.email, newPassword);
    await expect(page).toHaveURL(/\/user$/);

    await page.goto('/user/delete-account');
    await page.getByLabel(text.password, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text.deleteAccount, exact: true }).click();
    await page.getByRole('button', { name: text.confirmDelete, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(text.deleted)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: text.logIn, exact: true })).toBeVisible();

    await page.goto('/login');
    await logIn(page, text, member.email, newPassword);
    await expect(page.getByRole('alert')).toContainText(text.loginFailed);
  });
}

test("signup shows the server's message for a password that is too common", async ({ page }) => {
  const text = TEXT.en;
  // Passes SPEC's rule (8 characters, an uppercase letter, a number); the server knows it is common.
  await signUp(page, text, {
    firstname: 'Luca',
    lastname: 'Verdi',
    email: uniqueEmail(),
    password: 'Password123',
  });
  await expect(page.getByText('This password is too common, please choose another one')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('There was an error, please try again');
  await expect(page).toHaveURL(/\/signup/);
});

test('signup checks the password rule and the consents before sending', async ({ page }) => {
  await page.goto('/signup?lng=en');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(
    page.getByText('The password needs at least 8 characters, an uppercase letter and a number'),
  ).toBeVisible();
  await expect(page.getByText('You must be 18 or over to sign up')).toBeVisible();
  await expect(page.getByText('Please accept the terms and conditions')).toBeVisible();
});

test('login says Invalid email and Invalid password before asking the server', async ({ page }) => {
  await page.goto('/login?lng=en');
  await page.getByLabel('Email', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Invalid password')).toBeVisible();
});

test('the contact form names the three mandatory fields, then sends', async ({ page }) => {
  await page.goto('/contact?lng=en');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Full name is a mandatory field')).toBeVisible();
  await expect(page.getByText('Email is a mandatory field')).toBeVisible();
  await expect(page.getByText('Message is a mandatory field')).toBeVisible();

  await page.getByLabel('Full name', { exact: true }).fill('Anna Novak');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
  await page.getByLabel('Message', { exact: true }).fill('Is the Bovec fishing permit valid on the Soča?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Thank you, your message was sent. We will answer by email.')).toBeVisible();
});

test('a logged-in member who opens /login lands on the home page', async ({ page }) => {
  const member = { firstname: 'Marco', lastname: 'Bianchi', email: uniqueEmail(), password: 'Porcini2025' };
  await signUp(page, TEXT.en, member);
  await expect(page).toHaveURL(/\/user$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My account: Marco' })).toBeVisible();
});

test('forgot password gives the same answer for an address without an account', async ({ page }) => {
  await page.goto('/forgot-password?lng=en');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
  await page.getByRole('button', { name: 'Send the link', exact: true }).click();
  await expect(
    page.getByText('If an account exists for this address, we have sent a link to choose a new password'),
  ).toBeVisible();
});

test('the link of the recovery mail sets a new password', async ({ page, request }) => {
  test.setTimeout(40_000);
  const member = { firstname: 'Elena', lastname: 'Conti', email: uniqueEmail(), password: 'Porcini2025' };
  await signUp(page, TEXT.en, member);
  await expect(page).toHaveURL(/\/user$/);
  await logOut(page, TEXT.en);

  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Send the link', exact: true }).click();
  await expect(page.getByText('If an account exists for this address')).toBeVisible();

  await page.goto(await findMailLink(request, member.email, '/reset-password?token='));
  await page.getByLabel('New password', { exact: true }).fill('Spugnole2026');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Spugnole2026');
  await page.getByRole('button', { name: 'Save the new password', exact: true }).click();
  await expect(page.getByText('Your password was changed. You can now log in')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await logIn(page, TEXT.en, member.email, 'Spugnole2026');
  await expect(page).toHaveURL(/\/user$/);
});

test('a visitor sent to log in comes back to the page asked for', async ({ page }) => {
  const member = { firstname: 'Pietro', lastname: 'Neri', email: uniqueEmail(), password: 'Porcini2025' };
  await signUp(page, TEXT.en, member);
  await expect(page).toHaveURL(/\/user$/);
  await logOut(page, TEXT.en);

  await page.goto('/user/delete-account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fdelete-account$/);
  await logIn(page, TEXT.en, member.email, member.password);
  await expect(page).toHaveURL(/\/user\/delete-account$/);
  await expect(page.getByRole('heading', { name: 'Delete account', level: 1 })).toBeVisible();
});

test('Log in with Facebook says so, and goes away, when the site has no Facebook app', async ({ page }) => {
  await page.goto('/login?lng=en');
  await page.getByRole('button', { name: 'Log in with Facebook', exact: true }).click();
  await expect(page.getByText('This way of logging in is not available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in with Facebook', exact: true })).toBeHidden();
});

test('a referral link is remembered and recorded on the account made afterwards', async ({ page }) => {
  const member = { firstname: 'Luca', lastname: 'Bruni', email: uniqueEmail(), password: 'Castagne2026' };
  await page.goto('/ref/amici-del-bosco?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await signUp(page, TEXT.en, member);
  await expect(page).toHaveURL(/\/user$/);
  const data = await (await page.request.get('/api/app/user/export')).json();
  expect(data.account).toMatchObject({ email: member.email, referral: 'amici-del-bosco' });
});
