import { PERMISSIONS, STAFF_ROLES, type StaffPermission, type StaffRole } from '@sentiero/contract/access';
import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { inEvery, ticketFields } from '../../test/catalogue-console-kit.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createTicket } from '../../test/factories.ts';
import { createOperator, staffWith } from '../../test/staff-factories.ts';

/*
 * The console's catalogue (issue 23, item 4): who may read and change it follows the permission
 * table, an operator's staff never see another operator's areas and tickets, a narrowed manager
 * only their areas; edits are validated, audited field by field, and a ticket shows on the
 * storefront only once published, with its Italian and English texts.
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

const db = () => sut.database.db;
const staffOf = (role: StaffRole, operatorId: number | null, areaIds?: number[]) =>
  staffWith(sut, clock, role, operatorId, areaIds);

async function operatorWithTicket() {
  const operator = await createOperator(db());
  const area = await createArea(db(), { operatorId: operator.id });
  const ticket = await createTicket(db(), { areaId: area.id });
  return { operator, area, ticket };
}

type Call = (browser: Browser, ids: { ticketId: number; areaId: number }) => ReturnType<Browser['get']>;
/** Each endpoint with what it answers someone allowed (200), on a ticket of the operator. */
const ENDPOINTS: { permission: StaffPermission; call: Call }[] = [
  { permission: 'catalogue.read', call: (b) => b.get('/api/console/catalogue/areas?lng=en') },
  { permission: 'catalogue.read', call: (b) => b.get('/api/console/catalogue/tickets?lng=en') },
  { permission: 'catalogue.read', call: (b) => b.get('/api/console/catalogue/options?lng=en') },
  {
    permission: 'catalogue.read',
    call: (b, { ticketId }) => b.get(`/api/console/catalogue/ticket?lng=en&id=${ticketId}`),
  },
  {
    permission: 'catalogue.read',
    call: (b, { ticketId }) => b.get(`/api/console/catalogue/ticket/days?lng=en&id=${ticketId}`),
  },
  {
    permission: 'catalogue.read',
    call: (b, { ticketId }) => b.get(`/api/console/catalogue/photos?lng=en&ticket_id=${ticketId}`),
  },
  {
    permission: 'catalogue.write',
    call: async (b, { areaId }) =>
      b.post('/api/console/catalogue/ticket/create?lng=en', { ticket: await ticketFields(db(), areaId) }),
  },
  {
    permission: 'catalogue.write',
    call: async (b, { ticketId, areaId }) =>
      b.post('/api/console/catalogue/ticket/update?lng=en', {
        ticket: await ticketFields(db(), areaId),
        id: ticketId,
      }),
  },
  {
    permission: 'catalogue.write',
    call: (b, { ticketId }) =>
      b.post('/api/console/catalogue/ticket/status?lng=en', { id: ticketId, status: 'published' }),
  },
  {
    permission: 'catalogue.write',
    call: (b, { ticketId }) =>
      b.post('/api/console/catalogue/ticket/day?lng=en', {
        id: ticketId,
        date: '2027-07-01',
        closed: true,
        capacity: null,
        reason: 'Regatta on the lake',
      }),
  },
];

const holds = (role: StaffRole, permission: StaffPermission) =>
  (PERMISSIONS[permission].heldBy as readonly string[]).includes(role);

