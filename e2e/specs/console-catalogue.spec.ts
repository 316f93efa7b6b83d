import { findMailLink, totpCode, uniqueEmail } from '../fixtures/accounts.ts';
import {
  CATALOGUE_TEXT,
  closeDayAndPublish,
  createDraftTicket,
  dayAhead,
  expectOnTheShop,
  uploadPhoto,
} from '../fixtures/catalogue.ts';
import { demoAdminRequest, expect, openConsole, test } from '../fixtures/staff.ts';

/*
 * The console's catalogue (issue 23): a member of an operator's staff adds a ticket with a photo
 * and a closed day and publishes it; the shop's event page shows the photo and refuses the closed
 * day. An accountant's role does not include the catalogue: no link to it, and a plain refusal.
 */

const CASES = [
  { language: 'en', staff: 'admin', offset: 3 },
  { language: 'it', staff: 'manager', offset: 4 },
] as const;

for (const { language, staff, offset } of CASES)
  test.describe(() => {
    test.use({ consoleAs: staff });
    test.describe.configure({ timeout: 90_000 });
    test(`${language}: a ticket with a photo and a closed day is published; the event page shows the photo and refuses the day`, async ({
      page,
    }) => {
      const text = CATALOGUE_TEXT[language];
      await openConsole(page, language);
      await page
        .getByRole('navigation', { name: text.nav })
        .getByRole('link', { name: text.catalogue })
        .click();
      await expect(page.getByRole('heading', { name: text.catalogue, exact: true })).toBeVisible();
      const ticket = await createDraftTicket(page, language);

      // A file that is not a photo is refused with its message, whatever its name.
      const photos = page.getByRole('region', { name: text.photos, exact: true });
      await photos.getByLabel(text.photoFile, { exact: true }).setInputFiles({
        name: 'canoe.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('this is not a photo'),
      });
      await photos.getByRole('button', { name: text.upload }).click();
      await expect(photos.getByText(text.notAPhoto)).toBeVisible();

      await uploadPhoto(page, language);
      const day = dayAhead(offset);
      await closeDayAndPublish(page, language, day);
      await expectOnTheShop(page, language, ticket, day);
    });
  });

test('an accountant has no catalogue: no link to it, and a plain refusal at its address', async ({
  browser,
  request,
  baseURL,
}) => {
  // The demo admin invites an accountant of the demo operator through the API, as the team screen does.
  const admin = await demoAdminRequest(String(baseURL));
  const team = (await (await admin.get('/api/console/team?lng=en')).json()) as {
    operators: { id: number; slug: string }[];
  };
  const operator =
    team.operators.find((candidate) => candidate.slug === 'ente-parchi-appennino') ?? team.operators[0];
  const email = uniqueEmail();
  const invited = await admin.post('/api/console/team/invite?lng=en', {
    form: { email, role: 'accountant', operator_id: String(operator?.id), language: 'en' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await admin.dispose();
  const link = await findMailLink(request, email, '/console/invitation/');
  const token = link.split('/').pop() ?? '';
  const accepted = await request.post('/api/console/invitation/accept?lng=en', {
    form: { token, name: 'Anna Contabile', password: 'Contabile-2026' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  const context = await browser.newContext();
  const accountant = await context.newPage();
  await accountant.goto('/console?lng=en');
  await accountant.getByLabel('Email').fill(email);
  await accountant.getByLabel('Password').fill('Contabile-2026');
  await accountant.getByRole('button', { name: 'Sign in' }).click();
  await expect(accountant.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  const secret = (await accountant.locator('code').first().textContent())?.trim() ?? '';
  await accountant.getByLabel('Code').fill(totpCode(secret));
  await accountant.getByRole('button', { name: 'Continue' }).click();
  const nav = accountant.getByRole('navigation', { name: 'Console sections' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Catalogue' })).toHaveCount(0);

  await accountant.goto('/console/catalogue?lng=en');
  await expect(accountant.getByRole('alert')).toContainText('Your role does not include the catalogue.');
  await accountant.goto('/console/catalogue?lng=it');
  await expect(accountant.getByRole('alert')).toContainText('Il tuo ruolo non comprende il catalogo.');
  // And the API says the same, whatever the screen shows.
  expect((await accountant.request.get('/api/console/catalogue/tickets?lng=en')).status()).toBe(403);
  await context.close();
});
