import { expect, openConsole, test } from '../fixtures/staff.ts';

/*
 * A ranger's growth observation (issue 23, item 4; ADR 040), in Italian: a ranger of the demo park
 * authority narrowed to the Sila (fixtures/staff.ts) records "Buona" for today from the console's
 * growth screen, sees it among the recent observations, and the public growth table shows it
 * beside the forecast.
 */

test.use({ consoleAs: 'ranger' });

test('a ranger records "Buona" for the Sila today, and the public growth table shows it beside the forecast (it)', async ({
  page,
  browser,
  staff,
}) => {
  const name = staff?.name ?? '';
  // The ranger's browser is signed in: the console opens on their home.
  await openConsole(page, 'it');
  await expect(page.getByRole('heading', { name: `Ciao, ${name}` })).toBeVisible();
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
  await expect(recent.getByText(`${name} · Guardia`, { exact: false })).toBeVisible();
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
