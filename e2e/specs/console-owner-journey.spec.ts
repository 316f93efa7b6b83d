import { findMailLink, totpCode, uniqueEmail } from '../fixtures/accounts.ts';
import {
  CATALOGUE_TEXT,
  closeDayAndPublish,
  createDraftTicket,
  dayAhead,
  expectOnTheShop,
  uploadPhoto,
} from '../fixtures/catalogue.ts';
import { expect, openConsole, otherBrowser, test } from '../fixtures/staff.ts';

/*
 * An operator's owner from the invitation to the shop (issue 23), in Italian and in English:
 * Sentiero's demo admin invites a new owner of the demo park authority from the console's team
 * screen; the owner opens the invitation from the development mailbox, chooses a password, sets up
 * an authenticator, adds a ticket with a photo to the catalogue, closes a day with a reason and
 * publishes it; the shop's event page shows the photo and refuses the closed day.
 */

const OPERATOR = "Ente Parchi dell'Appennino Centrale e Meridionale";

const TEXT = {
  it: {
    nav: 'Sezioni della console',
    team: 'Team',
    operator: 'Operatore',
    invite: `Invita qualcuno in ${OPERATOR}`,
    role: 'Ruolo',
    owner: 'Titolare',
    mailLanguage: "Lingua dell'email di invito",
    send: "Invia l'invito",
    sent: 'Invito inviato per email.',
    join: 'Entra nella console',
    invited: `Sei invitato come Titolare per ${OPERATOR}.`,
    name: 'Il tuo nome',
    choosePassword: 'Scegli una password',
    createAccount: 'Crea il mio account',
    signInTitle: 'Accedi alla console',
    signIn: 'Accedi',
    enrolTitle: "Configura l'app di autenticazione",
    code: 'Codice',
    next: 'Continua',
    greeting: 'Ciao, Lucia Boschi',
  },
  en: {
    nav: 'Console sections',
    team: 'Team',
    operator: 'Operator',
    invite: `Invite someone to ${OPERATOR}`,
    role: 'Role',
    owner: 'Owner',
    mailLanguage: 'Language of the invitation email',
    send: 'Send the invitation',
    sent: 'Invitation sent by email.',
    join: 'Join the console',
    invited: `You are invited as Owner for ${OPERATOR}.`,
    name: 'Your name',
    choosePassword: 'Choose a password',
    createAccount: 'Create my account',
    signInTitle: 'Sign in to the console',
    signIn: 'Sign in',
    enrolTitle: 'Set up your authenticator',
    code: 'Code',
    next: 'Continue',
    greeting: 'Hello, Lucia Boschi',
  },
} as const;

// The demo admin's browser is signed in with the run's one session of theirs (fixtures/staff.ts).
test.use({ consoleAs: 'demo-admin' });
// Set before the fixtures run, so the time they add for making a staff account comes on top.
test.describe.configure({ timeout: 90_000 });

const CASES = [
  { language: 'it', closedIn: 5 },
  { language: 'en', closedIn: 6 },
] as const;

for (const { language, closedIn } of CASES) {
  test(`${language}: the admin invites an owner, who joins from the mail, enrols an authenticator and publishes a ticket with a photo and a closed day that the shop shows`, async ({
    page,
    browser,
    request,
  }) => {
    const text = TEXT[language];

    // The admin invites a new owner of the park authority from the team screen.
    await openConsole(page, language);
    await page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.team }).click();
    await expect(page.getByRole('heading', { name: text.team, exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: text.operator }).selectOption({ label: OPERATOR });
    const form = page.getByRole('form', { name: text.invite });
    const owner = uniqueEmail();
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(owner);
    await form.getByRole('combobox', { name: text.role, exact: true }).selectOption({ label: text.owner });
    await form.getByRole('combobox', { name: text.mailLanguage }).selectOption(language);
    await form.getByRole('button', { name: text.send }).click();
    await expect(form.getByText(text.sent, { exact: false })).toBeVisible();

    // The owner, in a browser of their own, follows the mail's link.
    const link = await findMailLink(request, owner, '/console/invitation/');
    const { context, page: newcomer } = await otherBrowser(browser);
    await newcomer.goto(`${link}?lng=${language}`);
    await expect(newcomer.getByRole('heading', { name: text.join })).toBeVisible();
    await expect(newcomer.getByText(text.invited)).toBeVisible();
    await newcomer.getByLabel(text.name).fill('Lucia Boschi');
    await newcomer.getByLabel(text.choosePassword).fill('Boschi-Titolare-2026');
    await newcomer.getByRole('button', { name: text.createAccount }).click();

    await expect(newcomer.getByRole('heading', { name: text.signInTitle })).toBeVisible();
    await newcomer.getByLabel('Email').fill(owner);
    await newcomer.getByLabel('Password').fill('Boschi-Titolare-2026');
    await newcomer.getByRole('button', { name: text.signIn }).click();

    // The key the enrolment screen shows, typed into an authenticator: its code completes the sign-in.
    await expect(newcomer.getByRole('heading', { name: text.enrolTitle })).toBeVisible();
    const secret = (await newcomer.locator('code').first().textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await newcomer.getByLabel(text.code).fill(totpCode(secret));
    await newcomer.getByRole('button', { name: text.next }).click();
    await expect(newcomer.getByRole('heading', { name: text.greeting })).toBeVisible();

    // The catalogue: a new ticket with a photo and a closed day, published.
    const catalogue = CATALOGUE_TEXT[language];
    await newcomer
      .getByRole('navigation', { name: text.nav })
      .getByRole('link', { name: catalogue.catalogue })
      .click();
    await expect(newcomer.getByRole('heading', { name: catalogue.catalogue, exact: true })).toBeVisible();
    const ticket = await createDraftTicket(newcomer, language);
    await uploadPhoto(newcomer, language);
    const day = dayAhead(closedIn);
    await closeDayAndPublish(newcomer, language, day);
    await context.close();

    // A visitor of the shop sees the photo and cannot choose the closed day.
    const shop = await otherBrowser(browser);
    await expectOnTheShop(shop.page, language, ticket, day);
    await shop.context.close();
  });
}
