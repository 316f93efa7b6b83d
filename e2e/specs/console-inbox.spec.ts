import type { APIRequestContext } from '@playwright/test';
import { uniqueEmail } from '../fixtures/accounts.ts';
import { inboundPort, sendMail } from '../fixtures/smtp.ts';
import { expect, openConsole, otherBrowser, test } from '../fixtures/staff.ts';

/*
 * The inbox (issue 23, item 4; ADR 031), in Italian: a visitor writes from the storefront's
 * contact page, an admin of Sentiero (fixtures/staff.ts) finds the message in the console's inbox and answers it,
 * and the answer reaches the visitor by mail, in Italian, quoting what they wrote, and stays in
 * the conversation.
 */

test.use({ consoleAs: 'admin' });
// Set before the fixtures run, so the time they add for making a staff account comes on top.
test.describe.configure({ timeout: 60_000 });

test('a visitor writes from the contact page; the admin answers from the inbox; the answer arrives by mail in Italian and stays in the conversation (it)', async ({
  page: admin,
  browser,
  request,
  staff,
}) => {
  const visitor = uniqueEmail();
  const question = 'Il permesso di pesca in Val Grande vale anche per i torrenti laterali?';
  // The visitor's own browser, signed in to nothing.
  const { context, page } = await otherBrowser(browser);
  await page.goto('/contact?lng=it');
  await page.getByLabel('Nome e cognome', { exact: true }).fill('Chiara Ferri');
  await page.getByLabel('Email', { exact: true }).fill(visitor);
  await page.getByLabel('Messaggio', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(page.getByText('Grazie, il tuo messaggio è stato inviato.', { exact: false })).toBeVisible();

  await context.close();

  // The admin's browser is signed in to the console.
  await openConsole(admin, 'it');
  await expect(admin.getByRole('heading', { name: `Ciao, ${staff?.name}` })).toBeVisible();
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

  // The visitor answers the reply from their mail program: it comes back to the thread's address.
  const replyTo = (await mailboxFor(request, visitor)).find((message) => message.reply_to)?.reply_to;
  expect(replyTo, 'the reply mail names no address to answer to').toMatch(/^reply\+\d+\.[0-9a-f]{32}@/);
  const thanks = 'Grazie mille, allora sabato peschiamo nel rio Fiorina.';
  await sendMail(inboundPort(), {
    from: visitor,
    to: replyTo as string,
    subject: 'Re: il tuo messaggio a Sentiero',
    text: `${thanks}\n\nChiara`,
  });

  // The list shows the conversation as new again, with an answer nobody has read yet.
  await admin.goto(`/console/inbox?q=${encodeURIComponent(visitor)}`);
  const listed = admin
    .getByRole('list', { name: 'Conversazioni' })
    .getByRole('link', { name: /Chiara Ferri/ });
  await expect(listed).toContainText('Nuova risposta');
  // Opened, the answer is there under the reply, marked new; the list no longer calls it unread.
  await listed.click();
  const conversation = admin
    .getByRole('article', { name: 'Chiara Ferri' })
    .getByRole('list', { name: 'Conversazione' });
  await expect(conversation.getByRole('listitem')).toHaveCount(3);
  await expect(conversation.getByRole('listitem').nth(2)).toContainText(thanks);
  await expect(conversation.getByRole('listitem').nth(2)).toContainText('Nuova risposta');
  await expect(listed).not.toContainText('Nuova risposta');
  // A word of the answer finds the conversation.
  await admin.goto(`/console/inbox?q=${encodeURIComponent('rio Fiorina')}`);
  await expect(
    admin.getByRole('list', { name: 'Conversazioni' }).getByRole('link', { name: /Chiara Ferri/ }),
  ).toBeVisible();
});

/** What the development mailbox holds for an address, newest first. */
async function mailboxFor(request: APIRequestContext, to: string) {
  const mailbox = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await mailbox.json()) as { messages: { reply_to: string | null }[] };
  return messages;
}
