import { codeOnPage, enterStaffCode, uniqueEmail } from '../fixtures/accounts.ts';
import { expect, type Page, test } from '../fixtures/test.ts';

/*
 * The inbox (issue 23, item 4; ADR 031), in Italian: a visitor writes from the storefront's
 * contact page, Sentiero's demo admin finds the message in the console's inbox and answers it,
 * and the answer reaches the visitor by mail, in Italian, quoting what they wrote, and stays in
 * the conversation.
 */

const ADMIN = {
  email: 'admin@console.sentiero.localhost',
  password: 'Console-demo-2026',
  key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/**
 * Signs the demo admin in. An authenticator code is accepted once (ADR 028): when another
 * journey signed the admin in during the same 30 seconds, the code of the next step is the one
 * the server still takes, as it would be on the admin's phone a moment later.
 */
async function signInAdmin(page: Page) {
  await page.goto('/console?lng=it');
  await expect(page.getByRole('heading', { name: 'Accedi alla console' })).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Codice di autenticazione' })).toBeVisible();
  const greeting = page.getByRole('heading', { name: 'Ciao, Demo Admin' });
  await enterStaffCode(ADMIN.key, codeOnPage(page, { label: 'Codice', submit: 'Continua' }));
  await expect(greeting).toBeVisible();
}

test('a visitor writes from the contact page; the admin answers from the inbox; the answer arrives by mail in Italian and stays in the conversation (it)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(45_000);
  const visitor = uniqueEmail();
  const question = 'Il permesso di pesca in Val Grande vale anche per i torrenti laterali?';
  await page.goto('/contact?lng=it');
  await page.getByLabel('Nome e cognome', { exact: true }).fill('Chiara Ferri');
  await page.getByLabel('Email', { exact: true }).fill(visitor);
  await page.getByLabel('Messaggio', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(page.getByText('Grazie, il tuo messaggio è stato inviato.', { exact: false })).toBeVisible();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAdmin(admin);
  await admin
    .getByRole('navigation', { name: 'Sezioni della console' })
    .getByRole('link', { name: 'Posta in arrivo' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Posta in arrivo', exact: true })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Cerca' }).fill(visitor);
  await admin.getByRole('searchbox', { name: 'Cerca' }).press('Enter');
  const conversations = admin.getByRole('list', { name: 'Conversazioni' });
  await expect(conversations.getByRole('link')).toHaveCount(1);
  await expect(conversations).toContainText('Nuova');
  await conversations.getByRole('link', { name: /Chiara Ferri/ }).click();

  const thread = admin.getByRole('article', { name: 'Chiara Ferri' });
  await expect(thread.getByText(question)).toBeVisible();
  await expect(thread.getByText('scrive in italiano', { exact: false })).toBeVisible();
  const answer = 'Sì, vale anche per i torrenti laterali della Val Grande.';
  await thread.getByLabel('La tua risposta').fill(answer);
  await thread.getByRole('button', { name: 'Invia la risposta' }).click();
  await expect(thread.getByText('Risposta inviata via email e salvata nella conversazione.')).toBeVisible();
  await expect(thread.getByRole('list', { name: 'Conversazione' })).toContainText(answer);
  await expect(thread.getByText('Con risposta', { exact: true })).toBeVisible();

  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const mailbox = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(visitor)}`);
      const { messages } = (await mailbox.json()) as { messages: { subject: string; text: string }[] };
      mail = messages.find((message) => message.subject.startsWith('Re:'));
      return mail?.subject;
    })
    .toBe('Re: il tuo messaggio a Sentiero');
  expect(mail?.text).toContain('Ciao Chiara Ferri,');
  expect(mail?.text).toContain(answer);
  expect(mail?.text).toContain(question);

  // Read again from the server: the answer is kept in the conversation, under the question.
  await admin.reload();
  const kept = admin
    .getByRole('article', { name: 'Chiara Ferri' })
    .getByRole('list', { name: 'Conversazione' });
  await expect(kept.getByRole('listitem')).toHaveCount(2);
  await expect(kept.getByRole('listitem').nth(0)).toContainText(question);
  await expect(kept.getByRole('listitem').nth(1)).toContainText(answer);
  await context.close();
});
