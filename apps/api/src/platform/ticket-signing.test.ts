import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTicketCode, type TicketPayload, verifyTicketCode } from '@sentiero/contract/ticket-code';
import { judgeTicket, readTicketCode } from '@sentiero/contract/ticket-verdict';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTicketSigner, TICKET_KEY_FILE } from './ticket-signing.ts';

const ticket: Omit<TicketPayload, 'key_id'> = {
  code: 'R4FT9PLQ2Z',
  area_id: 7,
  area_name: 'Soča',
  title: 'Rafting — pol dneva',
  valid_from: '2026-07-04',
  valid_until: '2026-07-04',
  holder: 'Nicolò Čarman',
  max_usage: 1,
  issued_at: 1_780_000_000,
};

const dataDirs: string[] = [];
function makeDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sentiero-ticket-key-'));
  dataDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const rawKey = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

describe('ticket signing key', () => {
  it('signs codes that WebCrypto verifies with the published raw key and JWK', async () => {
    const sut = loadTicketSigner();
    const code = sut.sign(ticket);
    expect(await verifyTicketCode(code, { [sut.keyId]: rawKey(sut.publicKeyRaw) })).toEqual({
      valid: true,
      payload: { ...ticket, key_id: sut.keyId },
    });
    const jwkKey = await crypto.subtle.importKey('jwk', sut.publicKeyJwk, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    expect((await verifyTicketCode(code, { [sut.keyId]: jwkKey })).valid).toBe(true);
  });

  it('signs compact codes under the same key id, and still verifies a first-format code', async () => {
    const sut = loadTicketSigner();
    const compact = sut.signCompact({
      code: 'R4FT9PLQ2ZK',
      ticketId: 3,
      areaId: 7,
      validFrom: '2026-07-04',
      validUntil: '2026-07-04',
      initials: 'NC',
      guests: 1,
      maxUses: 1,
      keyId: 'ffffffff',
    } as Parameters<typeof sut.signCompact>[0]);
    const publicKeys = { [sut.keyId]: rawKey(sut.publicKeyRaw) };
    const now = new Date('2026-07-04T10:00:00Z');
    for (const text of [compact, sut.sign(ticket)]) {
      const verdict = await judgeTicket({ scanned: readTicketCode(text), publicKeys, now });
      expect(verdict).toMatchObject({ valid: true, ticket: { keyId: sut.keyId, areaId: 7 } });
    }
  });

  it('names the key by the first 8 hex digits of its raw public key hash', async () => {
    const sut = loadTicketSigner();
    const digest = await crypto.subtle.digest('SHA-256', rawKey(sut.publicKeyRaw));
    expect(sut.keyId).toBe(Buffer.from(digest).toString('hex').slice(0, 8));
    expect(rawKey(sut.publicKeyRaw)).toHaveLength(32);
  });

  it('stamps its own key id, whatever the caller passes', () => {
    const sut = loadTicketSigner();
    const code = sut.sign({ ...ticket, key_id: 'ffffffff' } as TicketPayload);
    expect(decodeTicketCode(code)?.payload.key_id).toBe(sut.keyId);
  });

  it('uses a throwaway key when neither a key nor a data directory is given', () => {
    expect(loadTicketSigner().keyId).not.toBe(loadTicketSigner().keyId);
  });

  it('keeps the generated key in the data directory, readable by the owner only', () => {
    const dataDir = makeDataDir();
    loadTicketSigner({ dataDir });
    const file = join(dataDir, TICKET_KEY_FILE);
    expect(readFileSync(file, 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('still verifies tickets signed before a restart', async () => {
    const dataDir = makeDataDir();
    const before = loadTicketSigner({ dataDir });
    const code = before.sign(ticket);
    const after = loadTicketSigner({ dataDir });
    expect(after.keyId).toBe(before.keyId);
    expect(after.publicKeyRaw).toBe(before.publicKeyRaw);
    expect((await verifyTicketCode(code, { [after.keyId]: rawKey(after.publicKeyRaw) })).valid).toBe(true);
  });

  it('creates the data directory when it does not exist yet', () => {
    const dataDir = join(makeDataDir(), 'nested', 'data');
    const sut = loadTicketSigner({ dataDir });
    expect(loadTicketSigner({ dataDir }).keyId).toBe(sut.keyId);
  });

  it('uses the key from the configuration over the one in the data directory', async () => {
    const dataDir = makeDataDir();
    const stored = loadTicketSigner({ dataDir });
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const sut = loadTicketSigner({ privateKeyPem, dataDir });
    const expectedRaw = publicKey.export({ format: 'jwk' }).x;
    expect(sut.publicKeyRaw).toBe(expectedRaw);
    expect(sut.keyId).not.toBe(stored.keyId);
    const code = sut.sign(ticket);
    expect((await verifyTicketCode(code, { [sut.keyId]: rawKey(sut.publicKeyRaw) })).valid).toBe(true);
    expect((await verifyTicketCode(code, { [sut.keyId]: rawKey(stored.publicKeyRaw) })).valid).toBe(false);
  });

  it('refuses a configured key that is not an Ed25519 PKCS#8 PEM', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const rsaPem = rsa.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadTicketSigner({ privateKeyPem: rsaPem })).toThrow(/not Ed25519/);
    expect(() => loadTicketSigner({ privateKeyPem: 'not a key' })).toThrow(/PKCS#8 PEM/);
  });
});
