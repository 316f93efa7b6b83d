import sharp from 'sharp';
import { codeOnPage, enterStaffCode, findMailLink, totpCode, uniqueEmail } from '../fixtures/accounts.ts';
import { type APIRequestContext, expect, type Page, test } from '../fixtures/test.ts';

/*
 * The console's catalogue (issue 23): a member of an operator's staff adds a ticket with a photo
 * and a closed day and publishes it; the shop's event page shows the photo and refuses the closed
 * day. An accountant's role does not include the catalogue: no link to it, and a plain refusal.
 */

const PASSWORD = 'Console-demo-2026';
const STAFF = {
  admin: { email: 'admin@console.sentiero.localhost', key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
  manager: { email: 'manager@console.sentiero.localhost', key: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' },
};

const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    code: 'Code',
    continue: 'Continue',
    nav: 'Console sections',
    catalogue: 'Catalogue',
    newTicket: 'New ticket',
    languageTab: { it: 'Italian', en: 'English' },
    title: 'Title',
    description: 'Description',
    rules: 'Rules',
    category: 'Category',
    activity: 'Activity',
    freeUntilDayBefore: 'Free until the day before',
    price: 'Price (€)',
    capacity: 'Places per day',
    saveDraft: 'Save draft',
    draft: 'This ticket is a draft: it is not in the shop.',
    photoFile: 'Photo (JPEG, PNG, WebP or AVIF, up to 15 MB)',
    photoAlt: 'What it shows (English)',
    upload: 'Upload photo',
    photos: 'Photos',
    goToDay: 'Go to day',
    closeDay: 'Close this day',
    reason: 'Reason (kept in the log)',
    saveDay: 'Save day',
    closedBy: 'Closed: Regatta on the lake',
    publish: 'Publish',
    published: 'This ticket is published: it is listed and on sale.',
    availability: 'Availability',
    closedOnDay: 'Closed on this day',
    notOpen: 'The activity is not open on this day',
    notAPhoto: 'This file is not a photo we can read: send a JPEG, PNG, WebP or AVIF image',
  },
  it: {
    email: 'Email',
    password: 'Password',
    signIn: 'Accedi',
    code: 'Codice',
    continue: 'Continua',
    nav: 'Sezioni della console',
    catalogue: 'Catalogo',
    newTicket: 'Nuovo biglietto',
    languageTab: { it: 'Italiano', en: 'Inglese' },
    title: 'Titolo',
    description: 'Descrizione',
    rules: 'Regole',
    category: 'Categoria',
    activity: 'Attività',
    freeUntilDayBefore: 'Gratuita fino al giorno prima',
    price: 'Prezzo (€)',
    capacity: 'Posti al giorno',
    saveDraft: 'Salva bozza',
    draft: 'Questo biglietto è una bozza: non è nel negozio.',
    photoFile: 'Foto (JPEG, PNG, WebP o AVIF, fino a 15 MB)',
    photoAlt: 'Cosa mostra (inglese)',
    upload: 'Carica foto',
    photos: 'Foto',
    goToDay: 'Vai al giorno',
    closeDay: 'Chiudi questo giorno',
    reason: 'Motivo (resta nel registro)',
    saveDay: 'Salva il giorno',
    closedBy: 'Chiuso: Regatta on the lake',
    publish: 'Pubblica',
    published: 'Questo biglietto è pubblicato: è in elenco e in vendita.',
    availability: 'Disponibilità',
    closedOnDay: 'Chiuso in questo giorno',
    notOpen: "L'attività non è aperta in questo giorno",
    notAPhoto: "Questo file non è una foto leggibile: invia un'immagine JPEG, PNG, WebP o AVIF",
  },
} as const;
type Language = keyof typeof TEXT;

async function signIn(page: Page, language: Language, staff: { email: string; key: string }) {
  const text = TEXT[language];
  await page.goto(`/console?lng=${language}`);
  await page.getByLabel(text.email).fill(staff.email);
  await page.getByLabel(text.password).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
  await enterStaffCode(staff.key, codeOnPage(page, { label: text.code, submit: text.continue }));
  await expect(page.getByRole('navigation', { name: text.nav })).toBeVisible();
}

/** The first area the signed-in staff member runs that is open for sale. */
async function openArea(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/console/catalogue/areas?lng=en');
  expect(answer.ok()).toBe(true);
  const { areas } = (await answer.json()) as { areas: { id: number; available: boolean }[] };
  const area = areas.find((candidate) => candidate.available);
  if (!area) throw new Error('the staff member runs no open area');
  return area.id;
}

