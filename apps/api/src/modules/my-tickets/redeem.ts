import { calendarDateIn } from '@sentiero/contract/durations';
import { TICKET_CODE_PREFIX, type TicketPayload } from '@sentiero/contract/ticket-code';
import { COMPACT_CODE_PREFIX } from '@sentiero/contract/ticket-code-compact';
import { checkSignature, readTicketCode } from '@sentiero/contract/ticket-verdict';
import { requireStaffAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { findTicketByCode, type IssuedTicketRow, isMovedTicketCode, useTicket } from './repo.ts';
import { toIssuedTicket } from './service.ts';

export type TicketVerifier = Pick<TicketSigner, 'verify' | 'keyId' | 'publicKeyRaw'>;

/** The verifier's public key as the shared verdict takes it, made once per verifier. */
const publicKeysOf = new WeakMap<TicketVerifier, Record<string, Uint8Array>>();
function publicKeys(verifier: TicketVerifier): Record<string, Uint8Array> {
  let keys = publicKeysOf.get(verifier);
  if (!keys) {
    keys = { [verifier.keyId]: new Uint8Array(Buffer.from(verifier.publicKeyRaw, 'base64url')) };
    publicKeysOf.set(verifier, keys);
  }
  return keys;
}

const notGenuine = () => new AppError('TICKET_CODE_INVALID', 400);

/**
 * What the scanned or typed text says, once it is believed. A QR code's text (`ST1.…`, or the
 * compact `ST2.…` of ADR 044) carries claims (holder, dates, area), so it counts only with
 * Sentiero's signature, and a scan that is anything else is refused: a QR holding a bare ticket
 * code would skip the signature. A compact code must be the very code issued with the ticket
 * (`compact`). A ticket code the ranger typed by hand (the QR would not scan) claims nothing but
 * a code that names a ticket in our own records, the same record a QR code must match: it is
 * looked up as it is.
 */
async function requireGenuineClaim(
  verifier: TicketVerifier,
  scan: { text: string; typed: boolean },
): Promise<{ code: string; payload: TicketPayload | null; compact: string | null }> {
  const text = scan.text.trim();
  if (text.startsWith(COMPACT_CODE_PREFIX)) {
    const scanned = readTicketCode(text);
    if (!scanned || (await checkSignature(scanned, publicKeys(verifier))) !== 'genuine') throw notGenuine();
    return { code: scanned.code, payload: null, compact: text };
  }
  if (text.startsWith(`${TICKET_CODE_PREFIX}.`)) {
    const verified = await verifier.verify(text);
    if (!verified.valid) throw notGenuine();
    return { code: verified.payload.code, payload: verified.payload, compact: null };
  }
  if (!scan.typed) throw notGenuine();
  return { code: text.toUpperCase(), payload: null, compact: null };
}

/**
 * A genuine signature on a payload that differs from the ticket on record (a key that leaked, a
 * ticket signed twice) must not pass either: every claim that decides entry is compared. The
 * area's and the activity's names are texts in the buyer's language and the maximum of uses may
 * be changed by the operator after issuing; the ticket on record decides those.
 */
function matchesStoredTicket(payload: TicketPayload, row: IssuedTicketRow): boolean {
  return (
    payload.code === row.code &&
    payload.holder === row.holder &&
    payload.valid_from === row.validFrom &&
    payload.valid_until === row.validUntil &&
    payload.area_id === row.areaId &&
    payload.issued_at === Math.floor(row.issuedAt.getTime() / 1000)
  );
}

/**
 * A ranger's enrolled device records a use online (ADR 043): the code's signature and its match
 * with the stored ticket are checked before anything is written, then the ranger's assignment to
 * the ticket's area, its state, its dates and its uses left. The use names the device and ranger.
 */
export async function redeemTicket(
  ctx: ServiceContext,
  verifier: TicketVerifier,
  scan: { text: string; typed: boolean },
) {
  const device = ctx.device;
  if (!device) throw new AppError('UNAUTHENTICATED', 401);
  requireStaffAccess(ctx, 'field');
  const claim = await requireGenuineClaim(verifier, scan);
  const row = await findTicketByCode(ctx.db, ctx.lang, claim.code);
  const signed = claim.payload !== null || claim.compact !== null;
  if (!row) {
    // A guest who moved to another day has a new ticket: the code of the old one is void.
    if (await isMovedTicketCode(ctx.db, claim.code)) throw new AppError('TICKET_CANCELLED', 409);
    throw signed ? notGenuine() : notFound();
  }
  if (claim.payload && !matchesStoredTicket(claim.payload, row)) throw notGenuine();
  if (claim.compact !== null && claim.compact !== row.qrCode) throw notGenuine();
  requireStaffAccess(ctx, 'field', { operatorId: row.operatorId, areaId: row.areaId });
  if (row.status !== 'active') throw new AppError('TICKET_CANCELLED', 409);
  const today = calendarDateIn(row.timeZone, ctx.clock.now());
  if (today < row.validFrom || today > row.validUntil) throw new AppError('TICKET_NOT_VALID_TODAY', 409);
  const uses = await useTicket(ctx.db, row.id, ctx.clock.now(), {
    deviceId: device.deviceId,
    staffId: device.staff.staffId,
  });
  if (uses === null) throw new AppError('TICKET_USED_UP', 409);
  return {
    ticket: toIssuedTicket({ ...row, uses }),
    uses_left: row.maxUsage === null ? null : row.maxUsage - uses,
  };
}
