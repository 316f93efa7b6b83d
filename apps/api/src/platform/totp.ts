import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

const STEP_SECONDS = 30;
const DIGITS = 6;
/** RFC 6238's default and what every authenticator app assumes when a URI names none. */
const ALGORITHM = 'SHA1';
// No 0/o, 1/l/i: recovery codes get read off paper and typed by hand.
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** Unpadded RFC 4648 base32, as authenticator apps take secrets. */
export function base32Encode(bytes: Uint8Array): string {
  // A copy: a Buffer may be a view into a larger shared pool.
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

// Users copy secrets by hand from setup screens, so case, spaces and padding must not matter.
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  try {
    return Buffer.from(Secret.fromBase32(clean).bytes);
  } catch {
    throw new Error('Invalid base32 secret');
  }
}

/** RFC 4226 HOTP; exported so the RFC's 8-digit vectors can be checked exactly. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS): string {
  const secret = new Secret({ buffer: Uint8Array.from(key).buffer });
  return HOTP.generate({ secret, algorithm: ALGORITHM, digits, counter });
}

function stepAt(at: Date): number {
  return TOTP.counter({ period: STEP_SECONDS, timestamp: at.getTime() });
}

/** 20 random bytes (160 bits, the secret length RFC 4226 recommends), in base32. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
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
  // URLSearchParams would turn spaces into '+', which authenticator apps show literally. Not
  // otpauth's `TOTP#toString()`: it omits nothing we need but orders the parameters differently,
  // and the setup screen's URI stays byte for byte what members' apps have been given.
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = [
    `secret=${encodeURIComponent(secret)}`,
    `issuer=${encodeURIComponent(issuer)}`,
    `algorithm=${ALGORITHM}`,
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
  // Check every window without stopping early, so timing does not reveal which step matched
  // (otpauth's own `TOTP.validate` stops at the first match, and knows nothing of used steps).
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
