import { randomBytes } from 'node:crypto';
import { TICKET_CODE_ALPHABET } from '@sentiero/contract/ticket-code-compact';
import type { Db, Transaction } from '@sentiero/db/client';
import { preparedOnce, preparedSql } from '@sentiero/db/prepared';
import { issuedTickets, type OrderStatus, orderLines, orders } from '@sentiero/db/schema';
import {
  and,
  type Column,
  eq,
  getTableColumns,
  isNull,
  lt,
  or,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { insertJobsSql } from '../../platform/job-rows.ts';
import { type PlacesNeeded, takePlacesCall, takePlacesValues } from './places-repo.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** Asked by every buy before anything else: prepared once. */
export async function findOrderByIdempotencyKey(db: Db, userId: number, key: string) {
  const find = preparedOnce(db, 'order_by_idempotency_key', (name) =>
    db
      .select()
      .from(orders)
      .where(
        and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))),
      )
      .prepare(name),
  );
  const [row] = await find.execute({ userId, key });
  return row;
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.code, code));
  return row;
}

/** The order a provider's payment event is about: by our order code when it carries one, or its payment reference. */
export async function findOrderForPaymentEvent(
  db: Db,
  event: { orderCode: string | null; reference: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      event.orderCode
        ? or(eq(orders.code, event.orderCode), eq(orders.paymentReference, event.reference))
        : eq(orders.paymentReference, event.reference),
    );
  return row;
}

export async function findOrderLines(db: Db | Transaction, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}

/** A table's columns by property name, listed once: every buy maps three rows. */
const tableColumns = new WeakMap<Table, [string, Column][]>();
function columnsOf(table: Table): [string, Column][] {
  let columns = tableColumns.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    tableColumns.set(table, columns);
  }
  return columns;
}

/**
 * A row that came back as JSON (`row_to_json`, `json_agg`): keys are column names, timestamps
 * ISO strings. Mapped the way Drizzle maps a selected row, so both read alike.
 */
function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** What `insertOrderTakingPlaces` takes places of: one ticket with a capacity. */
export type PlacesToTake = { ticketId: number; needed: PlacesNeeded; capacity: number };

/**
 * Writes an order and its lines in one statement, taking its places in the same statement
 * (`places`, or nothing for a ticket without a capacity): null, and nothing written, when a day
 * has too few places. Outside a transaction each day's row stays locked only while the statement
 * runs; a repeated idempotency key fails the statement, places and all. Every buy sends it:
 * prepared, one statement with places and one without.
 */
export async function insertOrderTakingPlaces(
  db: Db | Transaction,
  order: Omit<NewOrder, 'id'>,
  lines: NewOrderLine[],
  places: PlacesToTake | null,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  const insert = preparedSql<{
    order: Record<string, unknown> | null;
    lines: Record<string, unknown>[] | null;
  }>(db, places ? 'order_insert_taking_places' : 'order_insert', () =>
    insertOrderSql(places ? takePlacesCall : sql`true`),
  );
  const [row] = await insert.execute({
    ...(places ? takePlacesValues(places.ticketId, places.needed, places.capacity) : {}),
    code: order.code,
    userId: order.userId,
    status: order.status,
    language: order.language,
    paymentMethod: order.paymentMethod,
    idempotencyKey: order.idempotencyKey,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents ?? 0,
    couponCode: order.couponCode ?? null,
    couponDiscountCents: order.couponDiscountCents ?? 0,
    totalCents: order.totalCents,
    cancellationRule: order.cancellationRule ? JSON.stringify(order.cancellationRule) : null,
    holdExpiresAt: order.holdExpiresAt.toISOString(),
    createdAt: (order.createdAt ?? new Date()).toISOString(),
    lines: JSON.stringify(lines.map(lineJson)),
  });
  if (!row?.order) return null;
  return {
    order: rowFromJson(orders, row.order),
    lines: (row.lines ?? []).map((line) => rowFromJson(orderLines, line)),
  };
}

const value = (name: string) => sql.placeholder(name);

function insertOrderSql(takePlaces: SQL<boolean>): SQL {
  return sql`with places as (select ${takePlaces} as taken),
      new_order as (
        insert into orders (code, user_id, status, language, payment_method, idempotency_key,
          subtotal_cents, discount_cents, coupon_code, coupon_discount_cents, total_cents,
          cancellation_rule, hold_expires_at, created_at)
        select ${value('code')}, ${value('userId')}, ${value('status')}, ${value('language')},
          ${value('paymentMethod')}, ${value('idempotencyKey')}, ${value('subtotalCents')},
          ${value('discountCents')}, ${value('couponCode')}, ${value('couponDiscountCents')},
          ${value('totalCents')}, ${value('cancellationRule')}::jsonb, ${value('holdExpiresAt')}::timestamptz, ${value('createdAt')}::timestamptz
        from places
        where places.taken
        returning *
      ),
      new_lines as (
        insert into order_lines (order_id, ticket_id, guest_name, start_date, end_date,
          fishing_card_number, country, fiscal_code, unit_price_cents)
        select new_order.id, line.ticket_id, line.guest_name, line.start_date, line.end_date,
          line.fishing_card_number, line.country, line.fiscal_code, line.unit_price_cents
        from new_order,
          json_to_recordset(${value('lines')}::json) as line(
            ticket_id integer, guest_name text, start_date date, end_date date,
            fishing_card_number text, country text, fiscal_code text, unit_price_cents integer, n integer)
        order by line.n
        returning *
      )
      select (select row_to_json(new_order) from new_order) as order,
        (select json_agg(new_lines order by new_lines.id) from new_lines) as lines`;
}

