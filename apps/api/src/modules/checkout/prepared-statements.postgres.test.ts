import { AsyncLocalStorage } from 'node:async_hooks';
import type { SentStatement } from '@sentiero/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, createTicket, type TestTicket } from '../../test/factories.ts';

/**
 * ADR 007: a buy is a handful of statements, each parsed and planned once per connection. Runs
 * only in the `api:postgres` project: PGlite has no driver in between that names statements.
 * Statements are counted by the request that sent them, so pg-boss's own timers, should they
 * fire meanwhile, are not mistaken for the buy's.
 */
const NOW = '2026-11-23T08:00:00Z';
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

const buying = new AsyncLocalStorage<SentStatement[]>();
let sut: TestApp;
let ticket: TestTicket;

beforeAll(async () => {
  sut = await createTestApp(
    // Workers would fetch the ticket mail while the buy is still answering.
    { JOB_WORKERS: 'off' },
    { now: NOW, onStatement: (statement) => buying.getStore()?.push(statement) },
  );
  ticket = await createTicket(sut.database.db, { dailyCapacity: 2 });
});
afterAll(() => sut.close());

let serial = 0;

/** A buy of one place with the sandbox card, and the statements it sent. */
async function buyOnePlace(browser: Awaited<ReturnType<typeof createMember>>) {
  const sent: SentStatement[] = [];
  const response = await buying.run(sent, () =>
    browser.post('/api/app/v4/ticket/buy?lng=en', {
      id_ticket: ticket.id,
      guests: [{ full_name: 'Anna Conti', start_date: ticket.date, end_date: ticket.date }],
      payment_method: 'sandbox',
      card: CARD,
      idempotency_key: `prepared-${++serial}`,
    }),
  );
  return { status: response.statusCode, sent };
}

describe('the statements of a buy', () => {
  it('are five named prepared statements for a sandbox-card buy, the mail queued while issuing', async () => {
    const { status, sent } = await buyOnePlace(await createMember(sut));
    expect(status).toBe(200);
    // The rate limit counts as the request arrives, before the session is looked up for the door.
    expect(sent.map((statement) => statement.name ?? statement.text)).toEqual([
      'rate_limit_hit',
      'session_user',
      'ticket_for_purchase_en',
      'order_insert_taking_places',
      'order_issue_queueing_tickets_mail',
    ]);
  });

  it('keep their names and texts from one buy to the next, so each connection parses them once', async () => {
    const first = await buyOnePlace(await createMember(sut));
    const second = await buyOnePlace(await createMember(sut));
    // The ticket has two places a day: the first buy of this file took one, this one the other.
    expect([first.status, second.status]).toEqual([200, 409]);
    const texts = new Map(first.sent.map((statement) => [statement.name, statement.text]));
    // Sold out, the second buy stops after the order statement took no places.
    expect(second.sent).toHaveLength(4);
    for (const statement of second.sent) {
      expect(statement.name).toBeDefined();
      expect(texts.get(statement.name)).toBe(statement.text);
    }
  });
});
