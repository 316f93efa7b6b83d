import { judgeTicket, readTicketCode, type TicketVerdict } from '@sentiero/contract/ticket-verdict';

/**
 * What the verify screen shows for a code: the shared verdict (ADR 044) on either format. This
 * public page has no revoked list and no uses, so a valid verdict says those were not checked.
 */
export type VerificationView = TicketVerdict | { valid: false; reason: 'empty'; ticket: null };

/** Checks a scanned or typed code offline against the stored public keys. */
export async function checkTicketCode(
  text: string,
  keys: Record<string, Uint8Array>,
  now = new Date(),
): Promise<VerificationView> {
  if (text.trim() === '') return { valid: false, reason: 'empty', ticket: null };
  return judgeTicket({ scanned: readTicketCode(text), publicKeys: keys, now });
}