function lineJson(line: NewOrderLine, n: number) {
  return {
    n,
    ticket_id: line.ticketId,
    guest_name: line.guestName,
    start_date: line.startDate,
    end_date: line.endDate,
    fishing_card_number: line.fishingCardNumber ?? null,
    country: line.country ?? null,
    fiscal_code: line.fiscalCode ?? null,
    unit_price_cents: line.unitPriceCents,
  };
}

export type NewIssuedTicket = {
  code: string;
  orderLineId: number;
  ticketId: number;
  holderName: string;
  validFrom: string;
  validUntil: string;
  maxUsage: number | null;
  signedCode: string;
  qrCode: string;
  shareToken: string;
};

/**
 * Marks an order issued and writes its tickets, in one statement: both or neither. Only an
 * order still in state `from` changes (undefined otherwise), and a line that already has its
 * ticket keeps it, so issuing twice never makes two. With `mailQueue` the same statement queues
 * the job that mails the tickets (`{ orderId }`), only if the order was issued. Every paid buy
 * sends it: prepared.
 */
export async function issueOrder(
  db: Db | Transaction,
  orderId: number,
  from: OrderStatus,
  issued: NewIssuedTicket[],
  now: Date,
  payment?: { reference: string | null; paid: boolean },
  mailQueue?: string,
): Promise<OrderRow | undefined> {
  const issue = preparedSql<{ order: Record<string, unknown> }>(
    db,
    mailQueue ? `order_issue_queueing_${mailQueue.replaceAll('-', '_')}` : 'order_issue',
    () => issueOrderSql(mailQueue),
  );
  const [row] = await issue.execute({
    orderId,
    from,
    at: now.toISOString(),
    // Without a payment the order keeps the reference and payment time it has.
    paid: payment?.paid ?? false,
    reference: payment?.reference ?? null,
    tickets: JSON.stringify(issued.map(issuedJson)),
  });
  return row?.order ? rowFromJson(orders, row.order) : undefined;
}

function issueOrderSql(mailQueue: string | undefined): SQL {
  const mail = mailQueue
    ? sql`, queued as (${insertJobsSql(mailQueue, sql`select jsonb_build_object('orderId', moved.id) from moved`)})`
    : sql``;
  return sql`with moved as (
      update orders set status = 'issued', issued_at = ${value('at')}::timestamptz,
        paid_at = case when ${value('paid')}::boolean then coalesce(paid_at, ${value('at')}::timestamptz) else paid_at end,
        payment_reference = coalesce(${value('reference')}::text, payment_reference), updated_at = now()
      where id = ${value('orderId')}::integer and status = ${value('from')}
      returning *
    ),
    written as (
      insert into issued_tickets (code, order_id, order_line_id, ticket_id, holder_name, valid_from,
        valid_until, max_usage, signed_code, qr_code, share_token, issued_at)
      select ticket.code, moved.id, ticket.order_line_id, ticket.ticket_id, ticket.holder_name,
        ticket.valid_from, ticket.valid_until, ticket.max_usage, ticket.signed_code, ticket.qr_code,
        ticket.share_token, ${value('at')}::timestamptz
      from moved, json_to_recordset(${value('tickets')}::json) as ticket(
        code text, order_line_id integer, ticket_id integer, holder_name text, valid_from date,
        valid_until date, max_usage integer, signed_code text, qr_code text, share_token text)
      on conflict (order_line_id) do nothing
    )${mail}
    select row_to_json(moved) as order from moved`;
}

function issuedJson(ticket: NewIssuedTicket) {
  return {
    code: ticket.code,
    order_line_id: ticket.orderLineId,
    ticket_id: ticket.ticketId,
    holder_name: ticket.holderName,
    valid_from: ticket.validFrom,
    valid_until: ticket.validUntil,
    max_usage: ticket.maxUsage,
    signed_code: ticket.signedCode,
    qr_code: ticket.qrCode,
    share_token: ticket.shareToken,
  };
}

/**
 * Moves an order from one state to another, only if it is still in the state expected: two
 * processes finishing the same order (a webhook and the buyer's return) cannot both win.
 */
export async function moveOrder(
  db: Db | Transaction,
  id: number,
  from: OrderStatus,
  changes: Partial<NewOrder> & { status: OrderStatus },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row;
}

/** A pay-on-site order's money taken at the meeting point; undefined when it was paid already. */
export async function recordOnSitePayment(
  db: Db | Transaction,
  id: number,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paidAt: now, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'issued'), isNull(orders.paidAt)))
    .returning();
  return row;
}

/** A refunded order's tickets stop being valid. */
export async function cancelOrderTickets(db: Db | Transaction, orderId: number): Promise<void> {
  await db.update(issuedTickets).set({ status: 'cancelled' }).where(eq(issuedTickets.orderId, orderId));
}

/** Pending orders whose hold ran out, locked so that two workers never release one twice. */
export async function lockExpiredHolds(tx: Transaction, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.holdExpiresAt, now)))
    .orderBy(orders.holdExpiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Codes people read out at a ticket desk: no 0/O or 1/I to confuse. */
// The compact QR code packs a ticket code in 5 bits a letter of this alphabet (ADR 044).
const CODE_ALPHABET = TICKET_CODE_ALPHABET;
export function newPublicCode(prefix: string): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `${prefix}-${chars.slice(0, 5)}-${chars.slice(5)}`;
}
