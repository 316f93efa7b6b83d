import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { auditLog, coupons } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createArea,
  createCoupon,
  createMember,
  createOrder,
  createTicket,
  memberId,
  unique,
} from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * The console's coupons (issue 23, item 4; ADR 038): who may manage them follows the permission
 * table; an operator's staff see and change only their operator's coupons, which reach only its
 * tickets and areas; a coupon of Sentiero's own, for the whole catalogue, is an admin's.
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

async function operatorWithTicket() {
  const operator = await createOperator(sut.database.db);
  const area = await createArea(sut.database.db, { operatorId: operator.id });
  const ticket = await createTicket(sut.database.db, { areaId: area.id });
  return { operator, area, ticket };
}

async function staffOf(role: StaffRole, operatorId: number | null, areaIds?: number[]): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, {
    role,
    operatorId: everywhere ? null : operatorId,
    areaIds: areaIds ?? null,
  });
  return signInStaff(sut, staff, clock);
}

const code = () =>
  unique('CPN')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 40);
const holds = (role: StaffRole) => (PERMISSIONS['coupons.manage'].heldBy as readonly string[]).includes(role);

describe('who may manage coupons', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const { operator, area } = await operatorWithTicket();
    const coupon = await createCoupon(sut.database.db, { operatorId: operator.id, areaIds: [area.id] });
    const browser = await staffOf(role, operator.id);
    const calls = [
      () => browser.get('/api/console/coupons?lng=en'),
      () => browser.get(`/api/console/coupon/choices?lng=en&operator_id=${operator.id}`),
      () =>
        browser.post('/api/console/coupon/create?lng=en', {
          code: code(),
          kind: 'percent',
          amount: 10,
          operator_id: operator.id,
          area_ids: [area.id],
        }),
      () =>
        browser.post('/api/console/coupon/update?lng=en', {
          id: coupon.id,
          kind: 'fixed',
          amount: 300,
          area_ids: [area.id],
        }),
      () => browser.post('/api/console/coupon/active?lng=en', { id: coupon.id, active: false }),
    ];
    for (const call of calls) {
      const response = await call();
      if (holds(role)) expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      else {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
    }
  });

  it('answers a visitor 401', async () => {
    const visitor = createBrowser(sut);
    expect((await visitor.get('/api/console/coupons?lng=en')).statusCode).toBe(401);
    expect((await visitor.post('/api/console/coupon/create?lng=en', {})).statusCode).toBe(401);
  });
});

