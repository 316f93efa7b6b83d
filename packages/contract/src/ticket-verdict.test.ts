import type { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attachTicketSignature, encodeTicketPayload, type TicketPayload } from './ticket-code.ts';
import {
  attachCompactSignature,
  type CompactTicketClaims,
  encodeCompactClaims,
} from './ticket-code-compact.ts';
import { judgeTicket, readTicketCode, type VerdictInput, type VerdictReason } from './ticket-verdict.ts';

const KEY_ID = '0a1b2c3d';
const claims: CompactTicketClaims = {
  keyId: KEY_ID,
  code: 'T7KQ2M9XWDH',
  ticketId: 1234,
  areaId: 42,
  validFrom: '2026-09-12',
  validUntil: '2026-09-14',
  initials: 'ZS',
  guests: 2,
  maxUses: 3,
};
const firstFormat: TicketPayload = {
  code: 'T7KQ2M9XWDH',
  area_id: 42,
  area_name: 'Alta Valle Tanaro',
  title: 'Permesso funghi giornaliero',
  valid_from: '2026-09-12',
  valid_until: '2026-09-14',
  holder: 'Žiga Šinkovec',
  max_usage: 3,
  issued_at: 1_789_000_000,
  key_id: KEY_ID,
};

const keys = (await crypto.subtle.generateKey('Ed25519', true, [
  'sign',
  'verify',
])) as webcrypto.CryptoKeyPair;
const other = (await crypto.subtle.generateKey('Ed25519', true, [
  'sign',
  'verify',
])) as webcrypto.CryptoKeyPair;
const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
const sign = async (bytes: Uint8Array, key = keys.privateKey) =>
  new Uint8Array(await crypto.subtle.sign('Ed25519', key, bytes));

async function compact(value: Partial<CompactTicketClaims> = {}, key = keys.privateKey) {
  const bytes = encodeCompactClaims({ ...claims, ...value });
  return attachCompactSignature(bytes, await sign(bytes, key));
}
async function first(value: Partial<TicketPayload> = {}) {
  const encoded = encodeTicketPayload({ ...firstFormat, ...value });
  return attachTicketSignature(encoded, await sign(new TextEncoder().encode(encoded)));
}

// 10:00 in Rome on the ticket's middle day.
const during = new Date('2026-09-13T08:00:00Z');
const base = (text: string): VerdictInput => ({
  scanned: readTicketCode(text),
  publicKeys: { [KEY_ID]: raw },
  now: during,
  rangerAreaIds: [42, 7],
  isRevoked: () => false,
  usesRecorded: () => 1,
});

describe('the verdict on a scanned ticket', () => {
  it('is valid for a compact code, with the holder, ticket, area, validity, guests and uses left', async () => {
    const verdict = await judgeTicket(base(await compact()));
    expect(verdict).toMatchObject({
      valid: true,
      ticket: { format: 'ST2', code: claims.code, holder: 'ZS', ticketId: 1234, areaId: 42, guests: 2 },
      uses: { max: 3, recorded: 1, left: 2 },
      revocationChecked: true,
      usesChecked: true,
    });
  });

  it('keeps a code of the first format valid, with its full name and titles', async () => {
    const verdict = await judgeTicket(base(await first()));
    expect(verdict).toMatchObject({
      valid: true,
      ticket: {
        format: 'ST1',
        holder: 'Žiga Šinkovec',
        title: firstFormat.title,
        areaName: 'Alta Valle Tanaro',
      },
      uses: { max: 3, recorded: 1, left: 2 },
    });
  });

  it('without a revoked list or uses (the public page) says what it did not check', async () => {
    const {
      isRevoked: _revoked,
      usesRecorded: _uses,
      rangerAreaIds: _areas,
      ...offline
    } = base(await compact());
    expect(await judgeTicket(offline)).toMatchObject({
      valid: true,
      uses: { max: 3, recorded: null, left: null },
      revocationChecked: false,
      usesChecked: false,
    });
  });

  const tampered = (text: string) => {
    const index = text.length - 10;
    return `${text.slice(0, index)}${text[index] === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`;
  };
  const cases: [string, () => Promise<VerdictInput>, VerdictReason][] = [
    ['a text that is no ticket code', async () => base('https://example.com/x'), 'unreadable'],
    [
      'a key Sentiero never published',
      async () => ({ ...base(await compact()), publicKeys: {} }),
      'not_sentiero',
    ],
    [
      'a signature by another key under our key id',
      async () => base(await compact({}, other.privateKey)),
      'signature_invalid',
    ],
    ['a compact code with a changed byte', async () => base(tampered(await compact())), 'signature_invalid'],
    [
      'a first-format code with a changed byte',
      async () => base(tampered(await first())),
      'signature_invalid',
    ],
    [
      'a refunded ticket',
      async () => ({ ...base(await compact()), isRevoked: (t) => t.code === claims.code }),
      'revoked',
    ],
    [
      'the day before',
      async () => ({ ...base(await compact()), now: new Date('2026-09-11T21:59:00Z') }),
      'not_yet_valid',
    ],
    [
      'the day after, in the area’s time zone',
      async () => ({ ...base(await compact()), now: new Date('2026-09-14T22:00:00Z') }),
      'expired',
    ],
    ['a ranger of other areas', async () => ({ ...base(await compact()), rangerAreaIds: [7] }), 'other_area'],
    ['every use recorded', async () => ({ ...base(await compact()), usesRecorded: () => 3 }), 'no_uses_left'],
    [
      'a first-format code used up',
      async () => ({ ...base(await first()), usesRecorded: () => 5 }),
      'no_uses_left',
    ],
  ];
  it.each(cases)('refuses %s', async (_name, input, reason) => {
    expect(await judgeTicket(await input())).toMatchObject({ valid: false, reason });
  });

  it('decides revoked before the dates, and the dates before the area', async () => {
    const input = { ...base(await compact()), now: new Date('2027-01-01T12:00:00Z'), rangerAreaIds: [7] };
    expect(await judgeTicket({ ...input, isRevoked: () => true })).toMatchObject({ reason: 'revoked' });
    expect(await judgeTicket(input)).toMatchObject({ reason: 'expired' });
  });

  it('never runs out of uses on an unlimited ticket', async () => {
    const input = { ...base(await compact({ maxUses: null })), usesRecorded: () => 500 };
    expect(await judgeTicket(input)).toMatchObject({
      valid: true,
      uses: { max: null, recorded: 500, left: null },
    });
  });
});