describe('who may use the console catalogue', () => {
  it.each(STAFF_ROLES)(
    'gives a %s what the permission table gives it, and refuses the rest',
    async (role) => {
      const { operator, area, ticket } = await operatorWithTicket();
      const browser = await staffOf(role, operator.id);
      for (const endpoint of ENDPOINTS) {
        const response = await endpoint.call(browser, { ticketId: ticket.id, areaId: area.id });
        const where = `${role} ${endpoint.permission}: ${response.body}`;
        if (holds(role, endpoint.permission)) expect(response.statusCode, where).toBe(200);
        else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json().code, where).toBe('FORBIDDEN');
        }
      }
    },
  );

  it('answers a visitor 401 on every endpoint', async () => {
    const { area, ticket } = await operatorWithTicket();
    for (const endpoint of ENDPOINTS) {
      const response = await endpoint.call(createBrowser(sut), { ticketId: ticket.id, areaId: area.id });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe("another operator's catalogue", () => {
  it('is not listed to an owner, and its ticket and area answer 404 to every call', async () => {
    const a = await operatorWithTicket();
    const b = await operatorWithTicket();
    const owner = await staffOf('owner', a.operator.id);

    const areas = (await owner.get('/api/console/catalogue/areas?lng=en')).json();
    expect(areas.areas.map((area: { id: number }) => area.id)).toEqual([a.area.id]);
    const tickets = (await owner.get('/api/console/catalogue/tickets?lng=en')).json();
    expect(tickets.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([a.ticket.id]);
    expect((await owner.get(`/api/console/catalogue/tickets?lng=en&area_id=${b.area.id}`)).json().total).toBe(
      0,
    );

    for (const endpoint of ENDPOINTS.slice(3)) {
      const response = await endpoint.call(owner, { ticketId: b.ticket.id, areaId: b.area.id });
      expect(response.statusCode, `${response.body}`).toBe(404);
    }
    // Nothing of theirs changed: no audit line about the other operator's ticket.
    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, String(b.ticket.id))));
    expect(lines).toEqual([]);
  });

  it('shows a manager narrowed to some areas only those areas and their tickets', async () => {
    const operator = await createOperator(db());
    const mine = await createArea(db(), { operatorId: operator.id });
    const other = await createArea(db(), { operatorId: operator.id });
    const myTicket = await createTicket(db(), { areaId: mine.id });
    const otherTicket = await createTicket(db(), { areaId: other.id });
    const manager = await staffOf('manager', operator.id, [mine.id]);

    const areas = (await manager.get('/api/console/catalogue/areas?lng=en')).json();
    expect(areas.areas.map((area: { id: number }) => area.id)).toEqual([mine.id]);
    const tickets = (await manager.get('/api/console/catalogue/tickets?lng=en')).json();
    expect(tickets.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([myTicket.id]);
    expect((await manager.get(`/api/console/catalogue/ticket?lng=en&id=${otherTicket.id}`)).statusCode).toBe(
      404,
    );
    // Nor may they create a ticket in, or move one to, an area they are not given.
    const create = await manager.post('/api/console/catalogue/ticket/create?lng=en', {
      ticket: await ticketFields(db(), other.id),
    });
    expect(create.statusCode).toBe(404);
    const move = await manager.post('/api/console/catalogue/ticket/update?lng=en', {
      ticket: await ticketFields(db(), other.id),
      id: myTicket.id,
    });
    expect(move.statusCode).toBe(404);
  });
});

describe('editing a ticket', () => {
  it('refuses bad fields with a message for each, writing nothing', async () => {
    const { operator, area } = await operatorWithTicket();
    const manager = await staffOf('manager', operator.id);
    const response = await manager.post('/api/console/catalogue/ticket/create?lng=en', {
      ticket: await ticketFields(db(), area.id, {
        price_cents: 1000,
        discounted_price_cents: 1500,
        open_days: [],
        season: { start: '13-01', end: '02-30' },
        sale_from: '2027-06-01',
        sale_until: '2027-05-01',
        duration_type: 'FORTNIGHTLY',
      }),
    });
    expect(response.statusCode).toBe(400);
    const { code, fields } = response.json();
    expect(code).toBe('VALIDATION_FAILED');
    expect(fields).toMatchObject({
      'ticket.open_days': 'Choose at least one open day',
      'ticket.season.start': 'Enter a day as MM-DD, for example 06-01',
      'ticket.duration_type': 'This value is not valid',
    });
    const count = (await manager.get('/api/console/catalogue/tickets?lng=en')).json().total;
    expect(count).toBe(1);

    const refined = await manager.post('/api/console/catalogue/ticket/create?lng=en', {
      ticket: await ticketFields(db(), area.id, {
        price_cents: 1000,
        discounted_price_cents: 1500,
        sale_from: '2027-06-01',
        sale_until: '2027-05-01',
      }),
    });
    expect(refined.json().fields).toMatchObject({
      'ticket.discounted_price_cents': 'The discounted price must be lower than the price',
      'ticket.sale_until': 'The sale period must end after it starts',
    });
  });

  it('creates a draft the storefront does not show, flags missing languages, and publishes it with Italian and English texts', async () => {
    const { operator, area } = await operatorWithTicket();
    const owner = await staffOf('owner', operator.id);
    const fields = await ticketFields(db(), area.id, {
      title: { it: 'Gita in canoa', en: '', es: '', de: '', sl: '' },
      description: { it: 'Due ore sul lago.', en: '', es: '', de: '', sl: '' },
      rules: { it: 'Giubbotto sempre.', en: '', es: '', de: '', sl: '' },
      meeting_point: { it: '', en: '', es: '', de: '', sl: '' },
    });
    const created = await owner.post('/api/console/catalogue/ticket/create?lng=en', { ticket: fields });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json();
    expect(draft.status).toBe('draft');
    expect(draft.missing.en).toEqual(['title', 'description', 'rules']);
    expect(draft.missing.it).toBeUndefined();
    expect(draft.publish_problems).toEqual(['title.en', 'description.en', 'rules.en']);
    expect((await createBrowser(sut).get(`/api/app/ticket/info?lng=en&id=${draft.id}`)).statusCode).toBe(404);

    const refused = await owner.post('/api/console/catalogue/ticket/status?lng=en', {
      id: draft.id,
      status: 'published',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TICKET_INCOMPLETE',
      fields: { 'title.en': 'This field is mandatory' },
    });

    const complete = {
      ...fields,
      title: inEvery('Canoe'),
      description: inEvery('Two hours'),
      rules: inEvery('Jackets'),
    };
    const updated = await owner.post('/api/console/catalogue/ticket/update?lng=en', {
      ticket: complete,
      id: draft.id,
    });
    expect(updated.json().missing).toEqual({});
    const published = await owner.post('/api/console/catalogue/ticket/status?lng=en', {
      id: draft.id,
      status: 'published',
    });
    expect(published.json().status).toBe('published');

    const visitor = createBrowser(sut);
    const info = await visitor.get(`/api/app/ticket/info?lng=en&id=${draft.id}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().ticket).toMatchObject({ title: 'Canoe (en)', price_cents: 3500, daily_capacity: 8 });
    // Listed with the area's tickets too: its facets were written with it.
    const listed = (await visitor.get(`/api/app/v2/ticket/area/list?lng=en&id=${area.id}`)).json();
    expect(JSON.stringify(listed)).toContain(`"id":${draft.id},`);

    // A published ticket keeps its Italian and English texts.
    const emptied = await owner.post('/api/console/catalogue/ticket/update?lng=en', {
      ticket: { ...complete, title: { ...complete.title, it: ' ' } },
      id: draft.id,
    });
    expect(emptied.statusCode).toBe(409);

    await owner.post('/api/console/catalogue/ticket/status?lng=en', { id: draft.id, status: 'unpublished' });
    expect((await visitor.get(`/api/app/ticket/info?lng=en&id=${draft.id}`)).statusCode).toBe(404);
  });

  it('writes each changed field before and after to the audit log, with who did it', async () => {
    const { operator, area, ticket } = await operatorWithTicket();
    const manager = await staffOf('manager', operator.id);
    const before = (await manager.get(`/api/console/catalogue/ticket?lng=en&id=${ticket.id}`)).json();
    const response = await manager.post('/api/console/catalogue/ticket/update?lng=en', {
      ticket: { ...before.fields, price_cents: 1900, min_age: 12 },
      id: ticket.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.update'), eq(auditLog.targetId, String(ticket.id))));
    expect(line).toMatchObject({ role: 'manager', operatorId: operator.id, targetType: 'ticket' });
    expect(line?.changes).toEqual({ priceCents: [1500, 1900], minAge: [0, 12] });
    expect(area.id).toBe(before.area.id);
  });
});
