import { findMailLink, uniqueEmail } from '../fixtures/accounts.ts';
import { expect, openConsole, test } from '../fixtures/staff.ts';

/*
 * A newsletter issue from the console (issue 23, ADR 032, 038): an admin of Sentiero (fixtures/staff.ts) writes an
 * issue in Italian and English, sees the languages still missing, previews it, sends a test to
 * themselves, sends it through the job queue and watches its progress reach the end; a reader
 * who confirmed their subscription in English finds it in the development mailbox.
 */

test.use({ consoleAs: 'admin' });
// Set before the fixtures run, so the time they add for making a staff account comes on top.
test.describe.configure({ timeout: 90_000 });

type Mailbox = { messages: { subject: string; text: string }[] };

test('the admin writes an issue in Italian and English, sends a test to themselves, sends it and sees it done', async ({
  page,
  request,
  staff,
}) => {
  const admin = { email: staff?.email ?? '', name: staff?.name ?? '' };
  // A reader confirms a subscription in English, as the footer's box and the mail's link do.
  const reader = uniqueEmail();
  const subscribed = await page.request.post('/api/app/user/newsletter?lng=en', {
    multipart: { subscribed: 'true', email: reader },
  });
  expect(subscribed.ok()).toBe(true);
  await page.goto(`${await findMailLink(request, reader, '/newsletter/confirm?token=')}&lng=en`);
  await expect(page.getByText('Thank you! Your subscription is confirmed')).toBeVisible();

  // The admin's browser is signed in to the console.
  await openConsole(page, 'en');
  await expect(page.getByRole('heading', { name: `Hello, ${admin.name}` })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Newsletter' })
    .click();
  await expect(page.getByRole('heading', { name: 'Newsletter', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Write a new issue' }).click();
  await expect(page.getByRole('heading', { name: /^Newsletter issue \d+$/ })).toBeVisible();

  const stamp = Date.now().toString(36);
  const editor = page.getByRole('form', { name: 'Subject and text' });
  await editor.getByLabel('Subject (Italian)').fill(`Porcini in Val di Sole ${stamp}`);
  await editor.getByLabel('Text (Italian)').fill('# Sono usciti\n\nI porcini sono arrivati in Val di Sole.');
  await editor.getByRole('tab', { name: /^English/ }).click();
  await editor.getByLabel('Subject (English)').fill(`Porcini in the Sole valley ${stamp}`);
  await editor.getByLabel('Text (English)').fill('# They are out\n\nPorcini have reached the Sole valley.');
  await editor.getByRole('button', { name: 'Save the texts' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  // Spanish, German and Slovenian are flagged; their readers get English.
  await expect(page.locator('p', { hasText: 'Missing:' })).toHaveText(/^Missing:\s*es\s*de\s*sl\s*$/i);
  await expect(editor.getByRole('tab', { name: /^Spanish · missing/ })).toBeVisible();
  await expect(editor.getByRole('tab', { name: /^Italian$/ })).toBeVisible();

  const preview = page.getByRole('region', { name: 'Preview and test' });
  await preview.getByLabel("Subscriber's language").selectOption('de');
  await preview.getByRole('button', { name: 'Show the preview' }).click();
  await expect(
    preview.getByText('German is missing: these subscribers receive it in English.'),
  ).toBeVisible();
  await expect(
    preview.frameLocator('iframe[title="The email as subscribers receive it"]').getByRole('heading', {
      name: `Porcini in the Sole valley ${stamp}`,
    }),
  ).toBeVisible();

  await preview.getByLabel("Subscriber's language").selectOption('it');
  await preview.getByRole('button', { name: 'Send me a test' }).click();
  await expect(preview.getByText(`Test sent to ${admin.email} in Italian.`)).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(admin.email)}`);
      return ((await answer.json()) as Mailbox).messages.map((mail) => mail.subject);
    })
    .toContain(`Porcini in Val di Sole ${stamp}`);

  const sending = page.getByRole('region', { name: 'Send' });
  await sending.getByRole('button', { name: 'Send now' }).click();
  await expect(sending.getByText('Send this issue now to all confirmed subscribers?')).toBeVisible();
  await sending.getByRole('button', { name: 'Yes, send it' }).click();

  // The page asks the server how far the sending is until it is done.
  const progress = page.getByRole('region', { name: 'Sending progress' });
  await expect(progress.getByText(/^Finished on /)).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('status')).toHaveText(/^(\d+) of \1 done \(100 %\)$/);
  await expect(page.getByRole('button', { name: 'Send now' })).toBeHidden();

  const mailbox = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(reader)}`);
  const subjects = ((await mailbox.json()) as Mailbox).messages.map((mail) => mail.subject);
  expect(subjects).toContain(`Porcini in the Sole valley ${stamp}`);

  // The list shows it sent, with its missing languages.
  await page.getByRole('link', { name: '← All issues' }).click();
  const row = page.getByRole('listitem').filter({ hasText: `Porcini in the Sole valley ${stamp}` });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(/(\d+) of \1 done/);
});
