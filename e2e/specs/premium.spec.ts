import { uniqueEmail } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/** What the Sentiero+ journey reads and presses, word for word, in Italian and German. */
const TEXT = {
  it: {
    query: '?lng=it',
    startTrial: 'Inizia la prova gratuita',
    signUpLink: 'Registrati',
    firstname: 'Nome',
    lastname: 'Cognome',
    email: 'Email',
    password: 'Password',
    country: 'Paese',
    adult: 'Confermo di avere almeno 18 anni',
    terms: 'Accetto i termini e condizioni',
    createAccount: 'Crea account',
    cardNumber: 'Numero della carta',
    cardExpiry: 'Data di scadenza',
    cardCvc: 'Codice di sicurezza (CVC)',
    welcome: 'Benvenuto in Sentiero+!',
    howToStop: 'Puoi disdirlo quando vuoi dal tuo account; dopo il primo pagamento puoi anche sospenderlo.',
    memberAccount: /Il mio account: .*Sentiero\+/,
    ad: 'Pubblicità',
    growthLocked: 'La tabella completa, con ogni giorno della stagione, è inclusa in Sentiero+.',
    dayByDay: 'Giorno per giorno: previsione e segnalazioni',
    yourMembership: 'Il tuo abbonamento',
    choosePlan: 'Scegli il tuo piano',
    yourPrice: /Il tuo prezzo Sentiero\+: 19,80/,
    trialing: 'Prova gratuita',
    cancel: "Disdici l'abbonamento",
    cancelYes: 'Sì, disdici',
    canceled: 'Disdetto',
    stillActive: /resta attivo fino al/,
    uncancel: 'Annulla la disdetta',
    pastDue: 'Pagamento non riuscito',
    pastDueTitle: 'Il pagamento del rinnovo non è riuscito.',
    whatToDo: /aggiorna il metodo di pagamento entro il/,
    changePayment: 'Cambia metodo di pagamento',
    saveAndPay: 'Salva e paga ora',
    active: 'Attivo',
    paymentChanged: 'Il metodo di pagamento è stato aggiornato.',
  },
  de: {
    query: '?lng=de',
    startTrial: 'Kostenlos testen',
    signUpLink: 'Konto erstellen',
    firstname: 'Vorname',
    lastname: 'Nachname',
    email: 'E-Mail',
    password: 'Passwort',
    country: 'Land',
    adult: 'Ich bestätige, dass ich mindestens 18 Jahre alt bin',
    terms: 'Ich akzeptiere die Allgemeinen Geschäftsbedingungen',
    createAccount: 'Konto erstellen',
    cardNumber: 'Kartennummer',
    cardExpiry: 'Ablaufdatum',
    cardCvc: 'Sicherheitscode (CVC)',
    welcome: 'Willkommen bei Sentiero+!',
    howToStop:
      'Sie können jederzeit in Ihrem Konto kündigen; nach der ersten Zahlung können Sie die Mitgliedschaft auch pausieren.',
    memberAccount: /Mein Konto: .*Sentiero\+/,
    ad: 'Anzeige',
    growthLocked: 'Die vollständige Tabelle mit jedem Tag der Saison gibt es mit Sentiero+.',
    dayByDay: 'Tag für Tag: Prognose und Meldungen',
    yourMembership: 'Ihre Mitgliedschaft',
    choosePlan: 'Wählen Sie Ihren Tarif',
    yourPrice: /Ihr Sentiero\+-Preis: 19,80/,
    trialing: 'Kostenlose Testphase',
    cancel: 'Mitgliedschaft kündigen',
    cancelYes: 'Ja, kündigen',
    canceled: 'Gekündigt',
    stillActive: /bleibt bis zum .* aktiv/,
    uncancel: 'Kündigung zurücknehmen',
    pastDue: 'Zahlung fehlgeschlagen',
    pastDueTitle: 'Die Zahlung für die Verlängerung ist fehlgeschlagen.',
    whatToDo: /aktualisieren Sie Ihre Zahlungsart vor dem/,
    changePayment: 'Zahlungsart ändern',
    saveAndPay: 'Speichern und jetzt bezahlen',
    active: 'Aktiv',
    paymentChanged: 'Ihre Zahlungsart wurde aktualisiert.',
  },
} as const;
type Texts = (typeof TEXT)[keyof typeof TEXT];

async function expectNoAds(page: Page, text: Texts) {
  // Slots load when they come near the screen; a member's go once the app has taken the page over.
  await page.mouse.wheel(0, 4000);
  await expect(page.getByRole('complementary', { name: text.ad })).toHaveCount(0);
}

/** Fills and sends the sign-up form on the page, for a new member with this address. */
async function fillSignUp(page: Page, text: Texts, email: string) {
  await page.getByLabel(text.firstname, { exact: true }).fill('Lena');
  await page.getByLabel(text.lastname, { exact: true }).fill('Huber');
  await page.getByLabel(text.email, { exact: true }).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill('Steinpilz2026');
  await page.getByLabel(text.country, { exact: true }).selectOption('IT');
  await page.getByRole('checkbox', { name: text.adult }).check();
  await page.getByRole('checkbox', { name: text.terms }).check();
  await page.getByRole('button', { name: text.createAccount, exact: true }).click();
}

async function fillCard(page: Page, text: Texts, number: string) {
  await page.getByLabel(text.cardNumber).fill(number);
  await page.getByLabel(text.cardExpiry).fill('12/30');
  await page.getByLabel(text.cardCvc).fill('123');
}

