import { generateKeyPairSync, sign } from 'node:crypto';
import type { FieldRecord, RangerBundleContent } from '@sentiero/contract/ranger';
import { CHAIN_GENESIS, chainRecordHash, encodeRevokedCodes } from '@sentiero/contract/ranger-field';
import { attachCompactSignature, encodeCompactClaims } from '@sentiero/contract/ticket-code-compact';
import { describe, expect, it } from 'vitest';
import { bundleFreshness, bundleSignatureHolds, indexBundle, isRevokedCode } from './bundle.ts';
import { formatAge } from './format.ts';
import { chainedRecord, deviceTime, judgeBasket, parseKilograms } from './records.ts';
import type { StoredBundle, StoredRecord } from './store.ts';
import { retryDelayMs } from './sync.ts';
import { judgeScan, localUseCounts } from './verdict.ts';

/*
 * The phone's own logic, on the contract's real formats: a bundle signed as the server signs it,
 * tickets signed as checkout signs them, records chained as the server recomputes them.
 */

const ticketKey = generateKeyPairSync('ed25519');
const bundleKey = generateKeyPairSync('ed25519');
const rawX = (key: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
  key.export({ format: 'jwk' }).x ?? '';
const TICKET_KEY_ID = '5e171e20';

const NOW = new Date('2026-09-13T08:00:00Z');
const ISSUED = new Date('2026-09-13T07:30:00Z');

function signedTicket(code: string, options: { areaId?: number; maxUses?: number | null } = {}) {
  const bytes = encodeCompactClaims({
    keyId: TICKET_KEY_ID,
    code,
    ticketId: 901,
    areaId: options.areaId ?? 42,
    validFrom: '2026-09-12',
    validUntil: '2026-09-14',
    initials: 'ZS',
    guests: 1,
    maxUses: options.maxUses === undefined ? 2 : options.maxUses,
  });
  return attachCompactSignature(bytes, sign(null, bytes, ticketKey.privateKey));
}

function signedBundle(overrides: Partial<RangerBundleContent> = {}, issuedAt = ISSUED): StoredBundle {
  const expiresAt = new Date(issuedAt.getTime() + 24 * 3600_000);
  const content: RangerBundleContent = {
    version: 1,
    device_id: 7,
    issued_at: issuedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
    ticket_keys: [{ key_id: TICKET_KEY_ID, alg: 'Ed25519', x: rawX(ticketKey.publicKey) }],
    areas: [
      {
        id: 42,
        name: 'Sila',
        time_zone: 'Europe/Rome',
        rules: '',
        limits: null,
        daily_limit_g: 3000,
        growth: null,
        tickets: [{ id: 13, title: 'Permesso funghi della Sila' }],
      },
    ],
    revoked: { encoding: 'sorted-delta-leb128', count: 1, codes: encodeRevokedCodes(['TREVKD23456']) },
    uses: [['TUSED234567', 1]],
    ...overrides,
  };
  const payload = JSON.stringify(content);
  return {
    format: 'SB1',
    key_id: 'b0b0b0b0',
    issued_at: content.issued_at,
    expires_at: content.expires_at,
    payload,
    signature: sign(null, Buffer.from(`SB1.${payload}`), bundleKey.privateKey).toString('base64url'),
    requestedAt: issuedAt.toISOString(),
    receivedAt: issuedAt.toISOString(),
  };
}

const BUNDLE_KEY = { keyId: 'b0b0b0b0', x: rawX(bundleKey.publicKey) };

function storedUse(code: string, seq: number, syncedAt: string | null): StoredRecord {
  const record: FieldRecord = {
    kind: 'use',
    client_id: `00000000-0000-4000-8000-00000000000${seq}`,
    seq,
    ticket_code: code,
    device_time: '2026-09-13T09:00:00.000+02:00',
    latitude: null,
    longitude: null,
    prev_hash: CHAIN_GENESIS,
    hash: CHAIN_GENESIS,
  };
  return {
    client_id: record.client_id,
    seq,
    record,
    state: syncedAt ? 'sent' : 'pending',
    syncedAt,
    result: null,
  };
}

describe("the bundle's signature", () => {
  it('holds for the bundle as the server signed it', async () => {
    expect(await bundleSignatureHolds(signedBundle(), BUNDLE_KEY)).toBe(true);
  });

  it('does not hold for a payload changed after signing, another key or another format', async () => {
    const bundle = signedBundle();
    const changed = { ...bundle, payload: bundle.payload.replace('"Sila"', '"Silb"') };
    expect(await bundleSignatureHolds(changed, BUNDLE_KEY)).toBe(false);
    const other = generateKeyPairSync('ed25519');
    expect(await bundleSignatureHolds(bundle, { keyId: 'b0b0b0b0', x: rawX(other.publicKey) })).toBe(false);
    expect(await bundleSignatureHolds(bundle, { ...BUNDLE_KEY, keyId: 'ffffffff' })).toBe(false);
    expect(await bundleSignatureHolds({ ...bundle, format: 'XB1' as 'SB1' }, BUNDLE_KEY)).toBe(false);
  });
});

describe('the verdict on the phone', () => {
  const index = indexBundle(signedBundle());

  it("names a compact code's ticket by the bundle's titles", () => {
    expect(index.ticketTitles.get(13)).toBe('Permesso funghi della Sila');
    expect(index.ticketTitles.get(14)).toBeUndefined();
  });

  it('finds a revoked code by halving, and no other', () => {
    expect(isRevokedCode(index.revoked, 'TREVKD23456')).toBe(true);
    expect(isRevokedCode(index.revoked, 'TREVKD23457')).toBe(false);
    expect(isRevokedCode(index.revoked, 'not a code')).toBe(false);
  });

  it('is valid with the uses left counting the bundle and this phone', async () => {
    const verdict = await judgeScan({
      text: signedTicket('TUSED234567'),
      index,
      localUses: new Map(),
      now: NOW,
    });
    expect(verdict).toMatchObject({
      valid: true,
      uses: { max: 2, recorded: 1, left: 1 },
      unconfirmed: false,
    });
    const used = await judgeScan({
      text: signedTicket('TUSED234567'),
      index,
      localUses: new Map([['TUSED234567', 1]]),
      now: NOW,
    });
    expect(used).toMatchObject({ valid: false, reason: 'no_uses_left' });
  });

  it('says revoked, another area and a forged signature in the reasons of the contract', async () => {
    const judge = (text: string) => judgeScan({ text, index, localUses: new Map(), now: NOW });
    expect(await judge(signedTicket('TREVKD23456'))).toMatchObject({ valid: false, reason: 'revoked' });
    expect(await judge(signedTicket('TAREA234567', { areaId: 19 }))).toMatchObject({
      valid: false,
      reason: 'other_area',
    });
    const genuine = signedTicket('TFQRG234567');
    const forged = `${genuine.slice(0, 30)}${genuine[30] === 'A' ? 'B' : 'A'}${genuine.slice(31)}`;
    expect((await judge(forged)).valid).toBe(false);
    expect(await judge('  ')).toMatchObject({ valid: false, reason: 'unreadable' });
  });

  it('still answers with an expired bundle, marked unconfirmed', async () => {
    const old = indexBundle(signedBundle({}, new Date('2026-09-12T06:00:00Z')));
    const verdict = await judgeScan({
      text: signedTicket('TFRSH234567'),
      index: old,
      localUses: new Map(),
      now: NOW,
    });
    expect(verdict).toMatchObject({ valid: true, unconfirmed: true });
  });

  it("counts the phone's uses the bundle does not know: waiting, or acknowledged after it was asked for", () => {
    const bundle = signedBundle();
    const records = [
      storedUse('TA23456789A', 1, '2026-09-13T07:00:00.000Z'),
      storedUse('TA23456789A', 2, '2026-09-13T07:45:00.000Z'),
      storedUse('TA23456789A', 3, null),
    ];
    expect(localUseCounts(records, bundle).get('TA23456789A')).toBe(2);
    expect(localUseCounts(records, null).get('TA23456789A')).toBe(3);
  });
});

describe("the bundle's freshness", () => {
  const index = indexBundle(signedBundle());
  it('is green under an hour, amber after, red once expired', () => {
    expect(bundleFreshness(index, new Date(ISSUED.getTime() + 59 * 60_000)).tone).toBe('fresh');
    expect(bundleFreshness(index, new Date(ISSUED.getTime() + 14 * 3600_000))).toEqual({
      tone: 'stale',
      ageMs: 14 * 3600_000,
    });
    expect(bundleFreshness(index, new Date(ISSUED.getTime() + 24 * 3600_000)).tone).toBe('expired');
  });

  it("says the age in the ranger's language", () => {
    expect(formatAge(14 * 3600_000, 'en')).toBe('14 hr');
    expect(formatAge(14 * 3600_000, 'it')).toBe('14 h');
    expect(formatAge(12 * 60_000, 'de')).toBe('12 Min.');
    expect(formatAge(3 * 24 * 3600_000, 'en')).toBe('3 days');
  });
});

describe('records on the phone', () => {
  it('chain every kind with the hash the server recomputes', async () => {
    const first = await chainedRecord(
      { kind: 'use', ticket_code: 'TUSED234567' },
      { seq: 1, prevHash: CHAIN_GENESIS, clientId: '11111111-1111-4111-8111-111111111111' },
      NOW,
      { latitude: 39.33, longitude: 16.5 },
    );
    const second = await chainedRecord(
      {
        kind: 'inspection',
        area_id: 42,
        ticket_code: null,
        outcome: 'violation',
        note: 'No permit',
        basket_g: 4200,
        photo_hashes: [],
      },
      { seq: 2, prevHash: first.hash, clientId: '22222222-2222-4222-8222-222222222222' },
      NOW,
      null,
    );
    const third = await chainedRecord(
      { kind: 'growth', area_id: 42, level: 'good', species: null },
      { seq: 3, prevHash: second.hash, clientId: '33333333-3333-4333-8333-333333333333' },
      NOW,
      null,
    );
    for (const record of [first, second, third]) {
      const { hash, ...unhashed } = record;
      expect(await chainRecordHash(unhashed)).toBe(hash);
    }
    expect(second.prev_hash).toBe(first.hash);
    expect(third.prev_hash).toBe(second.hash);
    expect(first).toMatchObject({ latitude: 39.33, longitude: 16.5 });
  });

  it("write the phone's time with its offset", () => {
    expect(deviceTime(NOW)).toMatch(/^2026-09-13T\d{2}:00:00\.000[+-]\d{2}:\d{2}$/);
    expect(new Date(deviceTime(NOW)).getTime()).toBe(NOW.getTime());
  });

  it('judge a basket with what the same holder declared in the area that day on this phone', () => {
    const inspected = (code: string | null, grams: number, time: string): StoredRecord => ({
      ...storedUse('T', 9, null),
      record: {
        kind: 'inspection',
        client_id: crypto.randomUUID(),
        seq: 9,
        area_id: 42,
        ticket_code: code,
        outcome: 'ok',
        note: '',
        basket_g: grams,
        photo_hashes: [],
        device_time: time,
        latitude: null,
        longitude: null,
        prev_hash: CHAIN_GENESIS,
        hash: CHAIN_GENESIS,
      },
    });
    const records = [
      inspected('TUSED234567', 1800, '2026-09-13T07:00:00.000+02:00'),
      // The day before, another holder, no permit: not counted.
      inspected('TUSED234567', 2500, '2026-09-12T18:00:00.000+02:00'),
      inspected('TOTHR234567', 2500, '2026-09-13T07:30:00.000+02:00'),
      inspected(null, 2500, '2026-09-13T07:40:00.000+02:00'),
    ];
    const judge = (ticketCode: string | null, basketG: number) =>
      judgeBasket({
        basketG,
        limitG: 3000,
        areaId: 42,
        ticketCode,
        timeZone: 'Europe/Rome',
        records,
        now: NOW,
      });
    expect(judge('TUSED234567', 1200)).toEqual({ limit_g: 3000, declared_today_g: 3000, over: false });
    expect(judge('TUSED234567', 1250)).toEqual({ limit_g: 3000, declared_today_g: 3050, over: true });
    expect(judge(null, 2900)).toEqual({ limit_g: 3000, declared_today_g: 2900, over: false });
    expect(
      judgeBasket({
        basketG: 9000,
        limitG: null,
        areaId: 42,
        ticketCode: null,
        timeZone: undefined,
        records,
        now: NOW,
      }).over,
    ).toBe(false);
  });

  it('read kilograms typed with a comma or a point, and refuse anything else', () => {
    expect(parseKilograms('1,25')).toBe(1250);
    expect(parseKilograms(' 3.5 ')).toBe(3500);
    expect(parseKilograms('4')).toBe(4000);
    for (const text of ['', 'abc', '-1', '1,2,3', '1234', '0.0001']) expect(parseKilograms(text)).toBeNull();
  });
});

describe('the sync queue', () => {
  it('waits twice as long after each failure, up to five minutes', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures, middle))).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelayMs(20, middle)).toBe(300_000);
    expect(retryDelayMs(1, () => 0)).toBe(1600);
    expect(retryDelayMs(1, () => 1)).toBe(2400);
  });
});
