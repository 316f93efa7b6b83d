/**
 * The verdict on a scanned ticket code, one function for the ranger's phone, the server and the
 * public `/verify` page (ADR 044). It reads both formats — the first (`ST1.…`, `ticket-code.ts`)
 * and the compact one (`ST2.…`, `ticket-code-compact.ts`) — and decides from its inputs alone:
 * the time, the keys, the ranger's area, what is revoked and how many uses are recorded are all
 * given, so the same code judged with the same inputs gets the same answer on every device.
 */
import { calendarDateIn } from './durations.ts';
import { decodeTicketCode, type TicketVerificationKey } from './ticket-code.ts';
import { decodeCompactCode } from './ticket-code-compact.ts';

/** Every area we sell lies in Central European time unless the bundle says otherwise. */
export const DEFAULT_AREA_TIME_ZONE = 'Europe/Rome';

/** What a scanned code claims, whichever format it came in; nothing in it is believed yet. */
export type ScannedTicket = {
  format: 'ST1' | 'ST2';
  keyId: string;
  code: string;
  /** The full name (first format) or the initials (compact format). */
  holder: string;
  holderIsInitials: boolean;
  /** The ticket (the product) it is for; the first format names it by title only. */
  ticketId: number | null;
  title: string | null;
  areaId: number;
  areaName: string | null;
  validFrom: string;
  validUntil: string;
  guests: number;
  /** Null means unlimited. */
  maxUses: number | null;
  signedBytes: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
};

export const VERDICT_REASONS = [
  'unreadable',
  'not_sentiero',
  'signature_invalid',
  'revoked',
  'not_yet_valid',
  'expired',
  'other_area',
  'no_uses_left',
] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];

/** The message key of each reason, in the `tickets` namespace of the five locales. */
export const verdictMessageKey = (reason: VerdictReason) => `verdict.reason.${reason}` as const;

export type ValidVerdict = {
  valid: true;
  ticket: ScannedTicket;
  /** `left` is null when unlimited, or when the uses recorded were not given (`usesChecked`). */
  uses: { max: number | null; recorded: number | null; left: number | null };
  /** False when no revoked list was given: the verdict holds only for the signature and dates. */
  revocationChecked: boolean;
  usesChecked: boolean;
};
export type TicketVerdict =
  | ValidVerdict
  | { valid: false; reason: VerdictReason; ticket: ScannedTicket | null };

export type VerdictInput = {
  /** From `readTicketCode`; null (an unreadable scan) is answered `unreadable`. */
  scanned: ScannedTicket | null;
  /** The operator's signing keys by key id: imported once, or raw 32-byte keys. */
  publicKeys: Readonly<Record<string, TicketVerificationKey | Uint8Array>>;
  now: Date;
  /** The ticket's area's time zone: its calendar date decides the day. */
  timeZone?: string;
  /** The areas the ranger checks; omitted on `/verify`, which checks every area. */
  rangerAreaIds?: readonly number[];
  /** Omitted when there is no revoked list (the public page): the answer says it was not checked. */
  isRevoked?: (ticket: ScannedTicket) => boolean;
  /** The uses recorded so far for this ticket, on every device the phone knows of. */
  usesRecorded?: (ticket: ScannedTicket) => number;
};

/** Either format into the claims the verdict reads; null for anything else. */
export function readTicketCode(text: string): ScannedTicket | null {
  const compact = decodeCompactCode(text);
  if (compact) {
    const { claims } = compact;
    return {
      format: 'ST2',
      keyId: claims.keyId,
      code: claims.code,
      holder: claims.initials,
      holderIsInitials: true,
      ticketId: claims.ticketId,
      title: null,
      areaId: claims.areaId,
      areaName: null,
      validFrom: claims.validFrom,
      validUntil: claims.validUntil,
      guests: claims.guests,
      maxUses: claims.maxUses,
      signedBytes: compact.signedBytes,
      signature: compact.signature,
    };
  }
  const first = decodeTicketCode(text);
  if (!first) return null;
  const { payload } = first;
  return {
    format: 'ST1',
    keyId: payload.key_id,
    code: payload.code,
    holder: payload.holder,
    holderIsInitials: false,
    ticketId: null,
    title: payload.title,
    areaId: payload.area_id,
    areaName: payload.area_name,
    validFrom: payload.valid_from,
    validUntil: payload.valid_until,
    guests: 1,
    maxUses: payload.max_usage,
    signedBytes: first.signedBytes,
    signature: first.signature,
  };
}

const importedKeys = new WeakMap<Uint8Array, Promise<TicketVerificationKey>>();
function toVerificationKey(key: TicketVerificationKey | Uint8Array): Promise<TicketVerificationKey> {
  if (!(key instanceof Uint8Array)) return Promise.resolve(key);
  let imported = importedKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'Ed25519' }, false, ['verify']);
    importedKeys.set(key, imported);
  }
  return imported;
}

/** Whether a scanned code carries the signature of one of `publicKeys`, and if not, why. */
export async function checkSignature(
  ticket: ScannedTicket,
  publicKeys: VerdictInput['publicKeys'],
): Promise<'genuine' | 'not_sentiero' | 'signature_invalid'> {
  const key = Object.hasOwn(publicKeys, ticket.keyId) ? publicKeys[ticket.keyId] : undefined;
  if (!key) return 'not_sentiero';
  const genuine = await crypto.subtle.verify(
    { name: 'Ed25519' },
    await toVerificationKey(key),
    ticket.signature,
    ticket.signedBytes,
  );
  return genuine ? 'genuine' : 'signature_invalid';
}

/**
 * Valid, with what the ranger compares and how many uses are left, or the first reason it is not,
 * in this order: unreadable, not Sentiero's (a key we never published), signature invalid,
 * revoked, not yet valid, expired, another area, no uses left.
 */
export async function judgeTicket(input: VerdictInput): Promise<TicketVerdict> {
  const ticket = input.scanned;
  if (!ticket) return { valid: false, reason: 'unreadable', ticket: null };
  const refuse = (reason: VerdictReason): TicketVerdict => ({ valid: false, reason, ticket });
  const signature = await checkSignature(ticket, input.publicKeys);
  if (signature !== 'genuine') return refuse(signature);
  if (input.isRevoked?.(ticket)) return refuse('revoked');
  const today = calendarDateIn(input.timeZone ?? DEFAULT_AREA_TIME_ZONE, input.now);
  if (today < ticket.validFrom) return refuse('not_yet_valid');
  if (today > ticket.validUntil) return refuse('expired');
  if (input.rangerAreaIds && !input.rangerAreaIds.includes(ticket.areaId)) return refuse('other_area');
  const recorded = input.usesRecorded ? input.usesRecorded(ticket) : null;
  const left = ticket.maxUses === null || recorded === null ? null : Math.max(0, ticket.maxUses - recorded);
  if (left === 0) return refuse('no_uses_left');
  return {
    valid: true,
    ticket,
    uses: { max: ticket.maxUses, recorded, left },
    revocationChecked: input.isRevoked !== undefined,
    usesChecked: input.usesRecorded !== undefined,
  };
}
