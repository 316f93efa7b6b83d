import { expect, type Locator, type Page, test } from '../fixtures/test.ts';
import { findDailyTicket, newMember } from '../fixtures/tickets.ts';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as someone without a mouse does:
 * fails if it is not reached in `limit` presses, so an element out of the Tab order is caught.
 */
async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    const focused = await target
      .evaluate((element) => element === document.activeElement, undefined, { timeout: 1000 })
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Not reached with the keyboard in ${limit} presses: ${target}`);
}

test('a member finds a ticket, chooses a day, names the guest and pays by card with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { id, day } = await findDailyTicket(page.request);
  const registered = await page.request.post('/api/app/user/register', {
    multipart: { ...newMember(), country: 'IT', is_adult: 'true', policy_accepted: 'true' },
  });
  expect(registered.ok()).toBe(true);

  // The day is weeks ahead: the calendar's "later days" button pages to it.
  await page.goto(`/event/${id}?lng=en`);
  const calendar = page.getByRole('region', { name: 'Availability' });
  const later = calendar.getByRole('button', { name: 'Later days' });
  await tabTo(page, later);
  const dayButton = calendar.getByRole('link', {
    name: new RegExp(
      `^${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))}, Available`,
    ),
  });
  const range = calendar.locator('p[aria-live]');
  for (let pages = 0; pages < 16 && !(await dayButton.count()); pages++) {
    const shown = await range.textContent();
    await page.keyboard.press('Enter');
    await expect(range).not.toHaveText(shown ?? '');
  }
  await expect(dayButton).toBeVisible();
  await page.keyboard.press('Tab');
  // Arrow keys walk the open days up to the one wanted.
  for (
    let steps = 0;
    steps < 40 && !(await dayButton.evaluate((element) => element === document.activeElement));
    steps++
  ) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(dayButton).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Guests', level: 1 })).toBeVisible();
  const guest = page.getByRole('group', { name: 'Guest 1' });
  await expect(guest.getByLabel('Start date')).toHaveValue(day);
  await tabTo(page, guest.getByLabel('First and last name'));
  await page.keyboard.type('Giulia Rossi');
  await tabTo(page, page.getByRole('button', { name: 'Continue to payment' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  const card = page.getByRole('radio', { name: /^Card/ });
  await tabTo(page, page.getByRole('radio').first());
  // A radio group is one Tab stop: the arrow keys choose within it.
  for (let steps = 0; steps < 4 && !(await card.isChecked()); steps++) await page.keyboard.press('ArrowDown');
  await expect(card).toBeChecked();
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242424242424242');
  await tabTo(page, page.getByLabel('Expiry date'));
  await page.keyboard.type('12/30');
  await tabTo(page, page.getByLabel('Security code (CVC)'));
  await page.keyboard.type('123');
  await tabTo(page, page.getByRole('button', { name: /^Pay €/ }));
  await page.keyboard.press('Space');

  await expect(page).toHaveURL(new RegExp(`/event/${id}/confirmation$`));
  await expect(page.getByText('Purchase successful: your tickets have been sent by email')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Download your tickets (PDF)' }));
});

test('the home page starts with a way past the header to the content', async ({ page }) => {
  await page.goto('/?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const focusedInHeader = await page.evaluate(() => Boolean(document.activeElement?.closest('header')));
  expect(focusedInHeader).toBe(false);
});
