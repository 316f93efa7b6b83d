import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  hotp,
  totpCode,
  totpUri,
  verifyTotp,
} from './totp.ts';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP codes', () => {
  it('match the RFC 6238 Appendix B SHA-1 vectors at 8 digits', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(expected);
    }
  });

  it('give the last 6 digits of those vectors, as authenticator apps show', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, at(seconds))).toBe(expected.slice(2));
    }
  });
});

describe('verifyTotp', () => {
  const now = 1234567890;
  const step = Math.floor(now / 30);

  it('accepts the current step and returns it', () => {
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now)), at(now))).toBe(step);
  });

  it('tolerates one step of clock drift either way', () => {
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now - 30)), at(now))).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now + 30)), at(now))).toBe(step + 1);
  });

  it('refuses two steps of drift', () => {
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now - 60)), at(now))).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now + 60)), at(now))).toBeNull();
  });

  it('refuses a replay of the same step or an earlier one', () => {
    const code = totpCode(RFC_SECRET, at(now));
    const used = verifyTotp(RFC_SECRET, code, at(now));
    expect(verifyTotp(RFC_SECRET, code, at(now + 5), used)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now - 30)), at(now), used)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at(now + 30)), at(now + 30), used)).toBe(step + 1);
  });

  it('refuses malformed codes', () => {
    const code = totpCode(RFC_SECRET, at(now));
    for (const bad of [
      '',
      '12345',
      '1234567',
      `${code} `,
      ` ${code}`,
      '12a456',
      '١٢٣٤٥٦',
      `${code.slice(0, 5)}x`,
    ]) {
      expect(verifyTotp(RFC_SECRET, bad, at(now))).toBeNull();
    }
    expect(
      verifyTotp(
        RFC_SECRET,
        code.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
        at(now),
      ),
    ).toBeNull();
  });
});

describe('secrets', () => {
  it('are 20 random bytes in unpadded base32', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('survive a base32 round trip, read case-insensitively and ignoring spaces', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    for (const length of [0, 1, 2, 3, 4, 5, 19, 20]) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_KEY);
    expect(() => base32Decode('GEZD1')).toThrow(/base32/);
  });

  it('are offered to authenticator apps as an encoded otpauth URI', () => {
    expect(totpUri({ secret: RFC_SECRET, account: 'ana+hiking@example.com', issuer: 'Sentiero Alps' })).toBe(
      `otpauth://totp/Sentiero%20Alps:ana%2Bhiking%40example.com?secret=${RFC_SECRET}` +
        '&issuer=Sentiero%20Alps&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('recovery codes', () => {
  it('are unique, human-friendly and carry at least 50 bits', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    // 12 characters need all 31 symbols in play to reach 50 bits; missing one by chance here is ~e^-78.
    const symbols = new Set(generateRecoveryCodes(200).join('').replaceAll('-', ''));
    expect(symbols.size).toBe(31);
    expect(generateRecoveryCodes(3)).toHaveLength(3);
  });

  it('hash the same whether typed with dashes, spaces or capitals', () => {
    const hash = hashRecoveryCode('k7q2-m9xp-4hta');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('k7q2m9xp4hta')).toBe(hash);
    expect(hashRecoveryCode(' K7Q2 M9XP 4HTA ')).toBe(hash);
    expect(hashRecoveryCode('k7q2-m9xp-4htb')).not.toBe(hash);
  });
});
