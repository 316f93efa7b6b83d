import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign as signBytes,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  attachTicketSignature,
  encodeTicketPayload,
  type TicketPayload,
  type TicketVerification,
  verifyTicketCode,
} from '@sentiero/contract/ticket-code';
import {
  attachCompactSignature,
  type CompactTicketClaims,
  encodeCompactClaims,
} from '@sentiero/contract/ticket-code-compact';

export const TICKET_KEY_FILE = 'ticket-signing-key.pem';

export type TicketPublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string };

export type TicketSigner = {
  /** First 8 hex digits of the SHA-256 of the raw public key: printed in every code it signs. */
  keyId: string;
  /** The 32-byte public key, base64url, as the offline verifier needs it. */
  publicKeyRaw: string;
  publicKeyJwk: TicketPublicJwk;
  /** For the keys derived from it (`bundle-signing.ts`); it never leaves the process. */
  privateKey: KeyObject;
  /** The `ST1.…` text for the QR code; the signer's own key id always wins. */
  sign(payload: Omit<TicketPayload, 'key_id'>): string;
  /** The compact `ST2.…` text every ticket's QR code now carries (ADR 044); its own key id wins. */
  signCompact(claims: Omit<CompactTicketClaims, 'keyId'>): string;
  /**
   * Checks a scanned code's signature against this key, with the same verifier rangers' phones
   * run offline: a code altered after signing, or signed by any other key, is not valid.
   */
  verify(signedCode: string): Promise<TicketVerification>;
};

export type TicketSignerOptions = {
  /** The operator's key (PKCS#8 PEM); takes precedence over dataDir. */
  privateKeyPem?: string;
  /** Without a configured key, one is generated once and kept here. */
  dataDir?: string;
};

function parsePrivateKey(pem: string, source: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new Error(`The ticket signing key in ${source} is not a PKCS#8 PEM private key`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`The ticket signing key in ${source} is ${key.asymmetricKeyType}, not Ed25519`);
  }
  return key;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

// Losing this key would turn every ticket already sold into a forgery in the rangers' eyes,
// so it is written once and only ever read afterwards.
function findOrCreatePersistedKey(dataDir: string): KeyObject {
  const path = join(dataDir, TICKET_KEY_FILE);
  try {
    return parsePrivateKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generateKeyPairSync('ed25519').privateKey;
  const draft = `${path}.${process.pid}.tmp`;
  writeFileSync(draft, key.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  try {
    // A hard link never replaces a file, and the file appears whole: if two processes start at once,
    // the first key wins and the other process reads it instead of overwriting it.
    linkSync(draft, path);
    return key;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    return parsePrivateKey(readFileSync(path, 'utf8'), path);
  } finally {
    unlinkSync(draft);
  }
}

export function loadTicketSigner(options: TicketSignerOptions = {}): TicketSigner {
  const privateKey = options.privateKeyPem
    ? parsePrivateKey(options.privateKeyPem, 'the configuration')
    : options.dataDir
      ? findOrCreatePersistedKey(options.dataDir)
      : generateKeyPairSync('ed25519').privateKey;
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (!x) throw new Error('An Ed25519 public key has an x coordinate');
  const keyId = createHash('sha256').update(Buffer.from(x, 'base64url')).digest('hex').slice(0, 8);
  const rawPublicKey = new Uint8Array(Buffer.from(x, 'base64url'));
  // Imported once, on first use: redeeming is on the rangers' hot path at a busy gate.
  let verificationKey: ReturnType<typeof importVerificationKey> | undefined;
  return {
    keyId,
    publicKeyRaw: x,
    publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x, kid: keyId },
    privateKey,
    sign(payload) {
      const encoded = encodeTicketPayload({ ...payload, key_id: keyId });
      return attachTicketSignature(encoded, signBytes(null, Buffer.from(encoded, 'utf8'), privateKey));
    },
    signCompact(claims) {
      const bytes = encodeCompactClaims({ ...claims, keyId });
      return attachCompactSignature(bytes, signBytes(null, bytes, privateKey));
    },
    async verify(signedCode) {
      verificationKey ??= importVerificationKey(rawPublicKey);
      return verifyTicketCode(signedCode, { [keyId]: await verificationKey });
    },
  };
}

function importVerificationKey(raw: Uint8Array<ArrayBuffer>) {
  return crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
}