/** A day a few days ahead, in the first four weeks the event page's calendar shows. */
const closedDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const longDate = (date: string, language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const CASES = [
  { language: 'en', staff: STAFF.admin, offset: 3 },
  { language: 'it', staff: STAFF.manager, offset: 4 },
] as const;

for (const { language, staff, offset } of CASES) {
  test(`${language}: a ticket with a photo and a closed day is published; the event page shows the photo and refuses the day`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    await signIn(page, language, staff);
    await page
      .getByRole('navigation', { name: text.nav })
      .getByRole('link', { name: text.catalogue })
      .click();
    await expect(page.getByRole('heading', { name: text.catalogue, exact: true })).toBeVisible();

    const area = await openArea(page.request);
    await page.goto(`/console/catalogue/new?area=${area}&lng=${language}`);
    const title = `Canoa al tramonto ${Date.now()}`;
    for (const tab of ['it', 'en'] as const) {
      await page.getByRole('tab', { name: new RegExp(`^${text.languageTab[tab]}`) }).click();
      const suffix = ` (${tab.toUpperCase()})`;
      await page
        .getByLabel(text.title + suffix, { exact: true })
        .fill(tab === 'it' ? title : `Sunset canoe ${title.slice(-13)}`);
      await page
        .getByLabel(text.description + suffix, { exact: true })
        .fill('Due ore in canoa sul lago, con la guida.');
      await page
        .getByLabel(text.rules + suffix, { exact: true })
        .fill('Giubbotto salvagente sempre allacciato.');
    }
    await page.getByLabel(text.category, { exact: true }).selectOption({ index: 1 });
    await page.getByLabel(text.activity, { exact: true }).selectOption({ index: 1 });
    await page.getByRole('radio', { name: text.freeUntilDayBefore }).check();
    await page.getByLabel(text.price, { exact: true }).fill('35');
    await page.getByLabel(text.capacity, { exact: true }).fill('8');
    await page.getByRole('button', { name: text.saveDraft }).click();
    await expect(page).toHaveURL(/\/console\/catalogue\/ticket\/\d+/);
    await expect(page.getByText(text.draft)).toBeVisible();
    const ticketId = Number(new URL(page.url()).pathname.split('/').pop());

    // A file that is not a photo is refused with its message, whatever its name.
    const photos = page.getByRole('region', { name: text.photos, exact: true });
    await photos.getByLabel(text.photoFile, { exact: true }).setInputFiles({
      name: 'canoe.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not a photo'),
    });
    await photos.getByRole('button', { name: text.upload }).click();
    await expect(photos.getByText(text.notAPhoto)).toBeVisible();

    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6f8f' } })
      .jpeg()
      .toBuffer();
    await photos
      .getByLabel(text.photoFile, { exact: true })
      .setInputFiles({ name: 'canoe.jpg', mimeType: 'image/jpeg', buffer: photo });
    await photos.getByLabel(text.photoAlt, { exact: true }).fill('Two canoes on a calm lake at sunset');
    await photos.getByRole('button', { name: text.upload }).click();
    await expect(photos.getByRole('img', { name: 'Two canoes on a calm lake at sunset' })).toBeVisible({
      timeout: 30_000,
    });

    const day = closedDay(offset);
    await page.getByLabel(text.goToDay, { exact: true }).fill(day);
    await page.getByLabel(text.closeDay, { exact: true }).check();
    await page.getByLabel(text.reason, { exact: true }).fill('Regatta on the lake');
    await page.getByRole('button', { name: text.saveDay }).click();
    await expect(page.getByText(text.closedBy).first()).toBeVisible();

    await page.getByRole('button', { name: text.publish, exact: true }).click();
    await expect(page.getByText(text.published)).toBeVisible();

    // The shop: the operator's photo instead of the drawing, and the closed day closed.
    await page.goto(`/event/${ticketId}?lng=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      language === 'it' ? title : 'Sunset canoe',
    );
    const picture = page.locator('picture img').first();
    await expect(picture).toHaveAttribute('src', /\/api\/app\/catalogue\/photo\/file/);
    await expect(picture).toHaveAttribute('alt', 'Two canoes on a calm lake at sunset');
    const calendar = page.getByRole('region', { name: text.availability });
    await expect(calendar.getByText(`${longDate(day, language)}, ${text.closedOnDay}`)).toBeAttached();
    await expect(calendar.getByRole('link', { name: new RegExp(`^${longDate(day, language)}`) })).toHaveCount(
      0,
    );

    // Sent straight to the closed day, the guests step says why it cannot be chosen.
    await page.goto(`/event/${ticketId}/guests?date=${day}&lng=${language}`);
    await expect(page.getByText(text.notOpen).first()).toBeVisible();
  });
}

test('an accountant has no catalogue: no link to it, and a plain refusal at its address', async ({
  browser,
  request,
}) => {
  // The admin invites an accountant of the demo operator through the API, as the team screen does.
  const login = await request.post('/api/console/login?lng=en', {
    form: { email: STAFF.admin.email, password: PASSWORD },
  });
  expect(login.ok()).toBe(true);
  await enterStaffCode(STAFF.admin.key, async (code) =>
    (await request.post('/api/console/login/code?lng=en', { form: { code } })).ok(),
  );
  const team = (await (await request.get('/api/console/team?lng=en')).json()) as {
    operators: { id: number; slug: string }[];
  };
  const operator =
    team.operators.find((candidate) => candidate.slug === 'ente-parchi-appennino') ?? team.operators[0];
  const email = uniqueEmail();
  const invited = await request.post('/api/console/team/invite?lng=en', {
    form: { email, role: 'accountant', operator_id: String(operator?.id), language: 'en' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
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
