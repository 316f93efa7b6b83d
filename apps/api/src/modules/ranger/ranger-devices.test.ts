import { DEVICE_HEADERS } from '@sentiero/contract/ranger-field';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { createArea, createMember } from '../../test/factories.ts';
import { enrolDevice, makeDeviceKey, sendRaw, type TestDevice } from '../../test/ranger-devices.ts';
import { createOperator, createStaff, signInStaff, type TestStaff } from '../../test/staff-factories.ts';

/*
 * A ranger's phone (issue 24, ADR 043): enrolled from a complete console session, then known only
 * by the signature of each request. A replayed or altered request, a stale one, a revoked device
 * are refused with 401 and a code that says why; the operator's owner lists and revokes its
 * rangers' devices, and another operator's staff sees none of them.
 */

const clock = createTestClock(Date.parse('2026-11-23T08:00:00Z'));
let sut: TestApp;
let ranger: TestStaff;
let owner: TestStaff;
let otherManager: TestStaff;
let device: TestDevice;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' }, { clock });
  const { db } = sut.database;
  const operator = await createOperator(db);
  const other = await createOperator(db);
  const area = await createArea(db, { operatorId: operator.id });
  ranger = await createStaff(db, { role: 'ranger', operatorId: operator.id, areaIds: [area.id] });
  owner = await createStaff(db, { role: 'owner', operatorId: operator.id });
  otherManager = await createStaff(db, { role: 'manager', operatorId: other.id });
  device = await enrolDevice(sut, ranger, clock, 'Pixel of the north gate');
});
afterAll(() => sut.close());

const BUNDLE = '/api/ranger/bundle?lng=en';

describe('enrolling a device', () => {
  it("answers the device's id and the key that signs its bundles", async () => {
    const answer = await device.request('GET', BUNDLE);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().format).toBe('SB1');
  });

  it('needs a complete console session of a ranger: not a member, not a visitor, not an owner', async () => {
    const keys = await makeDeviceKey();
    const jwk = await crypto.subtle.exportKey('jwk', keys.publicKey);
    const body = { label: 'Phone', public_key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } };
    const member = await createMember(sut, 'Mara');
    const asMember = await member.post('/api/ranger/device/enrol?lng=en', body);
    expect(asMember.statusCode).toBe(401);
    clock.set(clock.ms() + 30_000);
    const ownerConsole = await signInStaff(sut, owner, clock);
    const asOwner = await ownerConsole.post('/api/ranger/device/enrol?lng=en', body);
    expect(asOwner.statusCode).toBe(403);
  });

  it('refuses a key that is not a point of P-256', async () => {
    clock.set(clock.ms() + 30_000);
    const rangerConsole = await signInStaff(sut, ranger, clock);
    const answer = await rangerConsole.post('/api/ranger/device/enrol?lng=en', {
      label: 'Phone',
      public_key: { kty: 'EC', crv: 'P-256', x: 'A'.repeat(43), y: 'B'.repeat(43) },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('VALIDATION_FAILED');
  });
});

describe("a device's signed requests", () => {
  it('refuses the same signed request sent twice', async () => {
    const signed = await device.sign('GET', BUNDLE);
    expect((await sendRaw(sut, signed)).statusCode).toBe(200);
    const replayed = await sendRaw(sut, signed);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('DEVICE_REQUEST_REPLAYED');
  });

  it('refuses a request whose path, query or body was altered after signing', async () => {
    const signed = await device.sign('GET', BUNDLE);
    const otherQuery = await sendRaw(sut, { ...signed, url: `${BUNDLE}&area_id=1` });
    expect(otherQuery.statusCode).toBe(401);
    expect(otherQuery.json().code).toBe('DEVICE_SIGNATURE_INVALID');
    const use = await device.nextUse('TAAAAAAAAAA', clock.now());
    const post = await device.sign('POST', '/api/ranger/uses?lng=en', { uses: [use] });
    const changed = String(post.body).replace('TAAAAAAAAAA', 'TBBBBBBBBBB');
    const altered = await sendRaw(sut, { ...post, body: changed });
    expect(altered.statusCode).toBe(401);
    expect(altered.json().code).toBe('DEVICE_SIGNATURE_INVALID');
    const otherDevice = await sendRaw(sut, {
      ...post,
      headers: { ...post.headers, [DEVICE_HEADERS.device]: String(device.id + 1000) },
    });
    expect(otherDevice.json().code).toBe('DEVICE_UNKNOWN');
  });

  it('refuses a request signed too long ago, and one signed by another key', async () => {
    const signed = await device.sign('GET', BUNDLE);
    clock.set(clock.ms() + 10 * 60_000);
    const stale = await sendRaw(sut, signed);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('DEVICE_CLOCK_SKEW');
    const keys = await makeDeviceKey();
    const { deviceWithKey } = await import('../../test/ranger-devices.ts');
    const impostor = deviceWithKey(sut, device.id, keys.privateKey, clock);
    const forged = await impostor.request('GET', BUNDLE);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('DEVICE_SIGNATURE_INVALID');
  });

  it('asks a visitor and a member, who send no signature, to log in', async () => {
    const member = await createMember(sut, 'Nadia');
    const answer = await member.get(BUNDLE);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('UNAUTHENTICATED');
  });
});

describe("the console's devices", () => {
  it("lists the operator's rangers' devices to its owner, with their last sync", async () => {
    clock.set(clock.ms() + 30_000);
    const ownerConsole = await signInStaff(sut, owner, clock);
    const answer = await ownerConsole.get('/api/console/ranger/devices?lng=en');
    expect(answer.statusCode, answer.body).toBe(200);
    const listed = answer.json().devices;
    expect(listed.map((row: { id: number }) => row.id)).toEqual([device.id]);
    expect(listed[0].label).toBe('Pixel of the north gate');
    expect(listed[0].last_sync_at).not.toBeNull();
  });

  it("shows another operator's manager none of them, and answers its revocation as not found", async () => {
    clock.set(clock.ms() + 30_000);
    const elsewhere = await signInStaff(sut, otherManager, clock);
    const listed = await elsewhere.get('/api/console/ranger/devices?lng=en');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().devices).toEqual([]);
    const revoked = await elsewhere.post('/api/console/ranger/device/revoke?lng=en', { id: device.id });
    expect(revoked.statusCode).toBe(404);
    expect((await device.request('GET', BUNDLE)).statusCode).toBe(200);
  });

  it('is not for the ranger', async () => {
    clock.set(clock.ms() + 30_000);
    const rangerConsole = await signInStaff(sut, ranger, clock);
    expect((await rangerConsole.get('/api/console/ranger/devices?lng=en')).statusCode).toBe(403);
  });

  it('revokes a device at once: its next request is refused', async () => {
    clock.set(clock.ms() + 30_000);
    const ownerConsole = await signInStaff(sut, owner, clock);
    const revoked = await ownerConsole.post('/api/console/ranger/device/revoke?lng=en', { id: device.id });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().device.revoked_at).not.toBeNull();
    const next = await device.request('GET', BUNDLE);
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('DEVICE_REVOKED');
    expect(next.json().message).toBe(
      'This device was revoked by the operator: it can no longer check tickets',
    );
  });
});
