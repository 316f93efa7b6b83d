import { rangerChainRecords, rangerInspections } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { createMember, type HeldTicket } from '../../test/factories.ts';
import { multipartBody, sendRaw, type TestDevice } from '../../test/ranger-devices.ts';
import {
  makeRangerWorld,
  PHOTO,
  photoOf,
  type RangerWorld,
  RECORDS,
  recordBuilders,
  sendRecords as send,
} from '../../test/ranger-records.ts';
import { signInStaff, type TestStaff } from '../../test/staff-factories.ts';

/*
 * Who may send the rangers' records (issue 24, items 5–7; ADR 047): a record of an area the
 * ranger does not guard is chained and refused, members, replayed requests and revoked devices are
 * refused, and hostile input writes nothing. What the records do: ranger-records.test.ts.
 */

const clock = createTestClock(Date.parse('2026-11-23T08:00:00Z'));
let sut: TestApp;
let world: RangerWorld;
let owner: TestStaff;
let areas: RangerWorld['areas'];
let first: TestDevice;
let second: TestDevice;
let foreign: TestDevice;
let holder: HeldTicket;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' }, { clock });
  world = await makeRangerWorld(sut, clock);
  ({ owner, areas, first, second, foreign, holder } = world);
});
afterAll(() => sut.close());

const { at, inspection, growth } = recordBuilders(clock, () => world);

describe('who may send records', () => {
  it('chains and refuses a record of an area the ranger does not guard', async () => {
    const results = await send(foreign, [
      await foreign.next(inspection({ basket_g: 500 })),
      await foreign.next(growth()),
      await foreign.nextUse(holder.code, new Date(at(0))),
      await foreign.next(inspection({ area_id: areas.elsewhere })),
    ]);
    expect(results.map((result) => [result.outcome, result.chain, result.basket])).toEqual([
      ['refused', 'ok', null],
      ['refused', 'ok', null],
      ['refused', 'ok', null],
      ['recorded', 'ok', null],
    ]);
    const stored = await sut.database.db
      .select({ areaId: rangerInspections.areaId })
      .from(rangerInspections)
      .where(eq(rangerInspections.deviceId, foreign.id));
    expect(stored).toEqual([{ areaId: areas.elsewhere }]);
    // The old endpoint answers a refused use as it always did.
    const viaUses = await foreign.request('POST', '/api/ranger/uses?lng=en', {
      uses: [await foreign.nextUse(holder.code, new Date(at(0)))].map(({ kind: _kind, ...use }) => use),
    });
    expect(viaUses.json().results[0]).toEqual(
      expect.objectContaining({ outcome: 'unknown_ticket', chain: 'ok' }),
    );
  });

  it('refuses a member, a replayed request and a revoked device on the new endpoints', async () => {
    const member = await createMember(sut, 'Mirta');
    const record = await second.next(growth());
    expect((await member.post(RECORDS, { records: [record] })).statusCode).toBe(401);
    const { body, contentType } = multipartBody({ client_id: crypto.randomUUID() }, await photoOf('#111111'));
    const asMember = await member.post(PHOTO, body as never, { 'content-type': contentType });
    expect(asMember.statusCode).toBe(401);

    const signed = await second.sign('POST', RECORDS, { records: [record] });
    expect((await sendRaw(sut, signed)).statusCode).toBe(200);
    const replayed = await sendRaw(sut, signed);
    expect([replayed.statusCode, replayed.json().code]).toEqual([401, 'DEVICE_REQUEST_REPLAYED']);
    const photoBody = multipartBody({ client_id: crypto.randomUUID() }, await photoOf('#222222'));
    const signedPhoto = await second.sign('POST', PHOTO, photoBody.body);
    const photoRequest = {
      ...signedPhoto,
      headers: { ...signedPhoto.headers, 'content-type': photoBody.contentType },
    };
    expect((await sendRaw(sut, photoRequest)).statusCode).toBe(404);
    expect((await sendRaw(sut, photoRequest)).json().code).toBe('DEVICE_REQUEST_REPLAYED');

    clock.set(clock.ms() + 60_000);
    const console = await signInStaff(sut, owner, clock);
    const revoked = await console.post('/api/console/ranger/device/revoke?lng=en', { id: second.id });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const afterRevoke = await second.request('POST', RECORDS, { records: [await second.next(growth())] });
    expect([afterRevoke.statusCode, afterRevoke.json().code]).toEqual([401, 'DEVICE_REVOKED']);
    const photoAfter = await second.upload(
      PHOTO,
      { client_id: crypto.randomUUID() },
      await photoOf('#333333'),
    );
    expect([photoAfter.statusCode, photoAfter.json().code]).toEqual([401, 'DEVICE_REVOKED']);
  });

  it('refuses hostile input with a 4xx and writes nothing', async () => {
    const before = await sut.database.db
      .select({ id: rangerChainRecords.id })
      .from(rangerChainRecords)
      .where(eq(rangerChainRecords.deviceId, first.id));
    const huge = await first.request('POST', RECORDS, {
      records: [{ ...(await first.next(inspection({}))), note: 'x'.repeat(1024 * 1024) }],
    });
    expect(huge.statusCode).toBe(413);
    const template = await first.next(growth());
    const tooMany = Array.from({ length: 501 }, (_, index) => ({
      ...template,
      seq: index + 1000,
      client_id: crypto.randomUUID(),
    }));
    expect((await first.request('POST', RECORDS, { records: tooMany })).statusCode).toBe(400);
    for (const bad of [
      { ...template, kind: 'fine' },
      { ...template, kind: undefined },
      { ...template, level: 'enormous' },
      { ...template, species: 'amanita-fantastica' },
      { ...(await first.next(inspection({}))), outcome: 'arrested' },
      { ...(await first.next(inspection({}))), note: 'x'.repeat(1001) },
      { ...(await first.next(inspection({}))), basket_g: -5 },
      { ...(await first.next(inspection({}))), basket_g: 1.5 },
      { ...(await first.next(inspection({}))), photo_hashes: ['a', 'b'] },
      {
        ...(await first.next(inspection({}))),
        photo_hashes: Array.from({ length: 5 }, () => 'a'.repeat(64)),
      },
    ]) {
      const answer = await first.request('POST', RECORDS, { records: [bad] });
      expect(answer.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await first.request('POST', RECORDS, { records: [] })).statusCode).toBe(400);
    const after = await sut.database.db
      .select({ id: rangerChainRecords.id })
      .from(rangerChainRecords)
      .where(eq(rangerChainRecords.deviceId, first.id));
    expect(after).toHaveLength(before.length);
  });
});
