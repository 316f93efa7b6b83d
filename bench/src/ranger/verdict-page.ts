/**
 * Runs in the browser: the phone's side of `bench:ranger`. The revoked tickets are kept as a
 * phone would keep them, a sorted Float64Array of compact ids (a ticket code's ten random letters
 * as one 50-bit number, exact in a double) searched by halving; the verdict is the contract's.
 */
import { judgeTicket, readTicketCode } from '@sentiero/contract/ticket-verdict';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The code without its one-letter prefix, 5 bits a letter. */
export function compactTicketId(code: string): number {
  let id = 0;
  for (const char of code.slice(1)) id = id * 32 + ALPHABET.indexOf(char);
  return id;
}

function contains(sorted: Float64Array, id: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle] as number;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

export type VerdictRun = {
  setupMs: number;
  timesMs: number[];
  reasons: Record<string, number>;
};

export async function runVerdicts(input: {
  publicKeyRaw: number[];
  keyId: string;
  revokedIds: number[];
  codes: string[];
  uses: Record<string, number>;
  now: string;
  areaIds: number[];
}): Promise<VerdictRun> {
  const setupStart = performance.now();
  const revoked = Float64Array.from(input.revokedIds).sort();
  const publicKeys = {
    [input.keyId]: await crypto.subtle.importKey(
      'raw',
      new Uint8Array(input.publicKeyRaw),
      { name: 'Ed25519' },
      false,
      ['verify'],
    ),
  };
  const setupMs = performance.now() - setupStart;
  const now = new Date(input.now);
  const uses = new Map(Object.entries(input.uses));
  const timesMs: number[] = [];
  const reasons: Record<string, number> = {};
  for (const text of input.codes) {
    const start = performance.now();
    const verdict = await judgeTicket({
      scanned: readTicketCode(text),
      publicKeys,
      now,
      rangerAreaIds: input.areaIds,
      isRevoked: (ticket) => contains(revoked, compactTicketId(ticket.code)),
      usesRecorded: (ticket) => uses.get(ticket.code) ?? 0,
    });
    timesMs.push(performance.now() - start);
    const outcome = verdict.valid ? 'valid' : verdict.reason;
    reasons[outcome] = (reasons[outcome] ?? 0) + 1;
  }
  return { setupMs, timesMs, reasons };
}
