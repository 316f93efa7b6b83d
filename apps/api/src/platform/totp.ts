import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;
const DIGITS = 6;
// No 0/o, 1/l/i: recovery codes get read off paper and typed by hand.
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

// Users copy secrets by hand from setup screens, so case, spaces and padding must not matter.
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/\s+/g, '').replace(/=+$/, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Invalid base32 character "${char}"`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP; exported so the RFC's 8-digit vectors can be checked exactly. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

function stepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / STEP_SECONDS);
}

export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function totpUri({
  secret,
  account,
  issuer,
}: {
  secret: string;
  account: string;
  issuer: string;
}): string {
  // URLSearchParams would turn spaces into '+', which authenticator apps show literally.
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = [
    `secret=${encodeURIComponent(secret)}`,
    `issuer=${encodeURIComponent(issuer)}`,
    'algorithm=SHA1',
    `digits=${DIGITS}`,
    `period=${STEP_SECONDS}`,
  ].join('&');
  return `otpauth://totp/${label}?${query}`;
}

export function totpCode(secret: string, at: Date): string {
  return hotp(base32Decode(secret), stepAt(at));
}

/**
 * Returns the matched step so the caller can store it: a code is only good once, and never after a
 * later one has been used.
 */
export function verifyTotp(
  secret: string,
  code: string,
  at: Date,
  lastUsedStep?: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const current = stepAt(at);
  let matched: number | null = null;
  // Check every window without stopping early, so timing does not reveal which step matched.
  for (let step = Math.max(0, current - 1); step <= current + 1; step++) {
    const ok = timingSafeEqual(given, Buffer.from(hotp(key, step)));
    if (ok && (lastUsedStep == null || step > lastUsedStep)) matched = step;
  }
  return matched;
}

export function generateRecoveryCodes(count = 10): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    // 12 characters from 31 give about 59 bits.
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    codes.add(`${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`);
  }
  return [...codes];
}

export function hashRecoveryCode(code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}
