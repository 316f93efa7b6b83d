import { expect, openConsole, otherBrowser, test } from '../fixtures/staff.ts';
import { buyAsNewMember, findStaffTicket } from '../fixtures/tickets.ts';

/*
 * The console's coupons, figures and statements (issue 23), each a short journey of the demo park
 * authority's staff (fixtures/staff.ts): a manager makes a coupon and finds it in the list; after a
 * sale, a manager reads the figures as a chart and a table and downloads their CSV; an accountant
 * opens a month's statement, whose PDF link answers a PDF.
 */

const OPERATOR = "Ente Parchi dell'Appennino Centrale e Meridionale";

test.describe('a manager', () => {
  test.use({ consoleAs: 'manager' });
  test.describe.configure({ timeout: 45_000 });

  test('makes a 15 % coupon for one of their areas and finds it in the list (en)', async ({ page }) => {
    await openConsole(page, 'en');
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Coupons' })
      .click();
    await expect(page.getByRole('heading', { name: 'Coupons', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New coupon' }).click();

    const form = page.getByRole('form', { name: 'New coupon' });
    const code = `LAGO-${Date.now().toString(36).toUpperCase()}`;
    await form.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await expect(form.getByRole('combobox', { name: 'Operator' })).toHaveValue(/^\d+$/);
    await form.getByRole('combobox', { name: 'Kind of discount' }).selectOption('percent');
    await form.getByRole('textbox', { name: 'Percentage (1–100)' }).fill('15');
    // Nothing ticked: the form says what the coupon must apply to, and makes nothing.
    await form.getByRole('button', { name: 'Create the coupon' }).click();
    await expect(
      form.getByRole('group', { name: 'Applies to' }).getByText('Choose at least one area or ticket.'),
    ).toBeVisible();

    await form
      .getByRole('checkbox', { name: /\(every ticket\)$/ })
      .first()
      .check();
    await form.getByRole('button', { name: 'Create the coupon' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('list', { name: 'Coupons' }).getByRole('listitem').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('15%');
    await expect(row).toContainText('1 area');
  });

  test('reads the figures as a chart and a table after a sale, and downloads them as CSV (en)', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A member buys a place of one of the operator's tickets today.
    const ticket = await findStaffTicket(page.request);
    const buyer = await otherBrowser(browser);
    await buyAsNewMember(buyer.context.request, String(baseURL), ticket);
    await buyer.context.close();

    await openConsole(page, 'en');
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Figures' })
      .click();
    await expect(page.getByRole('heading', { name: 'Figures', exact: true })).toBeVisible();
    const sales = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Sales and refunds' }) });
    await expect(sales.getByRole('img', { name: /^Net sales per period/ })).toBeVisible();
    const table = sales.getByRole('table', { name: 'Sales and refunds' });
    await expect(table.getByRole('row').filter({ hasText: OPERATOR }).first()).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sales.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain(OPERATOR);
  });
});

test.describe('an accountant', () => {
  test.use({ consoleAs: 'accountant' });
  test.describe.configure({ timeout: 45_000 });

  test("opens this month's statement, whose PDF link answers a PDF (it)", async ({ page }) => {
    const month = new Date().toISOString().slice(0, 7);
    await openConsole(page, 'it');
    await page
      .getByRole('navigation', { name: 'Sezioni della console' })
      .getByRole('link', { name: 'Estratti conto' })
      .click();
    await expect(page.getByRole('heading', { name: 'Estratti conto', exact: true })).toBeVisible();
    await page.getByLabel('Mese', { exact: true }).fill(month);
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    await expect(page.getByRole('heading', { level: 2, name: OPERATOR })).toBeVisible();

    const pdf = page.getByRole('link', { name: 'Scarica PDF' });
    const href = await pdf.getAttribute('href');
    expect(href).toContain(`month=${month}`);
    const answer = await page.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
