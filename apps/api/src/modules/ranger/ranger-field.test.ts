import type { webcrypto } from 'node:crypto';
import type { RangerBundleContent } from '@sentiero/contract/ranger';
import { decodeRevokedCodes, isRevoked } from '@sentiero/contract/ranger-field';
import { issuedTickets, ticketRedemptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  createArea,
  createTicket,
  createTicketHolder,
  type HeldTicket,
  type TestTicket,
} from '../../test/factories.ts';
import { enrolDevice, type TestDevice } from '../../test/ranger-devices.ts';
import { createOperator, createStaff, signInStaff, type TestStaff } from '../../test/staff-factories.ts';

/*
 * What a ranger's phone keeps and sends back (issue 24, items 2, 4 and 7; ADR 043): the signed
 * bundle of exactly the assigned areas, the uses recorded offline counted once, kept past the
 * maximum with a conflict naming both devices, and a hash chain whose gap or rewrite is flagged.
 */

const clock = createTestClock(Date.parse('2026-11-23T08:00:00Z'));
let sut: TestApp;
let owner: TestStaff;
let areaIds: { north: number; south: number; closed: number; elsewhere: number };
let north: TestDevice;
let south: TestDevice;
let foreign: TestDevice;
let lastUse: HeldTicket;
let revoked: HeldTicket;
let revokedElsewhere: HeldTicket;
let bundleKey: webcrypto.CryptoKey;
/** The ticket each holder bought, by the area it is of. */
const listed = new Map<number, TestTicket>();

async function holderOf(areaId: number, holder: string): Promise<HeldTicket> {
  const ticket = await createTicket(sut.database.db, { areaId });
  listed.set(areaId, ticket);
  return (await createTicketHolder(sut, ticket, { holder })).ticket;
}

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off', RANGER_BUNDLE_HOURS: '12' }, { clock });
  const { db } = sut.database;
  const operator = await createOperator(db);
  const other = await createOperator(db);
  const area = async (operatorId: number, dailyLimitG: number | null = null) =>
    (await createArea(db, { operatorId, dailyLimitG })).id;
  areaIds = {
    north: await area(operator.id, 2000),
    south: await area(operator.id),
    closed: await area(operator.id),
    elsewhere: await area(other.id),
  };
  const northRanger = await createStaff(db, {
    role: 'ranger',
    operatorId: operator.id,
    areaIds: [areaIds.north, areaIds.south],
  });
  const southRanger = await createStaff(db, {
    role: 'ranger',
    operatorId: operator.id,
    areaIds: [areaIds.north],
  });
  const foreignRanger = await createStaff(db, { role: 'ranger', operatorId: other.id });
  owner = await createStaff(db, { role: 'owner', operatorId: operator.id });
  north = await enrolDevice(sut, northRanger, clock, 'North phone');
  south = await enrolDevice(sut, southRanger, clock, 'South phone');
  foreign = await enrolDevice(sut, foreignRanger, clock, 'Foreign phone');
});

// Three tickets bought through the API: a hook of their own, apart from the staff and devices.
beforeAll(async () => {
  const { db } = sut.database;
  lastUse = await holderOf(areaIds.north, 'Ada Last');
  revoked = await holderOf(areaIds.south, 'Rita Refunded');
  revokedElsewhere = await holderOf(areaIds.closed, 'Carlo Closed');
  await db.update(issuedTickets).set({ maxUsage: 1 }).where(eq(issuedTickets.code, lastUse.code));
  for (const code of [revoked.code, revokedElsewhere.code]) {
    await db.update(issuedTickets).set({ status: 'cancelled' }).where(eq(issuedTickets.code, code));
  }
  bundleKey = await crypto.subtle.importKey(
    'raw',
    Buffer.from(north.bundleKey, 'base64url'),
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
});
afterAll(() => sut.close());

async function bundleOf(device: TestDevice, query = ''): Promise<RangerBundleContent> {
  const answer = await device.request('GET', `/api/ranger/bundle?lng=en${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const { payload, signature } = answer.json();
  const holds = await crypto.subtle.verify(
    { name: 'Ed25519' },
    bundleKey,
    Buffer.from(signature, 'base64url'),
    new TextEncoder().encode(`SB1.${payload}`),
  );
  expect(holds).toBe(true);
  return JSON.parse(payload);
}

describe("a ranger's bundle", () => {
  it('holds exactly the assigned areas, their revoked tickets, limits and keys, signed', async () => {
    const bundle = await bundleOf(north);
    expect(bundle.areas.map((area) => area.id).sort()).toEqual([areaIds.north, areaIds.south].sort());
    expect(bundle.areas.find((area) => area.id === areaIds.north)?.daily_limit_g).toBe(2000);
    expect(bundle.ticket_keys).toHaveLength(1);
    const codes = decodeRevokedCodes(bundle.revoked.codes);
    expect(bundle.revoked.count).toBe(1);
    expect(isRevoked(codes, revoked.code)).toBe(true);
    expect(isRevoked(codes, revokedElsewhere.code)).toBe(false);
    expect(isRevoked(codes, lastUse.code)).toBe(false);
    expect(Date.parse(bundle.expires_at) - Date.parse(bundle.issued_at)).toBe(12 * 3_600_000);
    // Each area's ticket, titled (a compact code carries only the ticket's id); not the unassigned area's.
    const titled = (areaId: number) => {
      const ticket = listed.get(areaId);
      return [{ id: ticket?.id, title: `Ticket ${ticket?.row.slug}` }];
    };
    expect(
      bundle.areas
        .map((area) => ({ id: area.id, tickets: area.tickets.map(({ id, title }) => ({ id, title })) }))
        .sort((a, b) => a.id - b.id),
    ).toEqual([
      { id: areaIds.north, tickets: titled(areaIds.north) },
      { id: areaIds.south, tickets: titled(areaIds.south) },
    ]);
  });

  it('narrows to the areas asked for, and refuses an area not assigned', async () => {
    const narrowed = await bundleOf(north, `&area_id=${areaIds.north}`);
    expect(narrowed.areas.map((area) => area.id)).toEqual([areaIds.north]);
    for (const areaId of [areaIds.closed, areaIds.elsewhere]) {
      const refused = await north.request('GET', `/api/ranger/bundle?lng=en&area_id=${areaId}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('RANGER_AREA_NOT_ASSIGNED');
    }
  });

  it("gives another operator's ranger only that operator's areas", async () => {
    const bundle = await bundleOf(foreign);
    expect(bundle.areas.map((area) => area.id)).toEqual([areaIds.elsewhere]);
    expect(bundle.revoked.count).toBe(0);
    const refused = await foreign.request('GET', `/api/ranger/bundle?lng=en&area_id=${areaIds.north}`);
    expect(refused.statusCode).toBe(403);
  });
});

