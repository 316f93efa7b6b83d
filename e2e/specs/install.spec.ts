import { expect, test } from '../fixtures/test.ts';

test('links a web app manifest that parses, with its icons, in the page language', async ({ page }) => {
  await page.goto('/?lng=it');
  const href = await page.locator('head link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest?lng=it');
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  const response = await page.request.get(href as string);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Sentiero',
    lang: 'it',
    display: 'standalone',
    start_url: '/?source=pwa',
  });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toContain(icon.type);
  }
});

test('offers to install the app on /app, with the browser dialog when the browser has one', async ({
  page,
}) => {
  await page.goto('/app?lng=it');
  const install = page.getByRole('region', { name: 'Installa Sentiero sul telefono' });
  await expect(install).toContainText('Apri il menu del browser');
  // What Chrome sends when the site can be installed; the page keeps it and offers a button.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        document.documentElement.dataset.installPrompted = 'yes';
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await install.getByRole('button', { name: "Installa l'app" }).click();
  await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toContainText('Fatto! Apri Sentiero dalla schermata Home.');
});

test('tells iPhone users to add the app from Safari’s Share menu', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'it-IT',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await page.goto('/app?lng=it');
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  const install = page.getByRole('region', { name: 'Installa Sentiero sul telefono' });
  await expect(install).toContainText('In Safari, tocca Condividi');
  await expect(install).toContainText('Aggiungi alla schermata Home');
  await context.close();
});
