import { get as httpGet } from 'node:http';
import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { auditLog, orderLines, orders } from '@sentiero/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  memberId,
  unique,
} from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';
import { cookieOf, listenCountingBytes } from '../../test/streamed-requests.ts';
import { orderExportPieces } from './export-orders.ts';

/*
 * The CSV export of an order search (issue 23, item 4; ADR 035): the same filters and scope as
 * the search, every matching order, written as the database answers it, audited.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function operatorWithOrder(guestName = 'Anna Conti') {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  const buyer = await createMember(sut, 'Marta');
  const order = await createOrder(sut.database.db, { userId: await memberId(buyer), totalCents: 1250 }, [
    { ticketId: ticket.id, startDate: ticket.date, guestName },
  ]);
  return { operator, area, ticket, order, buyer };
}

async function staffOf(role: StaffRole, operatorId: number | null): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, { role, operatorId: everywhere ? null : operatorId });
  return signInStaff(sut, staff, clock);
}

const exportOf = (browser: Browser, query: string) => browser.get(`/api/console/orders/export.csv?${query}`);

/** The file's rows, parsed as a spreadsheet would (the byte-order mark first, then `;`-separated). */
function rowsOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parseCsv(body.slice(1));
}

/** RFC 4180 with `;`: quoted fields may hold `;`, line breaks and doubled quotes; rows end in CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      at++;
    } else field += char;
  }
  expect(field, 'the file ends with a line end').toBe('');
  expect(new Set(rows.map((each) => each.length)).size, 'every row has as many fields').toBe(1);
  return rows;
}

describe('who may export orders', () => {
  it.each(STAFF_ROLES)('answers a %s as the permission table says', async (role) => {
    const { operator, order } = await operatorWithOrder();
    const browser = await staffOf(role, operator.id);
    const response = await exportOf(browser, `lng=en&order_code=${order.code}`);
    if ((PERMISSIONS['orders.export'].heldBy as readonly string[]).includes(role)) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-2026-11-23\.csv"/,
      );
      expect(rowsOf(response.body).map((row) => row[0])).toEqual(['Order', order.code]);
    } else {
      expect(response.statusCode, role).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers a visitor 401', async () => {
    const response = await exportOf(createBrowser(sut), 'lng=en');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it("never puts another operator's orders in an operator's export, whatever the filter", async () => {
    const a = await operatorWithOrder('Export Guest A');
    const b = await operatorWithOrder('Export Guest B');
    const manager = await staffOf('manager', a.operator.id);

    const all = rowsOf((await exportOf(manager, 'lng=en')).body).map((row) => row[0]);
    expect(all).toContain(a.order.code);
    expect(all).not.toContain(b.order.code);
    const named = await exportOf(manager, `lng=en&order_code=${b.order.code}`);
    expect(named.statusCode).toBe(200);
    expect(rowsOf(named.body)).toHaveLength(1);
    const byArea = await exportOf(manager, `lng=en&area_id=${b.area.id}`);
    expect(rowsOf(byArea.body)).toHaveLength(1);

    const admin = await staffOf('admin', null);
    const everything = rowsOf((await exportOf(admin, 'lng=en&guest_name=Export%20Guest')).body);
    expect(everything.map((row) => row[0])).toEqual(expect.arrayContaining([a.order.code, b.order.code]));
  });

  it('refuses bad filters with 400 and field messages, writing no audit line', async () => {
    const { operator } = await operatorWithOrder();
    const staff = await createStaff(sut.database.db, { role: 'manager', operatorId: operator.id });
    const manager = await signInStaff(sut, staff, clock);
    const response = await exportOf(manager, 'lng=en&day=2026-02-31&state=lost');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toEqual(expect.arrayContaining(['day', 'state']));
    const lines = await sut.database.db.select().from(auditLog).where(eq(auditLog.staffId, staff.id));
    expect(lines.filter((line) => line.action === 'orders.export')).toEqual([]);
  });
});

describe('the CSV file', () => {
  it("quotes what needs quoting, defuses formulas, and speaks the staff member's language", async () => {
    const { operator, ticket, buyer } = await operatorWithOrder();
    const tricky = ['Rossi; "Mario"', 'Anna\nBianchi', 'Jurček Šušteršič'];
    const order = await createOrder(
      sut.database.db,
      { userId: await memberId(buyer), totalCents: 123456, status: 'issued', paymentMethod: 'cash' },
      tricky.map((guestName) => ({ ticketId: ticket.id, startDate: ticket.date, guestName })),
    );
    const formula = await createOrder(sut.database.db, { userId: await memberId(buyer) }, [
      { ticketId: ticket.id, startDate: ticket.date, guestName: '=HYPERLINK("http://x")' },
    ]);
    const accountant = await staffOf('accountant', operator.id);

    const response = await exportOf(accountant, `lng=it&order_code=${order.code}`);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''ordini-2026-11-23.csv");
    const body = response.body;
    // A field with the separator, a quote or a line break is quoted, its quotes doubled.
    expect(body).toContain(';"Rossi; ""Mario""; Anna\nBianchi; Jurček Šušteršič";');
    expect(body.split('\r\n')[0]?.startsWith('\uFEFFOrdine;Stato;Creato')).toBe(true);
    const [header, row] = rowsOf(body);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('Stato')).toBe('Emesso');
    expect(cell('Pagamento')).toBe('Pagamento in loco');
    expect(cell('Totale (EUR)')).toBe('1234,56');
    expect(cell('Ospiti')).toBe('3');
    expect(cell('Nomi degli ospiti')).toBe(tricky.join('; '));

    // A name a buyer typed as a formula is text, not something a spreadsheet runs.
    const defused = rowsOf((await exportOf(accountant, `lng=en&order_code=${formula.code}`)).body);
    expect(defused[0]?.slice(0, 3)).toEqual(['Order', 'State', 'Created']);
    expect(defused[1]?.[defused[0]?.indexOf('Guest names') ?? -1]).toBe(`'=HYPERLINK("http://x")`);
    expect(defused[1]?.[defused[0]?.indexOf('Total (EUR)') ?? -1]).toBe('10.00');
  });

  it('writes who exported with which filters to the audit log, for the operator whose orders they are', async () => {
    const { operator, area } = await operatorWithOrder();
    const staff = await createStaff(sut.database.db, { role: 'owner', operatorId: operator.id });
    const owner = await signInStaff(sut, staff, clock);

    const response = await exportOf(owner, `lng=en&area_id=${area.id}&guest_name=Conti&state=pending`);

    expect(response.statusCode).toBe(200);
    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.action, 'orders.export')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      role: 'owner',
      operatorId: operator.id,
      targetType: 'orders',
      changes: { filters: [null, { areaId: area.id, guestName: 'Conti', state: 'pending' }] },
    });
  });
});

describe('a large export', () => {
  const ORDERS = 3_000;
  let setup: Awaited<ReturnType<typeof operatorWithOrder>>;

  beforeAll(async () => {
    setup = await operatorWithOrder('Bulk Guest 0');
    const userId = await memberId(setup.buyer);
    const at = Date.parse('2026-01-01T00:00:00Z');
    for (let from = 0; from < ORDERS; from += 500) {
      const made = await sut.database.db
        .insert(orders)
        .values(
          Array.from({ length: 500 }, (_, index) => ({
            code: unique('ST-BULK'),
            userId,
            status: 'issued' as const,
            language: 'en' as const,
            paymentMethod: 'card',
            idempotencyKey: unique('bulk'),
            subtotalCents: 1500,
            totalCents: 1500,
            holdExpiresAt: new Date(at),
            // Many orders share a millisecond: the batches must neither skip nor repeat them.
            createdAt: new Date(at + Math.floor((from + index) / 7)),
          })),
        )
        .returning({ id: orders.id });
      await sut.database.db.insert(orderLines).values(
        made.map((order, index) => ({
          orderId: order.id,
          ticketId: setup.ticket.id,
          guestName: `Bulk Guest ${from + index + 1}`,
          startDate: setup.ticket.date,
          endDate: setup.ticket.date,
          unitPriceCents: 1500,
        })),
      );
    }
  }, 120_000);

  it('arrives piece by piece over the connection, every order once', async () => {
    const manager = await staffOf('manager', setup.operator.id);
    const { origin } = await listenCountingBytes(sut);
    const { headers, chunks, body } = await new Promise<{
      headers: Record<string, unknown>;
      chunks: number;
      body: string;
    }>((resolve, reject) => {
      httpGet(
        `${origin}/api/console/orders/export.csv?lng=en&ticket_id=${setup.ticket.id}`,
        { headers: { cookie: cookieOf(manager), 'accept-encoding': 'gzip, br' } },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () =>
            resolve({
              headers: response.headers,
              chunks: parts.length,
              body: Buffer.concat(parts).toString(),
            }),
          );
          response.on('error', reject);
        },
      ).on('error', reject);
    });

    // No length known in advance: the file is sent as it is written, in many pieces.
    expect(headers['content-length']).toBeUndefined();
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(chunks).toBeGreaterThan(ORDERS / 500);
    const codes = rowsOf(body)
      .slice(1)
      .map((row) => row[0]);
    expect(codes).toHaveLength(ORDERS + 1);
    expect(new Set(codes).size).toBe(ORDERS + 1);
  });

  it('reads the next batch only once the one before was taken, so memory holds one batch', async () => {
    const scope = { everywhere: false, operatorIds: [setup.operator.id], areaIds: [] } as const;
    const pieces = orderExportPieces(
      { db: sut.database.db },
      scope,
      { ticketId: setup.ticket.id },
      'en',
      500,
    );
    const header = await pieces.next();
    const firstBatch = await pieces.next();
    expect(String(header.value)).toContain('Order;State');
    expect(String(firstBatch.value).split('\r\n').filter(Boolean)).toHaveLength(500);

    // The oldest order comes last. Renamed now, after the first batch was taken: an export that
    // had read every order at once would still write the old name.
    const [oldest] = await sut.database.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(inArray(orderLines.guestName, ['Bulk Guest 1']));
    await sut.database.db
      .update(orderLines)
      .set({ guestName: 'Renamed While Exporting' })
      .where(eq(orderLines.orderId, oldest?.id ?? 0));

    let rest = '';
    let batches = 0;
    for await (const piece of pieces) {
      rest += piece;
      batches++;
    }
    expect(batches).toBe(Math.ceil((ORDERS + 1) / 500) - 1);
    expect(rest.trimEnd().split('\r\n').at(-1)).toContain('Renamed While Exporting');
  });
});
