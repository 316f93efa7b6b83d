import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { issuedTickets, orderLines, orders, ticketDayPlaces, users } from '@sentiero/db/schema';
import { sql } from 'drizzle-orm';
import type { FakeStripe } from './fakes/stripe.ts';

let serial = 0;
/** Unique per process, without the test factories (the storm bench writes these orders too). */
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++serial}`;

export type DayOrderMethod = 'card' | 'paypal' | 'cash' | 'free';

/**
 * Issued orders of one ticket's day, written straight to the database as many buys and payments
 * would have left them (a day's worth of buyers in a second): one buyer each, `guests` guests at
 * 15 € each (free orders at 0), an active ticket per guest, the day's places taken. A card
 * order's PaymentIntent is known to the fake Stripe, so it can be refunded there; the fake
 * PayPal refunds any capture. The tickets' codes are not signed: these orders are for refunds.
 */
export async function writeDayOrders(
  db: Db,
  ticket: { id: number; date: string },
  methods: DayOrderMethod[],
  { guests = 2, stripe, language = 'en' }: { guests?: number; stripe?: FakeStripe; language?: Language } = {},
) {
  const written: {
    id: number;
    code: string;
    method: DayOrderMethod;
    email: string;
    reference: string | null;
  }[] = [];
  const now = new Date();
  for (const method of methods) {
    const email = `${unique('day-buyer')}@example.com`;
    const [buyer] = await db
      .insert(users)
      .values({ email, firstName: 'Marta', lastName: 'Ferri', passwordHash: 'not-a-hash', language })
      .returning({ id: users.id });
    const unit = method === 'free' ? 0 : 1500;
    const total = unit * guests;
    const reference =
      method === 'card'
        ? unique('pi_day').replaceAll('-', '_')
        : method === 'paypal'
          ? unique('CAPTURE').replaceAll('-', '')
          : null;
    if (method === 'card' && reference && stripe) {
      stripe.intents.set(reference, {
        id: reference,
        amount: total,
        status: 'succeeded',
        amount_received: total,
      });
    }
    const [order] = await db
      .insert(orders)
      .values({
        code: unique('ST-DAY'),
        userId: buyer?.id ?? 0,
        status: 'issued',
        language,
        paymentMethod: method,
        paymentReference: reference,
        idempotencyKey: unique('day-order'),
        subtotalCents: total,
        totalCents: total,
        holdExpiresAt: now,
        paidAt: now,
        issuedAt: now,
      })
      .returning({ id: orders.id, code: orders.code });
    if (!order) throw new Error('the order was not written');
    const lines = await db
      .insert(orderLines)
      .values(
        Array.from({ length: guests }, (_, index) => ({
          orderId: order.id,
          ticketId: ticket.id,
          guestName: index === 0 ? 'Marta Ferri' : 'Paolo Ferri',
          startDate: ticket.date,
          endDate: ticket.date,
          unitPriceCents: unit,
        })),
      )
      .returning({ id: orderLines.id, guestName: orderLines.guestName });
    await db.insert(issuedTickets).values(
      lines.map((line) => {
        const code = unique('TDAY').replaceAll('-', '');
        return {
          code,
          orderId: order.id,
          orderLineId: line.id,
          ticketId: ticket.id,
          holderName: line.guestName,
          validFrom: ticket.date,
          validUntil: ticket.date,
          signedCode: `unsigned-${code}`,
          shareToken: unique('share'),
          issuedAt: now,
        };
      }),
    );
    written.push({ id: order.id, code: order.code, method, email, reference });
  }
  await db
    .insert(ticketDayPlaces)
    .values({ ticketId: ticket.id, day: ticket.date, taken: methods.length * guests })
    .onConflictDoUpdate({
      target: [ticketDayPlaces.ticketId, ticketDayPlaces.day],
      set: { taken: sql`${ticketDayPlaces.taken} + ${methods.length * guests}` },
    });
  return written;
}
