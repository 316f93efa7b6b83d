import type { Db } from '@sentiero/db/client';
import { orderLines, orders } from '@sentiero/db/schema';
import { expect } from 'vitest';
import { daysBetween, takePlaces } from '../modules/checkout/places.ts';
import type { NewOrder, NewOrderLine, OrderRow } from '../modules/checkout/repo.ts';
import { type Browser, createBrowser, type TestApp } from './app.ts';

let members = 0;

/** A member signed up and logged in through the API, in a browser of its own. */
export async function createMember(sut: TestApp, name = 'Paolo'): Promise<Browser> {
  const browser = createBrowser(sut);
  const response = await browser.post('/api/app/user/register?lng=en', {
    firstname: name,
    lastname: 'Conti',
    email: `${name.toLowerCase()}.${++members}.${Date.now()}@example.it`,
    password: 'Trota2026',
    country: 'IT',
    is_adult: true,
    policy_accepted: true,
  });
  expect(response.statusCode).toBe(200);
  return browser;
}

/** The id of the member a browser is logged in as. */
export async function memberId(browser: Browser): Promise<number> {
  const response = await browser.get('/api/app/user/info');
  expect(response.statusCode).toBe(200);
  return response.json().user.id as number;
}

/**
 * Writes an order and its lines as a crash or an abandoned payment left them; with `capacity`,
 * its places are taken too, as the buy that wrote it took them.
 */
export async function writeOrderAsLeft(
  db: Db,
  order: NewOrder,
  lines: NewOrderLine[],
  { capacity }: { capacity?: number } = {},
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(orders).values(order).returning();
    if (!row) throw new Error('the order was not written');
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
    if (capacity !== undefined) {
      for (const line of lines) {
        const taken = await takePlaces(
          tx,
          line.ticketId,
          daysBetween(line.startDate, line.endDate),
          1,
          capacity,
        );
        if (!taken) throw new Error(`no place left for ${line.guestName} on ${line.startDate}`);
      }
    }
    return row;
  });
}
