import { becomePlusMember } from '../fixtures/accounts.ts';
import { waitUntilKeptOffline } from '../fixtures/offline.ts';
import { devices, expect, test } from '../fixtures/test.ts';

const { defaultBrowserType: _chromiumAnyway, ...phone } = devices['Pixel 7'];
test.use({ ...phone, locale: 'it-IT', serviceWorkers: 'allow' });

/** What the reader reads, word for word, in Italian. */
const TEXT = {
  query: '?lng=it',
  guide: 'Amanita phalloides: il fungo che uccide e con cosa la si confonde',
  safety: 'Prima di mangiare un fungo',
  sample: 'Riconoscerla: cappello, anello, volva',
  locked: 'Il resto della guida è incluso in Sentiero+',
  join: 'Scopri Sentiero+',
  species: 'Tignosa verdognola',
  deadly: 'Mortale',
  membersOnly: 'I sintomi e cosa fare',
  contents: 'In questa guida',
  saved: 'Salvata su questo telefono: puoi leggerla anche senza rete.',
  offline: /^Sei offline: stai leggendo la copia salvata su questo telefono il \d+ \w+ \d{4}\.$/,
};

test('a Sentiero+ member reads a whole guide on the phone, loses the network, reloads and still reads it (it)', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A visitor: the free first part and the safety warning, the rest behind the Sentiero+ invitation.
  await page.goto(`/guides${TEXT.query}`);
  await page.getByRole('link', { name: TEXT.guide }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXT.guide })).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.safety })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: TEXT.sample })).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.locked })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXT.join })).toBeVisible();
  await expect(page.getByRole('article', { name: TEXT.species })).toHaveCount(0);

  // The same phone, now a Sentiero+ member: the whole guide, kept on the phone.
  await becomePlusMember(page, baseURL ?? '');
  await page.reload();
  await expect(page.getByRole('navigation', { name: TEXT.contents }).getByText(TEXT.saved)).toBeVisible();
  await expect(
    page.getByRole('article', { name: TEXT.species }).getByText(TEXT.deadly, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: TEXT.membersOnly })).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.locked })).toHaveCount(0);
  await waitUntilKeptOffline(page);
  // The server brought the page's words inline; the worker keeps the files for the offline page.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        Boolean(await caches.match('/locales/it/guides.json', { ignoreSearch: true })),
      ),
    )
    .toBe(true);

  // In the wood, no signal.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(TEXT.offline)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TEXT.guide })).toBeVisible();
  await expect(page.getByRole('heading', { name: TEXT.safety })).toBeVisible();
  await expect(
    page.getByRole('article', { name: TEXT.species }).getByText(TEXT.deadly, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: TEXT.membersOnly })).toBeVisible();
});
