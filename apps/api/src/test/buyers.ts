import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { type Db, executeRows } from '@sentiero/db/client';
import { sessions, users } from '@sentiero/db/schema';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../platform/passwords.ts';
import { hashToken, newToken } from '../platform/sessions.ts';
import { createArea, createTicket, MEMBER_PASSWORD } from './factories.ts';

/** Outside production the session cookie has no `__Host-` prefix. */
const SESSION_COOKIE = 'sentiero_session';
const PAYING_CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const DECLINED_CARD = { ...PAYING_CARD, number: '4000000000000002' };
const FIRST_DAY = '2027-06-01';

export type Member = { email: string; cookie: string };
export type Slot = { ticket: number; day: string };

/**
 * Members with a session each, written to the database: signing up through the API hashes a
 * password per member, which would spend the test's seconds on argon2 instead of buying.
 */
export async function createMembers(db: Db, count: number, prefix: string): Promise<Member[]> {
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.it`);
  const rows = await db
    .insert(users)
    .values(
      emails.map((email) => ({
        email,
        passwordHash,
        firstName: 'Anna',
        lastName: 'Conti',
        country: 'IT',
        adultConfirmedAt: new Date(),
        termsAcceptedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => newToken());
  await db.insert(sessions).values(
    rows.map((row, i) => ({
      tokenHash: hashToken(tokens[i] as string),
      userId: row.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  return emails.map((email, i) => ({ email, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
}

/**
 * Four one-day tickets anybody may buy (the factory's defaults: 15 € a place, open every day),
 * each with `capacity` places a day so that buyers race for them and days sell out.
 */
export async function createTicketsWithPlaces(db: Db, capacity: number): Promise<number[]> {
  const area = await createArea(db);
  const written = [];
  for (let n = 0; n < 4; n++)
    written.push(await createTicket(db, { areaId: area.id, dailyCapacity: capacity }));
  return written.map((ticket) => ticket.id);
}

/** The first `wanted` open days of those tickets, as their calendars on the server say. */
export async function openDays(baseUrl: string, ticketIds: number[], wanted: number): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const ticket of ticketIds) {
    const response = await fetch(`${baseUrl}/api/app/ticket/calendar?id=${ticket}&from=${FIRST_DAY}&days=30`);
    const { days } = (await response.json()) as { days: { date: string; open: boolean }[] };
    for (const day of days) if (day.open) slots.push({ ticket, day: day.date });
  }
  // Day by day, so the slots taken belong to different tickets.
  slots.sort((a, b) => a.day.localeCompare(b.day) || a.ticket - b.ticket);
  if (slots.length < wanted) throw new Error(`only ${slots.length} open (ticket, day) found`);
  return slots.slice(0, wanted);
}

export async function openSlots(db: Db, baseUrl: string, capacity: number, wanted: number): Promise<Slot[]> {
  return openDays(baseUrl, await createTicketsWithPlaces(db, capacity), wanted);
}

/** An answer, or how the connection failed when none came. */
export type Answer = { status: number; body: string } | { status: 'dropped'; error: string };

/**
 * A POST through node:http: a dropped connection shows as such instead of as an exception, and
 * `localAddress` lets each buyer come from its own loopback address (127.0.0.x), as real buyers
 * have their own IPs, so per-IP limits can stay on.
 */
export function post(
  url: string,
  body: unknown,
  {
    cookie,
    localAddress,
    headers = {},
  }: { cookie?: string; localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  const { origin } = new URL(url);
  return new Promise((resolve) => {
    const sent = request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin,
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', (error) => resolve({ status: 'dropped', error: error.message }));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('no answer within 30 s')));
    sent.on('error', (error) => resolve({ status: 'dropped', error: error.message }));
    sent.end(payload);
  });
}

export type Buy = { slot: Slot; key: string; declined: boolean; coupon?: string };

/**
 * One guest on one day, paid by the sandbox card; a declined card fails the order and frees its
 * place in a transaction.
 */
export function buy(baseUrl: string, member: Member, purchase: Buy, localAddress?: string): Promise<Answer> {
  return post(
    `${baseUrl}/api/app/v4/ticket/buy?lng=en`,
    {
      id_ticket: purchase.slot.ticket,
      guests: [
        {
          full_name: 'Anna Conti',
          start_date: purchase.slot.day,
          end_date: purchase.slot.day,
          birth_year: 1990,
        },
      ],
      payment_method: 'sandbox',
      card: purchase.declined ? DECLINED_CARD : PAYING_CARD,
      idempotency_key: purchase.key,
      ...(purchase.coupon ? { coupon: purchase.coupon } : {}),
    },
    { cookie: member.cookie, localAddress },
  );
}

/** One buy and its answer, with the process (`server`) that was asked. */
export type Sale = Buy & {
  member: Member;
  server: string;
  answer: Answer;
  answeredAt: number;
  orderCode?: string;
};

export type Load = {
  /** Every answer so far, growing while the buyers buy. */
  sales: Sale[];
  /** Orders answered 200 so far, optionally only those answered after `since`. */
  acknowledged(since?: number): number;
  /** Lets each buyer finish the request in flight, then resolves with every answer. */
  stop(): Promise<Sale[]>;
};

/**
 * Each member buys one place after another, on a random slot, until stopped; one buy in five
 * is declined, so failed orders give their places back under load too, and with `coupon` one in
 * four uses it. Tests wait for a number of answers, not for a time, so a slow machine only
 * makes them slower.
 */
export function startBuying(
  pickServer: (buyer: number) => string,
  members: Member[],
  slots: Slot[],
  { ownAddresses = false, coupon }: { ownAddresses?: boolean; coupon?: string } = {},
): Load {
  const sales: Sale[] = [];
  let stopped = false;
  const buying = Promise.all(
    members.map(async (member, buyer) => {
      const localAddress = ownAddresses ? `127.0.0.${buyer + 2}` : undefined;
      for (let n = 0; !stopped; n++) {
        const purchase = {
          slot: slots[Math.floor(Math.random() * slots.length)] as Slot,
          key: randomUUID(),
          declined: n % 5 === 4,
          ...(coupon && (n + buyer) % 4 === 1 ? { coupon } : {}),
        };
        const server = pickServer(buyer);
        const answer = await buy(server, member, purchase, localAddress);
        const orderCode =
          answer.status === 200
            ? (JSON.parse(answer.body) as { order: { code: string } }).order.code
            : undefined;
        sales.push({ ...purchase, member, server, answer, answeredAt: Date.now(), orderCode });
      }
    }),
  );
  return {
    sales,
    acknowledged: (since = 0) =>
      sales.filter((sale) => sale.answer.status === 200 && sale.answeredAt > since).length,
    async stop() {
      stopped = true;
      await buying;
      return sales;
    },
  };
}

export type PlacesCheck = {
  /** (ticket, day) where more places are held than the ticket has. */
  oversold: unknown[];
  /** (ticket, day) whose counter is not the paid lines plus the pending holds. */
  miscounted: unknown[];
  days: number;
};

/**
 * The checkout's invariant, as places.postgres.test.ts and the orders bench read it: for every
 * ticket and day, places taken = lines of paid or issued orders + lines of pending ones (holds),
 * and never more than the capacity.
 */
export async function checkPlaces(db: Db, slots: Slot[]): Promise<PlacesCheck> {
  const ticketIds = [...new Set(slots.map((slot) => slot.ticket))];
  const rows = await executeRows<{ taken: number; capacity: number; held: number }>(
    db,
    sql`select p.ticket_id, p.day::text as day, p.taken, t.daily_capacity as capacity,
          (count(o.id) filter (where o.status in ('pending', 'paid', 'issued')))::int as held
        from ticket_day_places p
        join tickets t on t.id = p.ticket_id
        left join order_lines l on l.ticket_id = p.ticket_id and p.day between l.start_date and l.end_date
        left join orders o on o.id = l.order_id
        where p.ticket_id in ${ticketIds}
        group by p.ticket_id, p.day, p.taken, t.daily_capacity`,
  );
  return {
    days: rows.length,
    oversold: rows.filter((row) => row.held > row.capacity || row.taken > row.capacity),
    miscounted: rows.filter((row) => row.taken !== row.held),
  };
}

/** The orders that exist, by public code, with their status: what a buyer's 200 must be found in. */
export async function ordersByCode(db: Db): Promise<Map<string, string>> {
  const rows = await executeRows<{ code: string; status: string }>(db, sql`select code, status from orders`);
  return new Map(rows.map((row) => [row.code, row.status]));
}

/** A sign-up through the API, as the form sends it: a write of its own (member, session, welcome mail). */
export function signUp(baseUrl: string, email: string, localAddress?: string): Promise<Answer> {
  return post(
    `${baseUrl}/api/app/user/register?lng=en`,
    {
      firstname: 'Paolo',
      lastname: 'Conti',
      email,
      password: MEMBER_PASSWORD,
      country: 'IT',
      is_adult: true,
      policy_accepted: true,
    },
    { localAddress },
  );
}
