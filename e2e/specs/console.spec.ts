import { codeOnPage, enterStaffCode } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/*
 * The console's door (issue 23, ADR 028): the demo staff that a development start on the embedded
 * database makes (apps/api/src/modules/staff/demo-staff.ts) sign in with their password, then the
 * authenticator's code, and land on the console's home; sign-out leads back to the sign-in.
 */

const PASSWORD = 'Console-demo-2026';
const STAFF = {
  manager: { email: 'manager@console.sentiero.localhost', key: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' },
  ranger: { email: 'ranger@console.sentiero.localhost', key: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK' },
};

const TEXT = {
  it: {
    signInTitle: 'Accedi alla console',
    password: 'Password',
    signIn: 'Accedi',
    codeTitle: 'Codice di autenticazione',
    code: 'Codice',
    next: 'Continua',
    signOut: 'Esci',
    invalidCode: 'Codice non valido',
  },
  en: {
    signInTitle: 'Sign in to the console',
    password: 'Password',
    signIn: 'Sign in',
    codeTitle: 'Authenticator code',
    code: 'Code',
    next: 'Continue',
    signOut: 'Sign out',
    invalidCode: 'Invalid code',
  },
};

async function signIn(page: Page, lng: 'it' | 'en', who: keyof typeof STAFF) {
  const text = TEXT[lng];
  await page.goto(`/console?lng=${lng}`);
  await expect(page.getByRole('heading', { name: text.signInTitle })).toBeVisible();
  await page.getByLabel('Email').fill(STAFF[who].email);
  await page.getByLabel(text.password).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
  await expect(page.getByRole('heading', { name: text.codeTitle })).toBeVisible();
  await enterStaffCode(STAFF[who].key, codeOnPage(page, { label: text.code, submit: text.next }));
}

test('a park manager signs in with a password and an authenticator code, sees their role, and signs out (en)', async ({
  page,
}) => {
  await signIn(page, 'en', 'manager');
  await expect(page.getByRole('heading', { name: 'Hello, Demo Manager' })).toBeVisible();
  await expect(page.getByText('Manager', { exact: true })).toBeVisible();
  await expect(page.getByText('In all its areas')).toBeVisible();
  await page.getByRole('button', { name: TEXT.en.signOut, exact: true }).click();
  await expect(page.getByRole('heading', { name: TEXT.en.signInTitle })).toBeVisible();
  // Signed out on the server too: the console sends the browser back to the sign-in.
  await page.goto('/console?lng=en');
  await expect(page.getByRole('heading', { name: TEXT.en.signInTitle })).toBeVisible();
});

test('a ranger narrowed to one area signs in in Italian and sees where their role holds (it)', async ({
  page,
}) => {
  await signIn(page, 'it', 'ranger');
  await expect(page.getByRole('heading', { name: 'Ciao, Demo Ranger' })).toBeVisible();
  await expect(page.getByText('Guardia', { exact: true })).toBeVisible();
  await expect(page.getByText('In 1 area', { exact: true })).toBeVisible();
});
