import { findMailLink, uniqueEmail } from '../fixtures/accounts.ts';
import { expect, openConsole, otherBrowser, test } from '../fixtures/staff.ts';

/*
 * A business joins (issue 23; ADR 039), in English: it applies on the public "Work with us" page,
 * an admin of Sentiero (fixtures/staff.ts) approves it in the console's applications, and the
 * invitation to become the new operator's owner reaches the business's mailbox, its link opening
 * the console's invitation. A business that paid for the featured listing and is rejected gets
 * its money back, and the console shows the refund.
 */

test.use({ consoleAs: 'admin' });
// Set before the fixtures run, so the time they add for making a staff account comes on top.
test.describe.configure({ timeout: 45_000 });

test('a business applies on the work-with-us page, the admin approves it, and its owner is invited by mail (en)', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail();
  const business = `Rifugio Lago Nero ${Date.now().toString(36)}`;

  // The business, in a browser of its own.
  const applicant = await otherBrowser(browser);
  const form = applicant.page;
  await form.goto('/work-with-us?lng=en');
  await form.getByLabel('Business name', { exact: true }).fill(business);
  await form.getByLabel('Kind of business', { exact: true }).selectOption('consortium');
  await form.getByLabel('Country of the VAT number', { exact: true }).selectOption('IT');
  await form.getByLabel('VAT number', { exact: true }).fill('00743110157');
  await form.getByLabel('Contact person', { exact: true }).fill('Paolo Neri');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('+39 0461 123456');
  await form.getByRole('checkbox', { name: 'Fishing', exact: true }).check();
  await form.getByLabel('Areas', { exact: true }).fill('Lago Nero');
  await form.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await form.getByRole('button', { name: 'Send the application' }).click();
  await expect(form.getByRole('heading', { name: 'Application received' })).toBeVisible();

  // The admin finds it among those to review and approves it.
  await openConsole(page, 'en');
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Applications' })
    .click();
  await expect(page.getByRole('heading', { name: 'Applications', exact: true })).toBeVisible();
  await page
    .getByRole('list', { name: 'Applications' })
    .getByRole('link', { name: new RegExp(business) })
    .click();
  const detail = page.getByRole('article', { name: business });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    detail.getByText(`Approved: the operator was created and the invitation emailed to ${email}.`),
  ).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  // The invitation is in the business's mailbox; its link offers the owner's role of the new operator.
  const link = await findMailLink(request, email, '/console/invitation/');
  await form.goto(`${link}?lng=en`);
  await expect(form.getByRole('heading', { name: 'Join the console' })).toBeVisible();
  await expect(form.getByText(`You are invited as Owner for ${business}.`)).toBeVisible();
  await applicant.context.close();
});

test('a business pays for the featured listing by card, the admin rejects it, and its money goes back (en)', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail();
  const business = `Guide Alpine Val Masino ${Date.now().toString(36)}`;

  const applicant = await otherBrowser(browser);
  const form = applicant.page;
  await form.goto('/work-with-us?lng=en');
  await form.getByLabel('Business name', { exact: true }).fill(business);
  await form.getByLabel('Kind of business', { exact: true }).selectOption('guide');
  await form.getByLabel('Country of the VAT number', { exact: true }).selectOption('IT');
  await form.getByLabel('VAT number', { exact: true }).fill('00743110157');
  await form.getByLabel('Contact person', { exact: true }).fill('Marta Fumagalli');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('+39 0342 123456');
  await form.getByRole('checkbox', { name: 'Fishing', exact: true }).check();
  await form.getByLabel('Areas', { exact: true }).fill('Val Masino');
  await form.getByRole('radio', { name: /Featured listing/ }).check();
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry date').fill('12/30');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await form.getByRole('button', { name: 'Send and pay €99.00' }).click();
  await expect(form.getByText('Your featured listing is paid (€99.00).')).toBeVisible();
  await applicant.context.close();

  await openConsole(page, 'en');
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Applications' })
    .click();
  await page
    .getByRole('list', { name: 'Applications' })
    .getByRole('link', { name: new RegExp(business) })
    .click();
  const detail = page.getByRole('article', { name: business });
  await detail.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(
    detail.getByText('This featured listing was paid: rejecting gives its €99.00 back in full'),
  ).toBeVisible();
  await detail.getByLabel('Reason', { exact: true }).fill('We do not sell guided climbs yet.');
  await detail.getByRole('button', { name: 'Reject and email the reason' }).click();
  await expect(detail.getByText(/^€99\.00 given back in full on /)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);

  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const body = (await answer.json()) as { messages: { text: string }[] };
      return body.messages.map((mail) => mail.text).join('\n');
    })
    .toContain('We are giving back the €99.00 you paid for the featured listing to the card you paid with.');
});
