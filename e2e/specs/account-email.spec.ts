import { findMailLink, logIn, logOut, signUp, TEXT, uniqueEmail } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

const newMember = () => ({
  firstname: 'Marta',
  lastname: 'Bruni',
  email: uniqueEmail(),
  password: 'Chiodini2026',
});

test('a member changes the login email: it changes only once the link mailed to the new address is opened (en)', async ({
  page,
  request,
}) => {
  const text = TEXT.en;
  const member = newMember();
  const newEmail = uniqueEmail();
  await signUp(page, text, member);
  await expect(page).toHaveURL(/\/user$/);
  // The account screen renders once more when the preferences' activities arrive: typed after.
  await expect(page.getByRole('checkbox', { name: 'Rafting' })).toBeVisible();

  await page.getByLabel(text.email, { exact: true }).fill(newEmail);
  await page.getByLabel('Current password, to change the email', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: text.save, exact: true }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}`)).toBeVisible();

  // Until the link is opened, the old address is still the login.
  await logOut(page, text);
  await page.goto('/login');
  await logIn(page, text, newEmail, member.password);
  await expect(page.getByRole('alert')).toContainText(text.loginFailed);

  await page.goto(await findMailLink(request, newEmail, '/confirm-email?token='));
  await expect(page.getByText(`Done: you now log in with ${newEmail}.`)).toBeVisible();
  await page.goto('/login');
  await logIn(page, text, newEmail, member.password);
  await expect(page).toHaveURL(/\/user$/);
});

test("the old address is told of the change, and its 'it wasn't me' link takes the account back (it)", async ({
  page,
  request,
}) => {
  const text = TEXT.it;
  const member = newMember();
  await signUp(page, text, member);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('checkbox', { name: 'Rafting' })).toBeVisible();
  // Someone with the member's session and password moves the login to their own address.
  await page.getByLabel(text.email, { exact: true }).fill(uniqueEmail());
  await page.getByLabel("Password attuale, per cambiare l'email", { exact: true }).fill(member.password);
  await page.getByRole('button', { name: text.save, exact: true }).click();
  await expect(page.getByText('Abbiamo inviato un link a')).toBeVisible();

  await page.goto(await findMailLink(request, member.email, '/secure-account?token='));
  await page.getByRole('button', { name: 'Proteggi il mio account', exact: true }).click();
  await expect(page.getByText('Il tuo account è al sicuro.')).toBeVisible();

  // Every session ended and the password is locked until the owner chooses a new one.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, text, member.email, member.password);
  await expect(page.getByRole('alert')).toContainText(text.loginFailed);
  await findMailLink(request, member.email, '/reset-password?token=');
});
