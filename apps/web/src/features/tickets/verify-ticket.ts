import {
  type TicketPayload,
  type TicketValidity,
  ticketValidityOn,
  verifyTicketCode,
} from '@sentiero/contract/ticket-code';

/** What the verify screen shows for a code: who and what it is for, and whether it can be used today. */
export type VerificationView =
  | { valid: true; payload: TicketPayload; today: TicketValidity }
  | { valid: false; reason: 'empty' | 'malformed' | 'unknown_key' | 'bad_signature' };

// Every area we sell lies in Central European time: its calendar date decides a ticket's day.
const AREA_TIME_ZONE = 'Europe/Rome';

export function areaDateOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: AREA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Checks a scanned or typed code offline against the stored public keys. */
export async function checkTicketCode(
  text: string,
  keys: Record<string, Uint8Array>,
  now = new Date(),
): Promise<VerificationView> {
  if (text.trim() === '') return { valid: false, reason: 'empty' };
  const result = await verifyTicketCode(text, keys);
  if (!result.valid) return result;
  return { valid: true, payload: result.payload, today: ticketValidityOn(result.payload, areaDateOf(now)) };
}