const USES = '/api/ranger/uses?lng=en';

describe('uses recorded offline', () => {
  it("keeps both devices' last use of a ticket, records the conflict, and counts a retry once", async () => {
    const at = new Date(`${lastUse.valid_from}T09:00:00Z`);
    const first = await north.nextUse(lastUse.code, at);
    const second = await south.nextUse(lastUse.code, new Date(at.getTime() + 60_000));
    const fromNorth = await north.request('POST', USES, { uses: [first] });
    expect(fromNorth.statusCode, fromNorth.body).toBe(200);
    expect(fromNorth.json().results).toEqual([
      { client_id: first.client_id, outcome: 'recorded', conflict: false, chain: 'ok' },
    ]);
    const fromSouth = await south.request('POST', USES, { uses: [second] });
    expect(fromSouth.json().results).toEqual([
      { client_id: second.client_id, outcome: 'recorded', conflict: true, chain: 'ok' },
    ]);
    // The answer was lost: the phone sends the same batch again, with a new signature.
    const retried = await south.request('POST', USES, { uses: [second] });
    expect(retried.json().results[0].outcome).toBe('duplicate');
    const { db } = sut.database;
    const [ticket] = await db.select().from(issuedTickets).where(eq(issuedTickets.code, lastUse.code));
    expect(ticket?.uses).toBe(2);
    const uses = await db
      .select()
      .from(ticketRedemptions)
      .where(eq(ticketRedemptions.issuedTicketId, ticket?.id ?? 0));
    expect(uses.map((use) => use.deviceId).sort()).toEqual([north.id, south.id].sort());
    expect((await bundleOf(north)).uses).toContainEqual([lastUse.code, 2]);

    clock.set(clock.ms() + 60_000);
    const ownerConsole = await signInStaff(sut, owner, clock);
    const listed = (await ownerConsole.get('/api/console/ranger/devices?lng=en')).json();
    expect(listed.conflicts).toEqual([
      expect.objectContaining({
        ticket_code: lastUse.code,
        device: 'South phone',
        other_device: 'North phone',
      }),
    ]);
  });

  it('flags a gap in the chain and a record rewritten after it was hashed, and keeps both', async () => {
    const at = new Date(`${revoked.valid_from}T10:00:00Z`);
    const skipped = await north.nextUse(lastUse.code, at);
    const afterGap = await north.nextUse(lastUse.code, new Date(at.getTime() + 1000));
    const rewritten = await north.nextUse(lastUse.code, new Date(at.getTime() + 2000));
    const answer = await north.request('POST', USES, {
      uses: [afterGap, { ...rewritten, device_time: new Date(at.getTime() - 3_600_000).toISOString() }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results.map((result: { chain: string }) => result.chain)).toEqual([
      'gap',
      'rewrite',
    ]);
    expect(skipped.seq).toBe(afterGap.seq - 1);

    clock.set(clock.ms() + 60_000);
    const ownerConsole = await signInStaff(sut, owner, clock);
    const listed = (await ownerConsole.get('/api/console/ranger/devices?lng=en')).json();
    expect(
      listed.chain_breaks.map((row: { kind: string; seq: number }) => [row.kind, row.seq]).sort(),
    ).toEqual(
      [
        ['gap', afterGap.seq],
        ['rewrite', rewritten.seq],
      ].sort(),
    );
  });

  it('counts nothing for a ticket of an area the ranger does not guard', async () => {
    const use = await foreign.nextUse(lastUse.code, clock.now());
    const answer = await foreign.request('POST', USES, { uses: [use] });
    expect(answer.json().results[0].outcome).toBe('unknown_ticket');
  });
});

describe('redeeming online', () => {
  it("records the use with the device and the ranger, and refuses a ticket of another operator's area", async () => {
    const fresh = await holderOf(areaIds.north, 'Olga Online');
    clock.set(Date.parse(`${fresh.valid_from}T09:00:00Z`));
    const answer = await south.request('POST', '/api/ranger/redeem?lng=en', { code: fresh.signed_code });
    expect(answer.statusCode, answer.body).toBe(200);
    const { db } = sut.database;
    const [ticket] = await db.select().from(issuedTickets).where(eq(issuedTickets.code, fresh.code));
    const [use] = await db
      .select()
      .from(ticketRedemptions)
      .where(eq(ticketRedemptions.issuedTicketId, ticket?.id ?? 0));
    expect(use?.deviceId).toBe(south.id);
    const refused = await foreign.request('POST', '/api/ranger/redeem?lng=en', { code: fresh.signed_code });
    expect(refused.statusCode).toBe(403);
  });
});
