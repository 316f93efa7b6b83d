import { type APIRequestContext, expect, test } from '../fixtures/test.ts';
import { findAllCards } from '../fixtures/tickets.ts';

type Day = { date: string; open: boolean; reason: string | null };

/**
 * A ticket on sale whose calendar, as the event page first shows it (four weeks
 * from today), has open days and closed ones: closed on some weekdays, out of season or sold out.
 */
async function findTicketWithMixedDays(
  request: APIRequestContext,
): Promise<{ id: number; durationType: string; days: Day[] }> {
  for (const card of (await findAllCards(request)).filter((entry) => entry.on_sale)) {
    const { days } = (await (
      await request.get(`/api/app/v2/ticket/calendar?id=${card.id}&days=28&lng=en`)
    ).json()) as { days: Day[] };
    const open = days.filter((day) => day.open).length;
    if (open >= 2 && days.some((day) => !day.open && day.reason !== 'past'))
      return { id: card.id, durationType: card.duration_type, days };
  }
  throw new Error('The catalogue has no ticket with open and closed days in the next four weeks');
}

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

test('an open day of the calendar starts the purchase on that day; closed days are not links', async ({
  page,
  request,
}) => {
  const { id, durationType, days } = await findTicketWithMixedDays(request);
  const open = days.filter((day) => day.open);
  const day = open[1] ?? open[0];
  await page.goto(`/event/${id}?lng=en`);
  const calendar = page.getByRole('region', { name: 'Availability' });
  await expect(calendar.getByText('Choose an available day to start buying from that date.')).toBeVisible();
  const dayLinks = calendar.getByRole('link', { name: /, Available/ });
  await expect(dayLinks).toHaveCount(open.length);
  for (const closed of days.filter((entry) => !entry.open)) {
    await expect(calendar.getByRole('link', { name: new RegExp(`^${longDate(closed.date)}`) })).toHaveCount(
      0,
    );
  }

  await calendar.getByRole('link', { name: new RegExp(`^${longDate(day?.date ?? '')}, Available`) }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}/guests$`));
  const guest = page.getByRole('group', { name: 'Guest 1' });
  await expect(guest.getByLabel('Start date')).toHaveValue(day?.date ?? '');
  // The duration gives the end date.
  await expect(guest.getByLabel('End date')).toHaveValue(
    durationType === 'DAILY' || durationType === 'HOURLY' ? (day?.date ?? '') : /^\d{4}-\d{2}-\d{2}$/,
  );
});

test('the calendar works with the keyboard: one Tab stop, arrow keys between open days, Enter to choose', async ({
  page,
  request,
}) => {
  const { id, days } = await findTicketWithMixedDays(request);
  const open = days.filter((day) => day.open);
  await page.goto(`/event/${id}?lng=en`);
  const calendar = page.getByRole('region', { name: 'Availability' });
  const first = calendar.getByRole('link', {
    name: new RegExp(`^${longDate(open[0]?.date ?? '')}, Available`),
  });
  await expect(first).toHaveAttribute('tabindex', '0');
  await expect(calendar.locator('a[tabindex="0"]')).toHaveCount(1);

  await calendar.getByRole('button', { name: 'Later days' }).focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const second = calendar.getByRole('link', {
    name: new RegExp(`^${longDate(open[1]?.date ?? '')}, Available`),
  });
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/event/${id}/guests$`));
  await expect(page.getByRole('group', { name: 'Guest 1' }).getByLabel('Start date')).toHaveValue(
    open[1]?.date ?? '',
  );
});

test('an open day is a link to its purchase that works before the app has taken the page over', async ({
  browser,
  request,
}) => {
  const { id, days } = await findTicketWithMixedDays(request);
  const day = days.find((entry) => entry.open);
  // Without scripts, as a tap lands while a phone is still starting the app.
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/event/${id}?lng=en`);
  const link = page
    .getByRole('region', { name: 'Availability' })
    .getByRole('link', { name: new RegExp(`^${longDate(day?.date ?? '')}, Available`) });
  await expect(link).toHaveAttribute('href', `/event/${id}/guests?date=${day?.date}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}/guests\\?date=${day?.date}$`));
  await context.close();
});

test('two quick clicks on Later days move eight weeks on, even while the next four are still loading', async ({
  page,
  request,
}) => {
  const { id, days } = await findTicketWithMixedDays(request);
  const first = days[0]?.date ?? '';
  const asked: string[] = [];
  // A slow mobile network: each later window takes a second to arrive.
  await page.route(/\/api\/app\/(v2\/)?ticket\/calendar\?.*from=/, async (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('from') ?? '');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto(`/event/${id}?lng=en`);
  const calendar = page.getByRole('region', { name: 'Availability' });
  const later = calendar.getByRole('button', { name: 'Later days' });
  await later.click();
  await later.click();
  const plus = (days: number) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await expect.poll(() => asked).toEqual([plus(28), plus(56)]);
  const medium = (date: string) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  await expect(calendar.getByText(`${medium(plus(56))} – ${medium(plus(83))}`)).toBeVisible();
});