describe("another operator's coupons", () => {
  it("are never listed to an operator's manager, nor changed: they answer 404", async () => {
    const a = await operatorWithTicket();
    const b = await operatorWithTicket();
    const ofA = await createCoupon(sut.database.db, { operatorId: a.operator.id, ticketIds: [a.ticket.id] });
    const ofB = await createCoupon(sut.database.db, { operatorId: b.operator.id, ticketIds: [b.ticket.id] });
    const sentiero = await createCoupon(sut.database.db);
    const manager = await staffOf('manager', a.operator.id);

    const listed = (await manager.get('/api/console/coupons?lng=en')).json();
    const codes = listed.coupons.map((row: { code: string }) => row.code);
    expect(codes).toContain(ofA.code);
    expect(codes).not.toContain(ofB.code);
    expect(codes).not.toContain(sentiero.code);
    expect((await manager.get(`/api/console/coupons?lng=en&code=${ofB.code}`)).json().total).toBe(0);

    for (const other of [ofB, sentiero]) {
      const update = await manager.post('/api/console/coupon/update?lng=en', {
        id: other.id,
        kind: 'percent',
        amount: 90,
        ticket_ids: [a.ticket.id],
      });
      expect(update.statusCode).toBe(404);
      const off = await manager.post('/api/console/coupon/active?lng=en', { id: other.id, active: false });
      expect(off.statusCode).toBe(404);
    }
    const [untouched] = await sut.database.db.select().from(coupons).where(eq(coupons.id, ofB.id));
    expect(untouched).toMatchObject({ amount: 10, active: true });
    expect(
      (await manager.get(`/api/console/coupon/choices?lng=en&operator_id=${b.operator.id}`)).statusCode,
    ).toBe(404);
  });

  it("refuses a manager a coupon for the whole catalogue, or for another operator's tickets or areas", async () => {
    const a = await operatorWithTicket();
    const b = await operatorWithTicket();
    const manager = await staffOf('manager', a.operator.id);
    const attempts = [
      { code: code(), kind: 'percent', amount: 10 },
      { code: code(), kind: 'percent', amount: 10, operator_id: b.operator.id, area_ids: [b.area.id] },
      { code: code(), kind: 'percent', amount: 10, operator_id: a.operator.id, ticket_ids: [b.ticket.id] },
      {
        code: code(),
        kind: 'percent',
        amount: 10,
        operator_id: a.operator.id,
        area_ids: [a.area.id, b.area.id],
      },
    ];
    for (const attempt of attempts) {
      const response = await manager.post('/api/console/coupon/create?lng=en', attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(403);
      expect(response.json().code).toBe('COUPON_OUTSIDE_SCOPE');
      expect(response.json().message).toContain('whole catalogue');
    }
    // A category alone would reach every operator's tickets in it.
    const categoryOnly = await manager.post('/api/console/coupon/create?lng=en', {
      code: code(),
      kind: 'percent',
      amount: 10,
      operator_id: a.operator.id,
      category_ids: [a.ticket.categoryId],
    });
    expect(categoryOnly.statusCode).toBe(400);
    expect(categoryOnly.json().fields).toEqual({ area_ids: 'Choose at least one area or ticket.' });
    // Nor can a coupon of theirs be moved onto another operator's tickets.
    const own = await createCoupon(sut.database.db, { operatorId: a.operator.id, areaIds: [a.area.id] });
    const moved = await manager.post('/api/console/coupon/update?lng=en', {
      id: own.id,
      kind: 'percent',
      amount: 10,
      ticket_ids: [b.ticket.id],
    });
    expect(moved.statusCode).toBe(403);
    expect(await sut.database.db.select().from(coupons).where(eq(coupons.operatorId, b.operator.id))).toEqual(
      [],
    );
  });

  it('limits a manager narrowed to some areas to coupons of those areas', async () => {
    const { operator, area, ticket } = await operatorWithTicket();
    const otherArea = await createArea(sut.database.db, { operatorId: operator.id });
    const ofOther = await createCoupon(sut.database.db, { operatorId: operator.id, areaIds: [otherArea.id] });
    const ofMine = await createCoupon(sut.database.db, { operatorId: operator.id, ticketIds: [ticket.id] });
    const narrowed = await staffOf('manager', operator.id, [area.id]);
    const codes = (await narrowed.get('/api/console/coupons?lng=en'))
      .json()
      .coupons.map((row: { code: string }) => row.code);
    expect(codes).toContain(ofMine.code);
    expect(codes).not.toContain(ofOther.code);
    const outside = await narrowed.post('/api/console/coupon/create?lng=en', {
      code: code(),
      kind: 'fixed',
      amount: 200,
      operator_id: operator.id,
      area_ids: [otherArea.id],
    });
    expect(outside.statusCode).toBe(403);
    const inside = await narrowed.post('/api/console/coupon/create?lng=en', {
      code: code(),
      kind: 'fixed',
      amount: 200,
      operator_id: operator.id,
      area_ids: [area.id],
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const choices = (await narrowed.get('/api/console/coupon/choices?lng=en')).json();
    expect(choices.sentiero).toBe(false);
    expect(choices.areas.map((row: { id: number }) => row.id)).toEqual([area.id]);
  });
});

describe('making and changing coupons', () => {
  it('makes each kind there is, shows its uses, and writes every change to the audit log', async () => {
    const { operator, area, ticket } = await operatorWithTicket();
    const owner = await staffOf('owner', operator.id);
    const wanted = code();
    const created = await owner.post('/api/console/coupon/create?lng=en', {
      code: wanted.toLowerCase(),
      kind: 'fixed',
      amount: 500,
      operator_id: operator.id,
      ticket_ids: `${ticket.id}`,
      area_ids: '',
      category_ids: `${ticket.categoryId}`,
      valid_from: '2026-12-01T00:00:00+01:00',
      valid_until: '2027-03-31T23:59:59+02:00',
      max_uses: '100',
      max_uses_per_person: '2',
      members_only: 'true',
    });
    expect(created.statusCode, created.body).toBe(200);
    const coupon = created.json().coupon;
    expect(coupon).toMatchObject({
      code: wanted,
      kind: 'fixed',
      amount: 500,
      ticket_ids: [ticket.id],
      area_ids: null,
      category_ids: [ticket.categoryId],
      valid_from: '2026-11-30T23:00:00.000Z',
      max_uses: 100,
      max_uses_per_person: 2,
      members_only: true,
      active: true,
      operator: { id: operator.id, name: operator.name },
      uses: 0,
    });

    const buyer = await createMember(sut, 'Ada');
    const userId = await memberId(buyer);
    for (const status of ['issued', 'paid', 'expired'] as const) {
      await createOrder(sut.database.db, { userId, couponCode: wanted, status }, [
        { ticketId: ticket.id, startDate: ticket.date },
      ]);
    }
    const listed = (await owner.get(`/api/console/coupons?lng=en&code=${wanted}`)).json();
    expect(listed.coupons[0].uses).toBe(2);

    const changed = await owner.post('/api/console/coupon/update?lng=en', {
      id: coupon.id,
      kind: 'percent',
      amount: 20,
      area_ids: [area.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().coupon).toMatchObject({
      code: wanted,
      kind: 'percent',
      amount: 20,
      ticket_ids: null,
    });
    const off = await owner.post('/api/console/coupon/active?lng=en', { id: coupon.id, active: 'false' });
    expect(off.json().coupon.active).toBe(false);
    expect((await owner.get(`/api/console/coupons?lng=en&state=active&code=${wanted}`)).json().total).toBe(0);

    const lines = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'coupon'), eq(auditLog.targetId, wanted)));
    expect(lines.map((line) => line.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.deactivate']);
    expect(lines[0]).toMatchObject({ role: 'owner', operatorId: operator.id });
    expect(lines[1]?.changes).toMatchObject({ kind: ['fixed', 'percent'], amount: [500, 20] });
    expect(lines[2]?.changes).toEqual({ active: [true, false] });
  });

  it('refuses a code in use with its own message, and leaves nothing written', async () => {
    const { operator, area } = await operatorWithTicket();
    const taken = await createCoupon(sut.database.db);
    const admin = await staffOf('admin', null);
    const response = await admin.post('/api/console/coupon/create?lng=it', {
      code: taken.code.toLowerCase(),
      kind: 'percent',
      amount: 5,
      operator_id: operator.id,
      area_ids: [area.id],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'COUPON_CODE_TAKEN',
      fields: { code: 'Questo codice è già in uso.' },
    });
    expect(await sut.database.db.select().from(coupons).where(eq(coupons.operatorId, operator.id))).toEqual(
      [],
    );
  });

  it('refuses bad input field by field', async () => {
    const { operator, area } = await operatorWithTicket();
    const admin = await staffOf('admin', null);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'x', kind: 'percent', amount: 10 }, 'code'],
      [{ code: code(), kind: 'percent', amount: 101 }, 'amount'],
      [{ code: code(), kind: 'fixed', amount: 0 }, 'amount'],
      [{ code: code(), kind: 'gift', amount: 10 }, 'kind'],
      [{ code: code(), kind: 'percent', amount: 10, max_uses: '-1' }, 'max_uses'],
      [{ code: code(), kind: 'percent', amount: 10, valid_from: 'tomorrow' }, 'valid_from'],
      [
        {
          code: code(),
          kind: 'percent',
          amount: 10,
          valid_from: '2027-01-02T00:00:00Z',
          valid_until: '2027-01-01T00:00:00Z',
        },
        'valid_until',
      ],
      [{ code: code(), kind: 'percent', amount: 10, area_ids: [2_000_000] }, 'area_ids'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post('/api/console/coupon/create?lng=en', {
        operator_id: operator.id,
        area_ids: [area.id],
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it("lets an admin make a coupon of Sentiero's own for the whole catalogue, which checkout applies", async () => {
    const { ticket } = await operatorWithTicket();
    const admin = await staffOf('admin', null);
    const wanted = code();
    const created = await admin.post('/api/console/coupon/create?lng=en', {
      code: wanted,
      kind: 'percent',
      amount: 25,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().coupon.operator).toBeNull();
    const visitor = createBrowser(sut);
    const info = await visitor.post('/api/app/coupon/info?lng=en', { code: wanted, id_ticket: ticket.id });
    expect(info.statusCode, info.body).toBe(200);
    expect((await admin.get('/api/console/coupons?lng=en&operator=sentiero')).json().coupons[0].code).toBe(
      wanted,
    );
  });
});
