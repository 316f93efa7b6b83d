import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/**
 * X.509 certificates made in the test, with node:crypto's keys and signatures and a few lines of
 * DER, so the store verifiers are tested against real chains without a certificate library or an
 * openssl binary. Only what the tests need: a CN, a validity, basicConstraints and marker
 * extensions.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);
const explicit = (n: number, ...content: Buffer[]) => tlv(0xa0 + n, ...content);
const octetString = (content: Buffer) => tlv(0x04, content);
const bitString = (content: Buffer) => tlv(0x03, Buffer.from([0]), content);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const nullValue = () => Buffer.from([0x05, 0x00]);
const boolean = (value: boolean) => Buffer.from([0x01, 0x01, value ? 0xff : 0x00]);

function integer(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  let bytes = Buffer.from(hex, 'hex');
  if ((bytes[0] as number) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

export function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    const groups = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      groups.unshift((value & 0x7f) | 0x80);
    }
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // RFC 5280: UTCTime through 2049, GeneralizedTime after.
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

const name = (commonName: string) => sequence(set(sequence(oid('2.5.4.3'), utf8(commonName))));

export type CertificateAuthority = { certificate: Buffer; key: KeyObject; commonName: string };

export type IssueCertificate = {
  commonName: string;
  /** The issuing CA; none makes a self-signed root. */
  issuer?: CertificateAuthority;
  /** Defaults to a new P-256 key. */
  keys?: { publicKey: KeyObject; privateKey: KeyObject };
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  /** Extra extensions, present with a NULL value (as Apple's markers are). */
  markers?: string[];
  /** Certificate policies: OIDs inside an extension's value, which are not extensions. */
  policies?: string[];
};

const DAY = 24 * 60 * 60 * 1000;

/** A DER certificate, signed with ECDSA-SHA256 by its issuer (or itself), and its private key. */
export function issueCertificate(options: IssueCertificate): CertificateAuthority {
  const keys = options.keys ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = options.issuer?.key ?? keys.privateKey;
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const extensions = [
    sequence(oid('2.5.29.19'), boolean(true), octetString(options.ca ? sequence(boolean(true)) : sequence())),
    ...(options.markers ?? []).map((marker) => sequence(oid(marker), octetString(nullValue()))),
  ];
  if (options.policies) {
    const policies = sequence(...options.policies.map((policy) => sequence(oid(policy))));
    extensions.push(sequence(oid('2.5.29.32'), octetString(policies)));
  }
  const tbs = sequence(
    explicit(0, integer(2n)),
    integer(BigInt(`0x1${Math.random().toString(16).slice(2, 14)}`)),
    ecdsaWithSha256,
    name(options.issuer?.commonName ?? options.commonName),
    sequence(
      time(options.notBefore ?? new Date(Date.now() - DAY)),
      time(options.notAfter ?? new Date(Date.now() + 365 * DAY)),
    ),
    name(options.commonName),
    keys.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(...extensions)),
  );
  const certificate = sequence(tbs, ecdsaWithSha256, bitString(sign('sha256', tbs, signer)));
  return { certificate, key: keys.privateKey, commonName: options.commonName };
}

export function toPem(certificate: Buffer): string {
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
