import { codeOnPage, enterStaffCode } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/*
 * A ranger's growth observation (issue 23, item 4; ADR 040), in Italian: the demo ranger of the
 * Sila (apps/api/src/modules/staff/demo-staff.ts) signs in, records "Buona" for today from the
 * console's growth screen, sees it among the recent observations, and the public growth table
 * shows it beside the forecast.
 */

const RANGER = {
  email: 'ranger@console.sentiero.localhost',
  password: 'Console-demo-2026',
  key: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
};

/**
 * Password, then the authenticator's code. A code is accepted once: if another journey signed the
 * ranger in within the same 30 seconds, the next time step's code is taken.
 */
async function signInRanger(page: Page) {
  await page.goto('/console?lng=it');
  await expect(page.getByRole('heading', { name: 'Accedi alla console' })).toBeVisible();
  await page.getByLabel('Email').fill(RANGER.email);
  await page.getByLabel('Password').fill(RANGER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Codice di autenticazione' })).toBeVisible();
  await enterStaffCode(RANGER.key, codeOnPage(page, { label: 'Codice', submit: 'Continua' }));
  await expect(page.getByRole('heading', { name: 'Ciao, Demo Ranger' })).toBeVisible();
}

test('a ranger records "Buona" for the Sila today, and the public growth table shows it beside the forecast (it)', async ({
  page,
  browser,
}) => {
  await signInRanger(page);
  await page
    .getByRole('navigation', { name: 'Sezioni della console' })
    .getByRole('link', { name: 'Crescita' })
    .click();
  await expect(page.getByRole('heading', { name: 'Osservazioni sulla crescita' })).toBeVisible();
  await expect(page.getByLabel('Zona')).toHaveValue(/\d+/);
  const form = page.getByRole('form', { name: /Che cosa hai visto in Sila/ });
  await expect(form).toBeVisible();
  // Sending without a level says what is missing and records nothing.
  await form.getByRole('button', { name: 'Registra l’osservazione' }).click();
  await expect(form.getByText('Scegli il livello che hai visto.')).toBeVisible();

  await form.getByText('Buona', { exact: true }).click();
  await form.getByLabel('Specie (facoltativa)').selectOption('boletus-edulis');
  await form.getByLabel('Nota (facoltativa)').fill('Porcini giovani sotto i faggi, versante nord');
  await form.getByRole('button', { name: 'Registra l’osservazione' }).click();
  await expect(form.getByText(/^Registrata: Buona il/)).toBeVisible();

  const recent = page.getByRole('region', { name: 'Osservazioni recenti' });
  await expect(recent.getByText('Porcini giovani sotto i faggi, versante nord')).toBeVisible();
  await expect(recent.getByText('Demo Ranger · Guardia', { exact: false })).toBeVisible();
  await expect(recent.getByRole('button', { name: 'Correggi' })).toBeVisible();

  // A visitor's growth table: the staff's observation beside today's forecast.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/growth?lng=it');
  const table = visitor.getByRole('table', { name: 'Tabella di crescita dei funghi' });
  await expect(table).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('columnheader', { name: /Osservazione ufficiale/ })).toBeVisible();
  const row = table.getByRole('row').filter({ has: visitor.getByRole('rowheader', { name: /^Sila/ }) });
  const official = row.getByRole('cell').nth(1);
  await expect(official.getByText('Buona', { exact: true })).toBeVisible();
  await expect(official.getByText('Porcino', { exact: true })).toBeVisible();
  await context.close();
});
