import { readFile } from 'node:fs/promises';
import { codeOnPage, enterStaffCode } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/*
 * A manager exports the orders of a search (issue 23; ADR 035, 041): at once when the search is
 * small, or prepared in the background, when the Exports list shows it ready with its download.
 */

const MANAGER = { email: 'manager@console.sentiero.localhost', key: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };
const PASSWORD = 'Console-demo-2026';

const TEXT = {
  it: {
    signInTitle: 'Accedi alla console',
    signIn: 'Accedi',
    codeTitle: 'Codice di autenticazione',
    code: 'Codice',
    next: 'Continua',
    sections: 'Sezioni della console',
    background: 'Prepara in background',
    export: 'Esporta CSV',
    exports: 'Esportazioni',
    ready: 'Pronta',
    download: /^Scarica ordini-\d{4}-\d\d-\d\d\.csv$/,
    header: 'Ordine;Stato;Creato',
  },
  en: {
    signInTitle: 'Sign in to the console',
    signIn: 'Sign in',
    codeTitle: 'Authenticator code',
    code: 'Code',
    next: 'Continue',
    sections: 'Console sections',
    background: 'Prepare in the background',
    export: 'Export CSV',
    exports: 'Exports',
    ready: 'Ready',
    download: /^Download orders-\d{4}-\d\d-\d\d\.csv$/,
    header: 'Order;State;Created',
  },
} as const;

async function signInManager(page: Page, lng: 'it' | 'en') {
  const text = TEXT[lng];
  await page.goto(`/console?lng=${lng}`);
  await expect(page.getByRole('heading', { name: text.signInTitle })).toBeVisible();
  await page.getByLabel('Email').fill(MANAGER.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
  await expect(page.getByRole('heading', { name: text.codeTitle })).toBeVisible();
  await enterStaffCode(MANAGER.key, codeOnPage(page, { label: text.code, submit: text.next }));
  await expect(page.getByRole('navigation', { name: text.sections })).toBeVisible();
}

async function csvOf(download: { path(): Promise<string> }): Promise<string> {
  return (await readFile(await download.path())).toString('utf8');
}

for (const lng of ['it', 'en'] as const) {
  test(`a manager exports a search at once, then in the background, and takes the prepared file (${lng})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lng];
    await signInManager(page, lng);
    await page.goto(`/console/orders?lng=${lng}&state=refunded`);

    // A small search comes at once, as the streamed file.
    const [direct] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text.export }).click(),
    ]);
    expect((await csvOf(direct)).startsWith(`\uFEFF${text.header}`)).toBe(true);

    // Asked for in the background, it is listed, prepared by the queue, and taken from the list.
    await page.getByLabel(text.background).check();
    await page.getByRole('button', { name: text.export }).click();
    const list = page.getByRole('region', { name: text.exports });
    await expect(list.getByText(text.ready).first()).toBeVisible({ timeout: 30_000 });
    const link = list.getByRole('link', { name: text.download }).first();
    const [prepared] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect((await csvOf(prepared)).startsWith(`\uFEFF${text.header}`)).toBe(true);
  });
}
