import { contactMessages, newsletterSubscriptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { type ServiceContext, systemClock } from '../../platform/context.ts';
import { mailboxTransport } from '../../platform/mail.ts';
import { createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { runIssueSend } from './issue-jobs.ts';
import { createIssueDraft, sendIssueNow } from './issues.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ OPERATOR_EMAIL: 'operator@sentiero.test' });
});
afterAll(() => sut.close());

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.es`;

const linkToken = (text: string | undefined, path: string) =>
  decodeURIComponent(text?.match(new RegExp(`${path}\\?token=([\\w%-]+)`))?.[1] ?? '');

async function subscribeVisitor(email: string, language = 'es') {
  const response = await createBrowser(sut).post(`/api/app/user/newsletter?lng=${language}`, {
    subscribed: 'true',
    email,
  });
  expect(response.json()).toEqual({ newsletter: 'pending' });
  const [mail] = await waitForMail(sut, email);
  return linkToken(mail?.text, '/newsletter/confirm');
}

describe('newsletter double opt-in', () => {
  it('subscribes a visitor only once the mailed link is opened, and stores when consent was given', async () => {
    const email = uniqueEmail('lucia');
    const token = await subscribeVisitor(email);
    const [pending] = await sut.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(pending).toMatchObject({ status: 'pending', consentedAt: null, language: 'es' });

    const confirmed = await createBrowser(sut).post('/api/app/newsletter/confirm', { token });
    expect(confirmed.json()).toEqual({ newsletter: 'subscribed' });
    const [row] = await sut.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(row?.status).toBe('confirmed');
    expect(row?.consentedAt).toBeInstanceOf(Date);

    const twice = await createBrowser(sut).post('/api/app/newsletter/confirm?lng=en', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('This link is no longer valid, please ask for a new one');
  });

  it('puts a working unsubscribe link, and one-click headers, in every newsletter mail', async () => {
    const email = uniqueEmail('pablo');
    await createBrowser(sut).post('/api/app/newsletter/confirm', { token: await subscribeVisitor(email) });
    const ctx = operatorContext();
    const staff = { staffId: 1 };
    const { after } = await createIssueDraft(
      ctx,
      {
        subject: { es: 'Temporada de setas', en: 'Mushroom season' },
        body: { es: 'Setas.', en: 'Porcini.' },
      },
      staff,
    );
    const queued: number[] = [];
    const queue = { queueIssueSend: async (issueId: number) => void queued.push(issueId) };
    await sendIssueNow(ctx, queue, after.id, staff);
    expect(queued).toEqual([after.id]);
    await runIssueSend({ ...ctx, brand: ctx.config.brand, ...queue }, after.id);
    const [issue] = await waitForMail(sut, email, 2);
    expect(issue?.subject).toContain('Temporada de setas');
    const token = linkToken(issue?.text, '/newsletter/unsubscribe');
    expect(issue?.html).toContain('/newsletter/unsubscribe?token=');

    const gone = await createBrowser(sut).post('/api/app/newsletter/unsubscribe', { token });
    expect(gone.json()).toEqual({ newsletter: 'unsubscribed' });
    const oneClick = await sut.app.inject({
      method: 'POST',
      url: `/api/app/newsletter/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
  });

  it('lets a member switch the newsletter on and off from the account', async () => {
    const browser = createBrowser(sut);
    const email = uniqueEmail('member');
    await browser.post('/api/app/user/register?lng=en', {
      firstname: 'Carmen',
      lastname: 'García',
      email,
      password: 'Setas2026',
      country: 'ES',
      is_adult: true,
      policy_accepted: true,
    });
    expect((await browser.post('/api/app/user/newsletter', { subscribed: true })).json()).toEqual({
      newsletter: 'pending',
    });
    expect((await browser.get('/api/app/user/info')).json().user.newsletter).toBe('pending');
    expect((await browser.post('/api/app/user/newsletter', { subscribed: false })).json()).toEqual({
      newsletter: 'unsubscribed',
    });
  });

  it('asks a visitor for an address, and refuses an invalid one', async () => {
    const missing = await createBrowser(sut).post('/api/app/user/newsletter?lng=en', { subscribed: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.email).toBe('Email is a mandatory field');
    const invalid = await createBrowser(sut).post('/api/app/user/newsletter?lng=en', {
      subscribed: true,
      email: 'nope',
    });
    expect(invalid.json().fields.email).toBe('Invalid email');
  });

  it('sends at most three confirmation mails an hour to one address', async () => {
    const email = uniqueEmail('flood');
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await createBrowser(sut).post('/api/app/user/newsletter', { subscribed: true, email });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('app/contact/us', () => {
  it('names every mandatory field with SPEC messages, in English and in German', async () => {
    const en = await createBrowser(sut).post('/api/app/contact/us?lng=en', {});
    expect(en.statusCode).toBe(400);
    expect(en.json().fields).toEqual({
      full_name: 'Full name is a mandatory field',
      email: 'Email is a mandatory field',
      message: 'Message is a mandatory field',
    });
    const de = await createBrowser(sut).post('/api/app/contact/us?lng=de', {
      full_name: ' ',
      email: '',
      message: '',
    });
    expect(de.json().fields).toEqual({
      full_name: 'Der vollständige Name ist ein Pflichtfeld',
      email: 'Die E-Mail-Adresse ist ein Pflichtfeld',
      message: 'Die Nachricht ist ein Pflichtfeld',
    });
  });

  it('stores the message, mails it to the operator and a receipt to the sender', async () => {
    const email = uniqueEmail('hans');
    const response = await createBrowser(sut).post('/api/app/contact/us?lng=de', {
      full_name: 'Hans Müller',
      email,
      message: 'Gibt es Rafting für Kinder ab 8 Jahren?\nDanke!',
    });
    expect(response.json()).toEqual({ ok: true });
    const [stored] = await sut.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ fullName: 'Hans Müller', language: 'de' });
    const [receipt] = await waitForMail(sut, email);
    expect(receipt?.text).toContain('Gibt es Rafting für Kinder ab 8 Jahren?');
    const operatorMails = await waitForMail(sut, 'operator@sentiero.test');
    expect(operatorMails.some((mail) => mail.text.includes(email))).toBe(true);
  });
});

/** A context like a request's, for the operator's sending; mail goes straight to the mailbox. */
function operatorContext(): ServiceContext {
  const config = loadConfig({ NODE_ENV: 'test' });
  const mailbox = mailboxTransport(sut.database.db, config.mail.from);
  return {
    db: sut.database.db,
    lang: 'it',
    clock: systemClock,
    log: sut.app.log,
    user: null,
    roles: sut.app.accessRules.roles,
    config,
    mail: { send: (mail) => mailbox.deliver(mail), deliver: (mail) => mailbox.deliver(mail) },
    origin: 'https://sentiero.example',
  };
}
