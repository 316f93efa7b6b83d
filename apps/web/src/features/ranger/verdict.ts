import { judgeTicket, readTicketCode, type TicketVerdict } from '@sentiero/contract/ticket-verdict';
import { type BundleIndex, isRevokedCode } from './bundle.ts';
import type { StoredBundle, StoredRecord } from './kept.ts';

/**
 * The phone's verdict on a decoded or typed code (ADR 044): the contract's `judgeTicket` with the
 * bundle's keys, revoked tickets, uses and areas, plus the uses this phone recorded that the
 * bundle could not know of yet. Nothing here waits on the network or on storage.
 */

export type FieldVerdict = TicketVerdict & {
  /** The bundle had expired: the verdict is shown, marked unconfirmed. */
  unconfirmed: boolean;
};

/**
 * The uses recorded on this phone that the bundle does not count: not yet acknowledged by the
 * server, or acknowledged after the bundle was asked for.
 */
export function localUseCounts(
  records: readonly StoredRecord[],
  bundle: Pick<StoredBundle, 'requestedAt'> | null,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const stored of records) {
    if (stored.record.kind !== 'use') continue;
    const counted = bundle !== null && stored.syncedAt !== null && stored.syncedAt < bundle.requestedAt;
    if (counted) continue;
    const code = stored.record.ticket_code;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

export async function judgeScan(input: {
  text: string;
  index: BundleIndex;
  localUses: ReadonlyMap<string, number>;
  now: Date;
}): Promise<FieldVerdict> {
  const { index, localUses } = input;
  const scanned = readTicketCode(input.text.trim());
  const verdict = await judgeTicket({
    scanned,
    publicKeys: index.publicKeys,
    now: input.now,
    timeZone: scanned ? index.areas.get(scanned.areaId)?.time_zone : undefined,
    rangerAreaIds: index.content.areas.map((area) => area.id),
    isRevoked: (ticket) => isRevokedCode(index.revoked, ticket.code),
    usesRecorded: (ticket) => (index.uses.get(ticket.code) ?? 0) + (localUses.get(ticket.code) ?? 0),
  });
  return { ...verdict, unconfirmed: input.now.getTime() >= index.expiresAt.getTime() };
}