for (const [language, text] of Object.entries(TEXT) as [keyof typeof TEXT, Texts][]) {
  test(`a visitor opens Sentiero+, registers, starts the trial with the test card, gets the benefits, cancels and keeps them (${language})`, async ({
    page,
  }) => {
    // Two journeys side by side on a shared two-core machine: a minute is not always enough.
    test.setTimeout(120_000);
    // Before: a visitor sees advertising and the short growth table.
    await page.goto(`/events${text.query}`);
    await expect(page.getByRole('complementary', { name: text.ad }).first()).toBeAttached();

    await page.goto(`/plus${text.query}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sentiero+' })).toBeVisible();
    await expect(page.getByText('24,90 €').first()).toBeVisible();
    // Buying Sentiero+ needs an account: the login page, then its sign-up link, keep the way back.
    await page.getByRole('link', { name: text.startTrial }).first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole('main').getByRole('link', { name: text.signUpLink, exact: true }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=/);

    await fillSignUp(page, text, uniqueEmail());

    // Back on the Sentiero+ page with the chosen plan, as a member.
    await expect(page).toHaveURL(/\/plus/);
    await fillCard(page, text, '4242 4242 4242 4242');
    await page.getByRole('button', { name: text.startTrial }).click();

    await expect(page.getByRole('heading', { name: text.welcome })).toBeVisible();
    // A trial can be cancelled at once, and suspended only once paid (the account offers no more).
    await expect(page.getByText(text.howToStop)).toBeVisible();
    await expect(page.getByRole('link', { name: text.memberAccount })).toBeVisible();

    // Back on the Sentiero+ page, the member reads about their membership, not the plans to choose.
    await page.goto(`/plus${text.query}`);
    await expect(page.getByRole('heading', { level: 2, name: text.yourMembership })).toBeVisible();
    await expect(page.getByRole('heading', { name: text.choosePlan })).toHaveCount(0);

    // The member price of a longer permit is theirs now, not an offer.
    await page.goto(`/event/1${text.query}`);
    await expect(page.getByText(text.yourPrice)).toBeVisible();

    // No advertising for members, and the full growth table.
    await page.goto(`/events${text.query}`);
    await expect(page.getByRole('link', { name: text.memberAccount })).toBeVisible();
    await expectNoAds(page, text);
    // The full growth table: each area's forecast and reports, day by day.
    await page.goto(`/growth${text.query}`);
    const area = page.getByRole('article').first();
    await expect(area).toBeVisible();
    await expect(page.getByText(text.growthLocked)).toHaveCount(0);
    await area.getByText(text.dayByDay).click();
    await expect(area.getByRole('table')).toBeVisible();
    expect(await area.getByRole('rowheader').count()).toBeGreaterThan(10);

    // Cancelled, it stays until its last day, and can be undone.
    await page.goto(`/user${text.query}`);
    await expect(page.getByText(text.trialing).first()).toBeVisible();
    await page.getByRole('button', { name: text.cancel }).click();
    await page.getByRole('button', { name: text.cancelYes }).click();
    await expect(page.getByText(text.canceled).first()).toBeVisible();
    await expect(page.getByText(text.stillActive).first()).toBeVisible();
    await expect(page.getByRole('button', { name: text.uncancel })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: text.memberAccount })).toBeVisible();
  });
}

for (const [language, text] of Object.entries(TEXT) as [keyof typeof TEXT, Texts][]) {
  test(`a member whose renewal fails is told to update the payment method, and a working card makes the membership active again (${language})`, async ({
    page,
  }) => {
    // Two journeys side by side on a shared two-core machine: a minute is not always enough.
    test.setTimeout(120_000);
    const email = uniqueEmail();
    await page.goto(`/signup${text.query}&redirectTo=${encodeURIComponent('/plus')}`);
    await fillSignUp(page, text, email);
    await expect(page).toHaveURL(/\/plus/);
    // Stripe's test card that is saved without trouble and then fails every charge.
    await fillCard(page, text, '4000 0000 0000 0341');
    await page.getByRole('button', { name: text.startTrial }).click();
    await expect(page.getByRole('heading', { name: text.welcome })).toBeVisible();

    // The trial ends: the renewal job charges the saved card as it will on the trial's last day
    // (outside production, /dev/subscription/renew runs it for this one member now).
    const renewal = await page.request.post(`/dev/subscription/renew?email=${encodeURIComponent(email)}`);
    expect(renewal.ok()).toBe(true);
    expect((await renewal.json()).outcome).toBe('failed');

    // The account screen says what happened and what to do, and the member keeps the benefits meanwhile.
    await page.goto(`/user${text.query}`);
    await expect(page.getByText(text.pastDue, { exact: true })).toBeVisible();
    await expect(page.getByText(text.pastDueTitle)).toBeVisible();
    await expect(page.getByText(text.whatToDo)).toBeVisible();
    await expect(page.getByRole('link', { name: text.memberAccount })).toBeVisible();

    // A working card is charged at once: the membership is active and paid again.
    await page.getByRole('button', { name: text.changePayment }).click();
    await fillCard(page, text, '4242 4242 4242 4242');
    await page.getByRole('button', { name: text.saveAndPay }).click();
    await expect(page.getByText(text.paymentChanged)).toBeVisible();
    await expect(page.getByText(text.active, { exact: true })).toBeVisible();
    await expect(page.getByText(text.pastDueTitle)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(text.active, { exact: true })).toBeVisible();
    await expect(page.getByText(text.pastDueTitle)).toHaveCount(0);
  });
}
