import { readFile } from 'node:fs/promises';
import { expect, openConsole, test } from '../fixtures/staff.ts';

/*
 * A manager exports the orders of a search (issue 23; ADR 035, 041): at once when the search is
 * small, or prepared in the background, when the Exports list shows it ready with its download.
 * The manager is the worker's own (fixtures/staff.ts), already signed in: the sign-in screens are
 * console.spec.ts's, and the demo manager's codes are not shared with journeys running beside it.
 */

test.use({ consoleAs: 'manager' });

const TEXT = {
  it: {
    background: 'Prepara in background',
    export: 'Esporta CSV',
    exports: 'Esportazioni',
    ready: 'Pronta',
    download: /^Scarica ordini-\d{4}-\d\d-\d\d\.csv$/,
    header: 'Ordine;Stato;Creato',
  },
  en: {
    background: 'Prepare in the background',
    export: 'Export CSV',
    exports: 'Exports',
    ready: 'Ready',
    download: /^Download orders-\d{4}-\d\d-\d\d\.csv$/,
    header: 'Order;State;Created',
  },
} as const;

async function csvOf(download: { path(): Promise<string> }): Promise<string> {
  return (await readFile(await download.path())).toString('utf8');
}

for (const lng of ['it', 'en'] as const) {
  test(`a manager exports a search at once, then in the background, and takes the prepared file (${lng})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lng];
    await openConsole(page, lng);
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
